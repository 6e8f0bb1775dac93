// list_hosts with counts_only: hosts by network (each, zero included), service, port, OS family and subnet, in both channels under 2,000 bytes each.

import { byteLength, jsonOf } from '../common/result-budget.js';
import { capped, cidrText, idText, said } from './host-item.js';
import type { HostCountsOutput } from './host-shapes.js';

/** A channel's ceiling: a count answer stays small whatever the inventory holds. */
export const MAX_COUNTS_BYTES = 2_000;
/** Entries shown per count at first; fewer when a channel would pass the ceiling. */
const TOP = 20;
/** Service strings in a count are cut shorter than elsewhere: twenty of them share 2,000 bytes. */
const NAME_CAP = 40;

export interface HostCountsView {
  readonly hosts: number;
  readonly networks: readonly { readonly id: string; readonly name?: string | undefined }[];
  readonly byNetwork: ReadonlyMap<string, number>;
  readonly byService: ReadonlyMap<string, number>;
  readonly byPort: ReadonlyMap<string, number>;
  readonly byOs: ReadonlyMap<string, number>;
  /** Keyed by CIDR (or the subnet id where the subnet is unknown). */
  readonly bySubnet: ReadonlyMap<string, number>;
  readonly withoutSnmp: number;
  readonly newSince?: { readonly at: string; readonly count: number } | undefined;
  readonly notSeenSince?: { readonly at: string; readonly count: number } | undefined;
  readonly place: 'network' | 'site';
  /** "service "SSH", network "Office"" when filters were given. */
  readonly described?: string | undefined;
  readonly service: readonly string[];
  readonly server: readonly string[];
  readonly scanned: number;
  readonly complete: boolean;
  readonly notes: readonly string[];
  /** The version gives no OS (before 0.17.20). */
  readonly osUnknown: boolean;
  /** With found_by: what the number is where it is not the run's own count (host-list-view.ts). */
  readonly foundBy?: string | undefined;
}

type Tally = [string, number][];

function topped(counts: ReadonlyMap<string, number>, top: number, cap = NAME_CAP) {
  const entries = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown: Tally = entries.slice(0, top).map(([name, n]) => [capped(name, cap), n]);
  const others = entries.slice(top).reduce((sum, [, n]) => sum + n, 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return { top: shown, others, distinct: entries.length, total };
}

function structuredAt(view: HostCountsView, top: number): HostCountsOutput {
  const known = new Set(view.networks.map((n) => n.id));
  const extra = [...view.byNetwork.keys()].filter((id) => id !== '' && !known.has(id));
  return {
    hosts: view.hosts,
    by_network: [...view.networks, ...extra.map((id) => ({ id }))].map((n) => ({
      network_id: n.id,
      ...('name' in n && n.name !== undefined ? { network: capped(n.name, NAME_CAP) } : {}),
      hosts: view.byNetwork.get(n.id) ?? 0,
    })),
    by_service: topped(view.byService, top),
    by_port: topped(view.byPort, top),
    by_os: topped(view.byOs, top),
    by_subnet: topped(view.bySubnet, top, 64),
    without_snmp_credential: view.withoutSnmp,
    ...(view.newSince ? { new_since: view.newSince.count } : {}),
    ...(view.notSeenSince ? { not_seen_since: view.notSeenSince.count } : {}),
  };
}

function summaryOf(view: HostCountsView): string {
  const scope = view.described ? ` matching ${view.described}` : '';
  const read = view.complete ? '' : ` (in the first ${view.scanned} read)`;
  return `Host counts${scope}: ${view.hosts} hosts${read}.${view.foundBy ? ` ${view.foundBy}` : ''}`;
}

const tallyLine = (
  title: string,
  counted: ReturnType<typeof topped>,
  label: (name: string) => string,
) => {
  if (counted.distinct === 0) return `${title}: none`;
  const rest =
    counted.others > 0 ? `; ${counted.distinct - counted.top.length} others ${counted.others}` : '';
  return `${title} (${counted.distinct}, total ${counted.total}): ${counted.top.map(([name, n]) => `${label(name)} ${n}`).join(', ')}${rest}`;
};

function textAt(view: HostCountsView, structured: HostCountsOutput): string {
  const place = view.place === 'site' ? 'site' : 'network';
  const lines = [`# ${summaryOf(view)}`];
  if (view.described) {
    const by = (who: string, names: readonly string[]) =>
      names.length > 0 ? `${who}: ${names.join(', ')}` : undefined;
    const applied = [by('service', view.service), by('this server', view.server)]
      .filter(Boolean)
      .join('; ');
    lines.push(`Filters applied by ${applied}.`);
  }
  lines.push(QUOTED);
  lines.push(
    `By ${place}: ${structured.by_network
      .map(
        (n) =>
          `${n.network === undefined ? idText(n.network_id) : said(n.network, NAME_CAP)} ${n.hosts}`,
      )
      .join(', ')}`,
  );
  const name = (text: string) => said(text, NAME_CAP);
  lines.push(tallyLine('By service', structured.by_service, name));
  lines.push(
    tallyLine('By port', structured.by_port, (port) =>
      /^\d+\/[a-z]+$/.test(port) ? port : name(port),
    ),
  );
  lines.push(
    view.osUnknown && structured.by_os.distinct === 0
      ? 'By OS family: not given by this Scanopy version'
      : tallyLine('By OS family', structured.by_os, name),
  );
  lines.push(tallyLine('By subnet', structured.by_subnet, cidrText));
  lines.push(`Without SNMP credential: ${view.withoutSnmp}`);
  if (view.newSince) lines.push(`New since ${view.newSince.at}: ${view.newSince.count}`);
  if (view.notSeenSince)
    lines.push(`Not seen since ${view.notSeenSince.at}: ${view.notSeenSince.count}`);
  lines.push(...view.notes);
  return lines.join('\n');
}

const QUOTED = 'Quoted text is service data.';

/** Both channels, each under MAX_COUNTS_BYTES: the top lists shortened until they fit. */
export function hostCountsResult(view: HostCountsView) {
  for (let top = TOP; ; top = Math.floor(top * 0.7)) {
    const counts = structuredAt(view, top);
    const structured = {
      summary: summaryOf(view),
      groups: [],
      ...(view.described
        ? {
            filters: {
              service: [...view.service],
              server: [...view.server],
              matched: view.hosts,
              scanned: view.scanned,
              ...(view.complete ? {} : { complete: false }),
            },
          }
        : {}),
      counts,
      pagination: { total_count: view.hosts, limit: 0, offset: 0, has_more: false },
      ...(view.notes.length > 0 ? { warnings: [...view.notes] } : {}),
    };
    const text = textAt(view, counts);
    const fits =
      byteLength(jsonOf(structured)) < MAX_COUNTS_BYTES && byteLength(text) < MAX_COUNTS_BYTES;
    if (fits || top <= 1) return { structured, text };
  }
}
