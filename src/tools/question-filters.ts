// list_discoveries' question filters from its arguments: the tag resolved by name, described for people, sent where the service can apply them.
import type { Names } from '../api/name-directory.js';
import { serviceText } from '../safety/sanitize.js';
import { said } from '../views/discovery-format.js';
import type { ToolContext } from './define-tool.js';
import {
  type DiscoveryFilters,
  type FilterArguments,
  normalizeFilters,
  serviceQuery,
} from './discovery-filters.js';
import type { Filtering } from './discovery-pages.js';
import { resolveName } from './name-arguments.js';
import { isUuid } from './uuid-argument.js';

/** The question filters, the tag resolved by name like networks and daemons (an id passes as is). */
export async function questionFilters(args: FilterArguments, reading: Promise<Names>) {
  const tag =
    args.tag === undefined || isUuid(args.tag)
      ? args.tag?.toLowerCase()
      : resolveName(await reading, 'tags', 'tag', args.tag);
  return normalizeFilters({
    tag_id: tag,
    discovery_type: args.discovery_type,
    run_type: args.run_type,
    enabled: args.enabled,
    last_run: args.last_run,
    search: args.search,
  });
}

/** "tag core, run_type Scheduled, search "lan"": the filters as a person reads them. */
function describeFilters(filters: DiscoveryFilters, names: Names): string {
  const parts: string[] = [];
  if (filters.tag_id !== undefined)
    parts.push(`tag ${said(names.nameOf(filters.tag_id) ?? filters.tag_id)}`);
  if (filters.discovery_type !== undefined)
    parts.push(`discovery_type ${serviceText(filters.discovery_type, 40)}`);
  if (filters.run_type !== undefined) parts.push(`run_type ${serviceText(filters.run_type, 40)}`);
  if (filters.enabled !== undefined) parts.push(`enabled ${filters.enabled}`);
  if (filters.last_run !== undefined) parts.push(`last_run ${filters.last_run}`);
  if (filters.search !== undefined) parts.push(`search ${said(serviceText(filters.search, 100))}`);
  return parts.join(', ');
}

/** The filtering of one call: the local test, and what this version's service can apply itself. */
export async function filteringOf(
  filters: DiscoveryFilters,
  reading: Promise<Names>,
  context: Pick<ToolContext, 'api' | 'signal'>,
): Promise<Filtering> {
  const offered = (await context.api.service(context.signal)).discoveryFilters;
  return {
    filters,
    described: describeFilters(filters, await reading),
    service: offered ? serviceQuery(filters) : { query: {}, applied: [] },
  };
}
