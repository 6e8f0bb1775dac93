// The list_discoveries result, one view rendered twice: lean JSON for structured readers, markdown for text readers.
import type { Pagination } from '../api/schemas.js';
import {
  discoveryLine,
  groupHeading,
  groupKey,
  isDisabled,
  isFailed,
  type LeanDiscovery,
  type NameOf,
  neverRun,
  type Place,
} from './discovery-format.js';
import { plural } from './format.js';
import { cutByBudget, moreAfter } from './result-budget.js';

export interface DiscoveryListView {
  readonly discoveries: LeanDiscovery[];
  readonly pagination: Pagination;
  /** Items the service sent that could not be read. */
  readonly skipped: number;
  /** Items the service returned outside the requested filter; dropped by the client. */
  readonly outsideFilter?: number;
  /** The filter as a person reads it: "network Office" ("site Office" on 0.17.22), "daemon lab-pi". */
  readonly scope: readonly string[];
  /** What the service calls a network (0.17.22: site), for headings and the legend. */
  readonly place?: Place;
  /** Items left out to keep the result within budget, and where the next call starts. */
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
  /** Set when limit 0 stopped reading after its page bound. */
  readonly stoppedAfterPages?: number;
  readonly nameOf: NameOf;
  /** One line per name list that could not be read. */
  readonly nameNotes: readonly string[];
}

/** "Discoveries 1-50 of 137 (network Office)" and what needs attention, as two sentences. */
function summaryParts(view: DiscoveryListView): [string, string?] {
  const { discoveries, pagination } = view;
  const first = discoveries.length > 0 ? pagination.offset + 1 : 0;
  const last = pagination.offset + discoveries.length;
  const scope = view.scope.length > 0 ? ` (${view.scope.join(', ')})` : '';
  if (discoveries.length === 0) {
    const past = pagination.offset > 0 && pagination.offset >= pagination.total_count;
    return [
      `Discoveries: none of ${pagination.total_count}${scope} shown`,
      past
        ? `Offset ${pagination.offset} is past the end.`
        : view.skipped > 0
          ? 'None of the items read could be shown.'
          : 'No discoveries match.',
    ];
  }
  const head = `Discoveries ${first}-${last} of ${pagination.total_count}${scope}`;
  const attention = [
    [discoveries.filter(isDisabled).length, 'scheduled DISABLED'],
    [discoveries.filter(isFailed).length, 'last run FAILED'],
    [discoveries.filter(neverRun).length, 'never run'],
  ] as const;
  const shown = attention.filter(([count]) => count > 0).map(([n, what]) => `${n} ${what}`);
  return shown.length > 0 ? [head, `Attention: ${shown.join(', ')}.`] : [head];
}

const summaryOf = (view: DiscoveryListView) => {
  const [head, attention] = summaryParts(view);
  return attention ? `${head}. ${attention}` : `${head}.`;
};

/** What to call next, when there is more. */
function nextStepOf(view: DiscoveryListView): string | undefined {
  const { discoveries, pagination } = view;
  if (view.omitted && view.omitted.count > 0) {
    const { count, nextOffset } = view.omitted;
    if (view.stoppedAfterPages) {
      return `${count} more not read: stopped after ${view.stoppedAfterPages} pages; call again with offset ${nextOffset}.`;
    }
    return cutByBudget(
      count,
      nextOffset,
      `and limit ${Math.max(1, discoveries.length)}, or narrow with network_id${view.place === 'site' ? " (the site's id)" : ''} or daemon_id (or network or daemon by name)`,
    );
  }
  const last = pagination.offset + discoveries.length;
  if (pagination.has_more) return moreAfter(pagination.total_count - last, last);
  return undefined;
}

