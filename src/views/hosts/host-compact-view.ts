// list_hosts with `fields`: the hosts as compact rows (views/common/projection.ts), with the same summary, filters and warnings as the full list.
import { projectionResult } from '../common/projection.js';
import { type HostField, hostColumns } from './host-columns.js';
import type { HostRow } from './host-item.js';
import {
  filtersLine,
  filtersOutput,
  foundByNote,
  type HostListView,
  summaryOf,
  warningsOf,
} from './host-list-view.js';

/** Both channels of a compact host answer within `budget` bytes together. */
export function hostCompactResult(
  view: HostListView,
  fields: readonly HostField[],
  budget: number,
) {
  const foundBy = foundByNote(view);
  return projectionResult<HostRow>(
    {
      items: view.rows,
      fields,
      columns: hostColumns(view.lookups),
      idOf: (row) => row.host.id,
      nameOf: (row) => row.host.name || row.host.id,
      offset: view.offset,
      limit: view.limit,
      total: view.matched,
      atLeast: !view.complete,
      unit: 'hosts',
      summary: (shown) => summaryOf({ ...view, rows: view.rows.slice(0, shown) }),
      notes: [
        ...(view.filters ? [filtersLine(view, view.filters)] : []),
        ...(foundBy ? [foundBy] : []),
      ],
      warnings: warningsOf(view),
      ...(view.filters ? { extra: { filters: filtersOutput(view, view.filters) } } : {}),
    },
    budget,
  );
}
