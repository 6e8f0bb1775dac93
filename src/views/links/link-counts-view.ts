// list_links with counts_only: links per network, per switch and per protocol, and how many hosts are linked, have none reported, or cannot say.
import { plural } from '../common/format.js';
import { capped, said } from '../hosts/host-item.js';

export interface LinkCountsView {
  readonly scope: string;
  readonly links: number;
  readonly byNetwork: readonly {
    readonly id: string;
    readonly name: string;
    readonly links: number;
  }[];
  readonly bySwitch: readonly {
    readonly id: string;
    readonly name: string;
    readonly links: number;
  }[];
  readonly byProtocol: ReadonlyMap<string, number>;
  readonly hosts: {
    readonly linked: number;
    readonly none_reported: number;
    readonly not_known: number;
  };
  readonly notes: readonly string[];
}

/** Switches listed at most: the busiest first. */
export const COUNTED_SWITCHES = 25;

export function linkCountsResult(view: LinkCountsView) {
  const summary = `${plural(view.links, 'link')} (${view.scope})`;
  const switches = view.bySwitch.slice(0, COUNTED_SWITCHES);
  const protocols = Object.fromEntries(view.byProtocol);
  const structured = {
    summary,
    counts: {
      links: view.links,
      by_network: view.byNetwork.map((n) => ({
        network: capped(n.name),
        network_id: n.id,
        links: n.links,
      })),
      by_switch: switches.map((s) => ({ host: capped(s.name), host_id: s.id, links: s.links })),
      by_protocol: protocols,
      hosts: view.hosts,
    },
    ...(view.notes.length > 0 ? { notes: [...view.notes] } : {}),
  };
  const more = view.bySwitch.length - switches.length;
  const text = [
    `# ${summary}`,
    ...view.notes,
    `Hosts: ${view.hosts.linked} linked, ${view.hosts.none_reported} with SNMP interfaces and none reported, ${view.hosts.not_known} not known (no SNMP interface data, or a partial last walk).`,
    `By protocol: ${[...view.byProtocol].map(([p, n]) => `${p} ${n}`).join(', ') || 'none'}.`,
    'By network:',
    ...view.byNetwork.map((n) => `- ${said(n.name)} (${n.id}): ${n.links}`),
    'By switch (most links first; quoted text is service data):',
    ...switches.map((s) => `- ${said(s.name)} (${s.id}): ${s.links}`),
    ...(more > 0 ? [`${more} more hosts with links not listed.`] : []),
  ].join('\n');
  return { structured, text };
}
