// list_links' answer in both channels from one view value: a state line, a path or the links a page at a time within the result budget, Mermaid when asked.
import { byteLength } from '../common/result-budget.js';
import { hostLabels, type LeanLinkItem } from './link-host-labels.js';
import {
  type LinkView,
  linkItem,
  linkLine,
  type StateView,
  stateItem,
  stateSentence,
} from './link-items.js';
import { type Hop, hopItem, hopLine } from './link-path-view.js';
import { MERMAID_MAX_LINKS, mermaidOf } from './mermaid.js';

export interface LinksView {
  /** "network "Office"", "host "sw-2"": already quoted. */
  readonly scope: string;
  readonly links: readonly LinkView[];
  readonly offset: number;
  /** 0 = all. */
  readonly limit: number;
  /** The host (or port) asked about, and its state. */
  readonly subject?: { readonly label: string; readonly state: StateView } | undefined;
  readonly path?:
    | {
        readonly from: string;
        readonly to: string;
        readonly hops?: readonly Hop[] | undefined;
        /** No chain: why, in a sentence that says whether either end has link data at all. */
        readonly none?: string | undefined;
      }
    | undefined;
  readonly mermaid: boolean;
  readonly notes: readonly string[];
}

/** Room for the summary, notes, paging and envelope, counted apart from the rows. */
const RESERVED_BYTES = 1_500;

function pathPart(view: LinksView) {
  const path = view.path;
  if (!path) return { structured: {}, lines: [] as string[] };
  if (path.hops) {
    return {
      structured: { path: { found: true, hops: path.hops.map(hopItem) } },
      lines: [
        `Path ${path.from} -> ${path.to}: ${path.hops.length} hop${path.hops.length === 1 ? '' : 's'}.`,
        ...path.hops.map((hop, i) => hopLine(hop, i)),
      ],
    };
  }
  const none = path.none ?? 'no chain of known links';
  return {
    structured: { path: { found: false, why: none } },
    lines: [`Path ${path.from} -> ${path.to}: ${none}`],
  };
}

/** Both channels within `budget` bytes together; a page the budget cut says so, with next_offset. */
export function linksResult(view: LinksView, budget: number) {
  const candidates =
    view.limit > 0
      ? view.links.slice(view.offset, view.offset + view.limit)
      : view.links.slice(view.offset);
  const path = pathPart(view);
  const subjectLine = view.subject
    ? stateSentence(view.subject.label, view.subject.state)
    : undefined;
  const mermaid = view.mermaid
    ? mermaidOf(candidates, new Set(view.path?.hops?.map((h) => h.link)))
    : undefined;
  const fixed =
    [subjectLine, ...path.lines, ...view.notes, mermaid?.text].reduce(
      (sum, line) => sum + (line ? byteLength(line) * 2 + 4 : 0),
      0,
    ) + RESERVED_BYTES;
  let used = fixed;
  const full = candidates.map(linkItem);
  const labels = hostLabels(full);
  const items: LeanLinkItem[] = [];
  const lines: string[] = [];
  for (const [i, link] of candidates.entries()) {
    const { row, added } = labels.row(full[i] as (typeof full)[number]);
    const line = linkLine(link);
    const bytes =
      byteLength(JSON.stringify(row)) +
      byteLength(line) +
      2 +
      Object.entries(added).reduce(
        (sum, [id, name]) => sum + byteLength(JSON.stringify(id) + JSON.stringify(name)) + 2,
        0,
      );
    if (used + bytes > budget) break;
    used += bytes;
    labels.keep(added);
    items.push(row);
    lines.push(line);
  }
  const shown = items.length;
  const cut = shown < candidates.length;
  const next = view.offset + shown;
  const left = view.links.length - next;
  const range =
    shown === 0
      ? `none of ${view.links.length}`
      : `${view.offset + 1}-${next} of ${view.links.length}`;
  const summary = `Links ${range} (${view.scope})`;
  const sentence =
    left > 0
      ? cut
        ? `Short page: ${shown} shown of ${view.limit === 0 ? 'all' : `the ${view.limit}`} asked, to stay within the result budget; ${left} more links: call again with offset ${next} (next_offset).`
        : `${left} more links: call again with offset ${next}.`
      : undefined;
  const mermaidNote =
    mermaid && mermaid.drawn < candidates.length
      ? `Mermaid draws the first ${MERMAID_MAX_LINKS} links of this page.`
      : undefined;
  const notes = [...view.notes, ...(mermaidNote ? [mermaidNote] : [])];
  const structured = {
    summary,
    ...(view.subject
      ? { subject: { label: view.subject.label, ...stateItem(view.subject.state) } }
      : {}),
    ...path.structured,
    links: items,
    ...(Object.keys(labels.names).length > 0 ? { host_names: { ...labels.names } } : {}),
    pagination: {
      total_count: view.links.length,
      limit: view.limit,
      offset: view.offset,
      has_more: left > 0,
    },
    ...(cut ? { truncated: true, short_page: { asked: view.limit, shown } } : {}),
    ...(left > 0 ? { next_offset: next } : {}),
    ...(sentence ? { next_step: sentence } : {}),
    ...(mermaid ? { mermaid: mermaid.text } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
  const text = [
    `# ${summary}`,
    ...(subjectLine ? [subjectLine] : []),
    ...path.lines,
    ...notes,
    ...(lines.length > 0 ? ['Quoted text is service data.', ...lines] : []),
    ...(sentence ? [sentence] : []),
    ...(mermaid ? ['```mermaid', mermaid.text, '```'] : []),
  ].join('\n');
  return { structured, text };
}
