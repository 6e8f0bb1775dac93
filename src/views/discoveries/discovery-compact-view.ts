// list_discoveries with `fields`: the discoveries as compact rows (views/common/projection.ts), with the same summary, filters and proof as the full list.
import { projectionResult } from '../common/projection.js';
import { type DiscoveryField, discoveryColumns } from './discovery-columns.js';
import type { LeanDiscovery } from './discovery-format.js';
import { type DiscoveryListView, summaryOf, warningsOf } from './discovery-list-view.js';
import { filtersLine, filtersStructured } from './filter-report.js';

/** Where jobs carry no outcome (0.14-0.16.1), an empty last_outcome says why, once. */
const OUTCOME_NOT_KNOWN =
  'last_outcome "-" on a job that ran: outcome not known on this Scanopy version (run records name no job); see its run records (run_type Historical).';

/** Both channels of a compact discovery answer within `budget` bytes together. */
export function discoveryCompactResult(
  view: DiscoveryListView,
  fields: readonly DiscoveryField[],
  budget: number,
) {
  const report = view.filtering;
  const { omitted: _cut, ...whole } = view;
  const notes = [
    ...(report ? [filtersLine(report)] : []),
    ...(view.proof ? [view.proof] : []),
    ...(view.outcomes === 'records-only' && fields.includes('last_outcome')
      ? [OUTCOME_NOT_KNOWN]
      : []),
  ];
  return projectionResult<LeanDiscovery>(
    {
      items: view.discoveries,
      fields,
      columns: discoveryColumns(view.nameOf, view.scheduleWords),
      idOf: (d) => d.id,
      nameOf: (d) => d.name,
      offset: view.pagination.offset,
      limit: view.pagination.limit,
      total: report ? report.matched : view.pagination.total_count,
      atLeast: report ? !report.complete : view.stoppedAfterPages !== undefined,
      unit: report ? 'matches' : 'discoveries',
      // The projection says itself whether the budget cut the page.
      summary: (shown) => summaryOf({ ...whole, discoveries: view.discoveries.slice(0, shown) }),
      notes,
      warnings: warningsOf(view),
      ...(report ? { extra: { filters: filtersStructured(report) } } : {}),
    },
    budget,
  );
}
