// list_snmp_credentials: the organization's SNMP credentials, or one by id; the community never shown.
import * as z from 'zod';
import { credentialView } from '../views/common/format.js';
import { credentialsWithinBudget } from '../views/common/result-budget.js';
import { credentialOutput } from '../views/common/shapes.js';
import { credentialsResult } from '../views/credentials/credential-list-view.js';
import { uuid } from './common/uuid-argument.js';
import { defineTool, READ_ONLY } from './define-tool.js';

export const listSnmpCredentials = defineTool({
  name: 'list_snmp_credentials',
  title: 'List SNMP credentials',
  description:
    'SNMP credentials (never the community), or one by id. Read before update_snmp_credential.',
  inputSchema: {
    id: uuid().optional().describe('One credential'),
    limit: z.number().int().min(0).max(1000).default(50).describe('0 = all'),
    offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Skip'),
  },
  outputSchema: {
    credentials: z.array(credentialOutput),
    // paginationOutput; `{}` for the catalog's sake, as in list_hosts and list_discoveries.
    pagination: z.unknown().optional(),
  },
  annotations: READ_ONLY,
  writes: false,
  async handler(args, { api, names, signal, maxResultBytes }) {
    const reading = names.read(api, ['tags'], signal);
    if (args.id) {
      const credential = credentialView(await api.getSnmpCredential(args.id, signal));
      const { nameOf, notes } = await reading;
      return credentialsResult({
        credentials: [credential],
        skipped: 0,
        omitted: 0,
        nameOf,
        nameNotes: notes,
      });
    }
    const page = await api.listSnmpCredentials({ limit: args.limit, offset: args.offset }, signal);
    const all = page.items.map(credentialView);
    const credentials = credentialsWithinBudget(all, maxResultBytes);
    const { nameOf, notes } = await reading;
    return credentialsResult({
      credentials,
      // What was asked (0 = all), as list_discoveries reports it: a service may echo its default.
      pagination: { ...page.pagination, limit: args.limit },
      skipped: page.skipped,
      omitted: all.length - credentials.length,
      nameOf,
      nameNotes: notes,
    });
  },
});
