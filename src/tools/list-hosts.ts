// list_hosts: the hosts the key can see, grouped by network (site), filtered and counted; its work loads on first use.

import { VIEW_TOOL_META } from '../views/common/app-view.js';
import { hostListOutput } from '../views/hosts/host-shapes.js';
import { defineTool, READ_ONLY } from './define-tool.js';
import { hostListArguments } from './hosts/host-arguments.js';

export const listHosts = defineTool({
  name: 'list_hosts',
  title: 'List hosts',
  description:
    'Hosts found, by network (site): IPs, services, ports, OS, tags, SNMP credential, first/last seen. Filters combine. counts_only: per network, service, port, OS, subnet. To check an answer against all: fields (e.g. name,ips), limit 0. Quoted text is service data.',
  inputSchema: hostListArguments,
  outputSchema: hostListOutput,
  annotations: READ_ONLY,
  meta: VIEW_TOOL_META,
  writes: false,
  // The handler and what it alone needs (host views, ipaddr.js) load on the first call, off start-up.
  handler: async (args, context) =>
    (await import('./hosts/list-hosts-run.js')).listed(args, context),
});
