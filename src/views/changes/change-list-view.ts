// list_changes' answer in both channels: counts by kind first, what this version cannot tell, then the changed hosts within the result budget.

import type * as z from 'zod';
import type { UnknownKind } from '../../api/changes/change-support.js';
import { byteLength, fitsBudgetWith, jsonOf } from '../common/result-budget.js';
import { compactTime, idText, said } from '../hosts/host-item.js';
import { type ChangeRow, changeLine, changeRowOutput, type NameOf } from './change-rows.js';
import type {
  ChangeCounts,
  ChangeListOutput,
  comparedRunShape,
  comparedSnapshotsShape,
  snapshotsShape,
} from './change-shapes.js';

export interface ChangeView {
  /** Every change in scope, in answer order; the view pages them. */
  readonly rows: readonly ChangeRow[];
  readonly counts: ChangeCounts;
  readonly notKnown: readonly UnknownKind[];
  /** The scope as a person reads it: network "Lab", tag "core"; undefined for everything. */
  readonly scope?: string | undefined;
  /** "2026-11-12 00:00Z" */
  readonly since: string;
  readonly run?: z.infer<typeof comparedRunShape> | undefined;
  /** A snapshot question: the two snapshots compared. */
  readonly compared?: z.infer<typeof comparedSnapshotsShape> | undefined;
  readonly sameAs?: string | undefined;
  readonly snapshots?: z.infer<typeof snapshotsShape> | undefined;
  /** Link changes, one line each (service text quoted), where a link reader is wired in. */
  readonly linkLines?: readonly string[] | undefined;
  readonly nameOf: NameOf;
  readonly offset: number;
  /** 0 = all that fit. */
  readonly limit: number;
  readonly countsOnly: boolean;
  /** Lines both channels carry: as-of, lists that could not be read. */
  readonly notes: readonly string[];
}

/** Room for the summary, counts, notes and envelope, apart from the rows. */
const RESERVED_BYTES = 1_500;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "9 hosts new, 4 gone; 1 port opened, 1 closed; 1 service appeared, 1 disappeared" */
export function countsText(counts: ChangeCounts): string {
  const parts: string[] = [];
  if (counts.hosts_new !== undefined)
    parts.push(
      `${plural(counts.hosts_new, 'host')} new, ${counts.hosts_gone ?? 0} gone${counts.hosts_renamed === undefined ? '' : `, ${counts.hosts_renamed} renamed`}`,
    );
  if (counts.ports_opened !== undefined)
    parts.push(`${plural(counts.ports_opened, 'port')} opened, ${counts.ports_closed ?? 0} closed`);
  if (counts.services_appeared !== undefined)
    parts.push(
      `${plural(counts.services_appeared, 'service')} appeared, ${counts.services_disappeared ?? 0} disappeared`,
    );
  if (counts.hosts_changed !== undefined && counts.hosts_changed > 0)
    parts.push(`on ${plural(counts.hosts_changed, 'host')} still there`);
  if (counts.links_appeared !== undefined)
    parts.push(`${plural(counts.links_appeared, 'link')} appeared, ${counts.links_gone ?? 0} gone`);
  else if (counts.links_gone !== undefined) parts.push(`${plural(counts.links_gone, 'link')} gone`);
  return parts.length > 0 ? parts.join('; ') : 'no kind asked that this version can tell';
}

/** The lines that say what is not known, each with what would tell it. */
export const notKnownLines = (notKnown: readonly UnknownKind[]) =>
  notKnown.map((k) => `Not known (${k.kind}): ${k.why}. What would tell it: ${k.would_tell}.`);

/** "between snapshot 2026-11-12T23:00Z (id …) and 2026-11-19T23:00Z (id …)" */
export function whenText(view: ChangeView): string {
  const snap = (s: { id: string; at?: string | undefined }) =>
    `${compactTime(s.at) ?? 'time not given'} (id ${idText(s.id)})`;
  if (view.compared)
    return `between snapshot ${snap(view.compared.from)} and snapshot ${snap(view.compared.to)}`;
  return view.run
    ? `in the latest run of ${said(view.run.name)} (started ${view.since})`
    : `since ${view.since}`;
}