function warningsOf(view: DiscoveryListView): string[] {
  const warnings: string[] = [];
  if (view.skipped > 0) {
    warnings.push(
      `${plural(view.skipped, 'item')} from the service could not be read and were left out.`,
    );
  }
  if (view.outsideFilter && view.outsideFilter > 0) {
    warnings.push(
      `${plural(view.outsideFilter, 'item')} outside ${view.scope.join(', ')} were dropped: the service ignored the filter.`,
    );
  }
  return [...warnings, ...view.nameNotes];
}

/** Names of the ids the shown items mention, once each: not repeated per item. */
function namesOf(view: DiscoveryListView): Record<string, string> | undefined {
  const names: Record<string, string> = {};
  const add = (id: string | undefined) => {
    const name = id === undefined ? undefined : view.nameOf(id);
    if (id !== undefined && name !== undefined) names[id] = name;
  };
  for (const d of view.discoveries) {
    add(d.network_id);
    add(d.daemon_id);
    add(d.discovery_type.host_id);
    for (const tag of d.tags ?? []) add(tag);
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

export function discoveriesStructured(view: DiscoveryListView) {
  const names = namesOf(view);
  const next = nextStepOf(view);
  const warnings = warningsOf(view);
  return {
    summary: summaryOf(view),
    discoveries: view.discoveries,
    ...(names ? { names } : {}),
    pagination: view.pagination,
    ...(view.omitted ? { truncated: true } : {}),
    ...(next ? { next_step: next } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** Said once instead of on every line. */
const SCHEDULE_KEY = 'Schedules (cron, time zone) are enabled unless marked DISABLED.';

/**
 * Names once, ids once: "Networks: Office = 5f2c…; Lab = 7a8b…", so the group headings can use the
 * bare names (each heading repeating two UUIDs was an eighth of the text).
 */
function legend(view: DiscoveryListView) {
  const named = (ids: (string | undefined)[]) =>
    [...new Set(ids)].flatMap((id) => {
      const name = id === undefined ? undefined : view.nameOf(id);
      return id !== undefined && name !== undefined ? [{ id, name }] : [];
    });
  const networks = named(view.discoveries.map((d) => d.network_id));
  const daemons = named(view.discoveries.map((d) => d.daemon_id));
  const tags = named(view.discoveries.flatMap((d) => d.tags ?? []));
  const all = [...networks, ...daemons];
  // A name two shown ids share cannot stand alone in a heading: it keeps its id there.
  const shared = new Set(
    all.filter((a) => all.some((b) => b.id !== a.id && b.name === a.name)).map((a) => a.name),
  );
  const label = (id: string) => {
    const name = view.nameOf(id);
    if (name === undefined) return id;
    return shared.has(name) ? `${name} (${id})` : name;
  };
  const line = (title: string, items: { id: string; name: string }[]) =>
    items.length > 0 ? [`${title}: ${items.map((i) => `${i.name} = ${i.id}`).join('; ')}`] : [];
  const places = view.place === 'site' ? 'Sites' : 'Networks';
  const lines = [...line(places, networks), ...line('Daemons', daemons), ...line('Tags', tags)];
  return { lines, label };
}

export function discoveriesText(view: DiscoveryListView): string {
  const [head, attention] = summaryParts(view);
  const lines = [`# ${head}`];
  if (attention) lines.push(attention);
  if (view.discoveries.some((d) => d.run_type.type === 'Scheduled')) lines.push(SCHEDULE_KEY);
  const { lines: legendLines, label } = legend(view);
  lines.push(...legendLines);
  const groups = new Map<string, LeanDiscovery[]>();
  for (const discovery of view.discoveries) {
    const group = groups.get(groupKey(discovery));
    if (group) group.push(discovery);
    else groups.set(groupKey(discovery), [discovery]);
  }
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    lines.push(groupHeading(first, group.length, label, view.place));
    for (const discovery of group) lines.push(discoveryLine(discovery, view.nameOf));
  }
  lines.push(...warningsOf(view));
  const next = nextStepOf(view);
  if (next) lines.push(next);
  return lines.join('\n');
}
