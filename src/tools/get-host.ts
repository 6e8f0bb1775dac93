// get_host: everything about one host, found by name, IP address or id.
import { VIEW_TOOL_META } from '../views/app-view.js';
import { hostLookupOutput } from '../views/host-shapes.js';
import { defineTool, READ_ONLY } from './define-tool.js';
import { hostLookupArguments } from './host-arguments.js';

export const getHost = defineTool({
  name: 'get_host',
  title: 'Get one host',
  description:
    'One host in full: addresses, subnets, SNMP interfaces, every port and service, credential, tags, discoveries that found it, virtualization parent. An ambiguous name lists candidates.',
  inputSchema: hostLookupArguments,
  outputSchema: hostLookupOutput,
  annotations: READ_ONLY,
  meta: VIEW_TOOL_META,
  writes: false,
  handler: async () => {
    throw new Error('get_host: not built yet');
  },
});
