// list_links: how the network is connected (LLDP/CDP neighbours), by network, host, port or path; its work loads on first use.

import { VIEW_TOOL_META } from '../views/common/app-view.js';
import { linkListOutput } from '../views/links/link-shapes.js';
import { defineTool, READ_ONLY } from './define-tool.js';
import { linkListArguments } from './links/link-arguments.js';

export const listLinks = defineTool({
  name: 'list_links',
  title: 'List links',
  description:
    'How hosts are cabled (LLDP/CDP): both ends, ports, protocol. host: its links, or none reported, or not known; interface: one port; path_to: shortest chain. format mermaid: a flowchart. counts_only: per network, switch, protocol.',
  inputSchema: linkListArguments,
  outputSchema: linkListOutput,
  annotations: READ_ONLY,
  // The view's Links tab draws the answer (ui/links-view.ts).
  meta: VIEW_TOOL_META,
  writes: false,
  handler: async (args, context) =>
    (await import('./links/list-links-run.js')).listed(args, context),
});