function summaryOf(view: ChangeView): string {
  const scope = view.scope ? ` in ${view.scope}` : '';
  return `Changes${scope} ${whenText(view)}: ${countsText(view.counts)}.`;
}

/** The rows from `offset` that fit the budget with the rest of the answer. */
function pageOf(view: ChangeView, budget: number, fixed: number) {
  const end =
    view.limit === 0 ? view.rows.length : Math.min(view.rows.length, view.offset + view.limit);
  const rows: ChangeRow[] = [];
  let used = RESERVED_BYTES + fixed;
  for (let i = view.offset; i < end; i++) {
    const row = view.rows[i] as ChangeRow;
    const cost =
      byteLength(JSON.stringify(changeRowOutput(row, view.nameOf))) +
      byteLength(changeLine(row, view.nameOf)) +
      2;
    if (used + cost > budget) break;
    used += cost;
    rows.push(row);
  }
  return { rows, cut: view.offset + rows.length < end };
}

function render(view: ChangeView, rows: readonly ChangeRow[], cut: boolean) {
  const summary = summaryOf(view);
  const unknown = notKnownLines(view.notKnown);
  const next = view.offset + rows.length;
  const left = view.countsOnly ? 0 : Math.max(0, view.rows.length - next);
  const sentence =
    left === 0
      ? undefined
      : cut
        ? `Short page: ${rows.length} shown to stay within the result budget; ${left} more changes: call again with offset ${next} (next_offset).`
        : `${left} more changes: call again with offset ${next}.`;
  const structured: ChangeListOutput = {
    summary,
    ...(view.scope ? { scope: view.scope } : {}),
    since: view.since,
    ...(view.run ? { run: view.run } : {}),
    ...(view.compared ? { compared: view.compared } : {}),
    counts: view.counts,
    ...(view.notKnown.length > 0 ? { not_known: [...view.notKnown] } : {}),
    ...(view.sameAs ? { same_as: view.sameAs } : {}),
    ...(view.countsOnly ? {} : { changes: rows.map((r) => changeRowOutput(r, view.nameOf)) }),
    ...(view.snapshots ? { snapshots: view.snapshots } : {}),
    ...(view.linkLines && !view.countsOnly ? { link_changes: [...view.linkLines] } : {}),
    pagination: {
      total_count: view.rows.length,
      limit: view.limit,
      offset: view.offset,
      has_more: left > 0,
    },
    ...(cut ? { truncated: true, short_page: { asked: view.limit, shown: rows.length } } : {}),
    ...(left > 0 ? { next_offset: next } : {}),
    ...(sentence ? { next_step: sentence } : {}),
    ...(view.notes.length > 0 ? { notes: [...view.notes] } : {}),
  };
  const empty =
    !view.countsOnly && rows.length === 0
      ? [
          view.rows.length === 0
            ? 'No change of the kinds this version can tell.'
            : `None shown: offset ${view.offset} is past the ${view.rows.length} changes.`,
        ]
      : [];
  const text = [
    `# ${summary}`,
    ...unknown,
    ...(view.sameAs ? [view.sameAs] : []),
    ...(view.snapshots ? [view.snapshots.note] : []),
    ...rows.map((r) => changeLine(r, view.nameOf)),
    ...(view.linkLines && !view.countsOnly ? view.linkLines : []),
    ...empty,
    ...(sentence ? [sentence] : []),
    ...view.notes,
    ...(rows.length > 0 ? ['Quoted text is service data.'] : []),
  ].join('\n');
  return { structured, text };
}

/** Both channels within `budget` bytes together: rows cut from the end until they fit. */
export function changeListResult(view: ChangeView, budget: number) {
  const head = render(view, [], false);
  const fixed = byteLength(head.text) + byteLength(jsonOf(head.structured));
  const page = view.countsOnly ? { rows: [], cut: false } : pageOf(view, budget, fixed);
  let { rows } = page;
  let cut = page.cut;
  for (;;) {
    const result = render(view, rows, cut);
    if (fitsBudgetWith(result.text, result.structured, budget) || rows.length === 0) return result;
    rows = rows.slice(0, -Math.max(1, Math.ceil(rows.length / 20)));
    cut = true;
  }
}
