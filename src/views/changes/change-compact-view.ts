// list_changes with `fields`: the changed hosts as compact rows (views/common/projection.ts), counts and what is not known said first as in the full answer.
import { type Columns, linkedCell, projectionResult } from '../common/projection.js';
import { capped, compactTime, portText, said } from '../hosts/host-item.js';
import { CHANGE_FIELDS, type ChangeField } from './change-fields.js';
import { type ChangeView, countsText, notKnownLines, whenText } from './change-list-view.js';
import type { ChangeRow } from './change-rows.js';
import type { ChangeCounts } from './change-shapes.js';

export { CHANGE_FIELDS, type ChangeField };

function changeColumns(view: ChangeView): Columns<ChangeRow> {
  const names = (list: readonly { name: string }[]) => list.map((s) => capped(s.name, 100));
  return {
    change: { cell: (r) => r.change },
    name: {
      cell: (r) => capped(r.host.name || r.host.id),
      text: (r) => said(r.host.name || r.host.id),
    },
    id: { cell: (r) => r.host.id, text: (r) => r.host.id },
    network: {
      cell: (r) =>
        r.host.network_id === undefined
          ? undefined
          : linkedCell(view.nameOf(r.host.network_id), r.host.network_id),
      text: (r) => {
        const name = view.nameOf(r.host.network_id);
        return name === undefined ? r.host.network_id : said(name);
      },
    },
    at: { cell: (r) => compactTime(r.at), text: (r) => compactTime(r.at) },
    ports_opened: {
      cell: (r) => r.portsOpened.map(portText),
      text: (r) => r.portsOpened.map(portText).join(' ') || undefined,
    },
    ports_closed: {
      cell: (r) => r.portsClosed.map(portText),
      text: (r) => r.portsClosed.map(portText).join(' ') || undefined,
    },
    services_appeared: { cell: (r) => names(r.servicesAppeared) },
    services_disappeared: { cell: (r) => names(r.servicesDisappeared) },
  };
}

/** Both channels of a compact list_changes answer within `budget` bytes together. */
export function changeCompactResult(
  view: ChangeView,
  fields: readonly ChangeField[],
  budget: number,
): {
  structured: ReturnType<typeof projectionResult>['structured'] & { counts: ChangeCounts };
  text: string;
} {
  const scope = view.scope ? ` in ${view.scope}` : '';
  const when = view.run ? `in the latest run of ${said(view.run.name)}` : whenText(view);
  const result = projectionResult<ChangeRow>(
    {
      items: view.rows.slice(view.offset),
      fields,
      columns: changeColumns(view),
      idOf: (r) => r.host.id,
      nameOf: (r) => r.host.name || r.host.id,
      offset: view.offset,
      limit: view.limit,
      total: view.rows.length,
      unit: 'changes',
      summary: (shown) =>
        `Changes${scope} ${when}: ${countsText(view.counts)}.${shown > 0 ? ` Rows ${view.offset + 1}-${view.offset + shown} of ${view.rows.length}.` : ''}`,
      notes: [
        ...notKnownLines(view.notKnown),
        ...(view.sameAs ? [view.sameAs] : []),
        ...(view.snapshots ? [view.snapshots.note] : []),
        ...(view.linkLines ?? []),
      ],
      warnings: [...view.notes],
      extra: {
        since: view.since,
        counts: view.counts,
        ...(view.notKnown.length > 0 ? { not_known: [...view.notKnown] } : {}),
        ...(view.run ? { run: view.run } : {}),
        ...(view.compared ? { compared: view.compared } : {}),
      },
    },
    budget,
  );
  // extra carries the counts: every answer has them, the compact one too.
  return result as typeof result & { structured: { counts: ChangeCounts } };
}
