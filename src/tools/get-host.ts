// get_host: one host in full by name, IP address or id; its work loads on first use.

import { VIEW_TOOL_META } from '../views/common/app-view.js';
import { hostLookupOutput } from '../views/hosts/host-shapes.js';
import { defineTool, READ_ONLY } from './define-tool.js';
import { hostLookupArguments } from './hosts/host-arguments.js';

export const getHost = defineTool({
  name: 'get_host',
  title: 'Get one host',
  description:
    'One host in full by name, IP or id: addresses, SNMP interfaces, ports, services, credential, tags, discoveries, parent. Ambiguous names list candidates.',
  inputSchema: hostLookupArguments,
  outputSchema: hostLookupOutput,
  annotations: READ_ONLY,
  meta: VIEW_TOOL_META,
  writes: false,
  // The handler and what it alone needs (host views, ipaddr.js) load on the first call, off start-up.
  handler: async (args, context) => (await import('./hosts/get-host-run.js')).found(args, context),
});
