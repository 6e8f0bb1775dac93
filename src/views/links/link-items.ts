// One link, one host state and one path as both channels show them: names quoted and marked as service data, a far end outside the key's networks never named.
import type { InventoryHost, InventorySnmpInterface } from '../../api/inventory-model.js';
import { capped, said } from '../hosts/host-item.js';

/** What a far end in a network the key cannot see is called: nothing of it is shown. */
export const OUTSIDE = 'a host outside your networks';
export const PORT_NOT_KNOWN = 'port not known';

/** Link ends and states as the view needs them; the graph's types, version-free. */
export interface LinkEndView {
  readonly host: InventoryHost;
  readonly port?: InventorySnmpInterface | undefined;
}

export interface LinkView {
  readonly a: LinkEndView & { readonly port: InventorySnmpInterface };
  /**
   * The far end: a port of the caller's, only a device of the caller's (its port not known), or a
   * host outside the caller's networks (nothing of it is kept: no id, no name, no advertised text).
   */
  readonly b:
    | { readonly kind: 'port'; readonly host: InventoryHost; readonly port: InventorySnmpInterface }
    | {
        readonly kind: 'device';
        readonly host: InventoryHost;
        /** What the far device advertised (LLDP/CDP text), when it did: service text. */
        readonly advertisedSystem?: string | undefined;
        readonly advertisedPort?: string | undefined;
      }
    | { readonly kind: 'outside' };
  readonly protocol?: 'lldp' | 'cdp' | undefined;
  readonly seenAt?: string | undefined;
  /** Either end's last walk was partial: kept from an earlier complete scan. */
  readonly kept?: boolean | undefined;
}

export type StateView =
  | { readonly state: 'linked'; readonly links: number }
  | { readonly state: 'none_reported'; readonly interfaces: number }
  | { readonly state: 'not_known'; readonly why: 'no_snmp' }
  | {
      readonly state: 'not_known';
      readonly why: 'partial_walk';
      readonly walk: {
        readonly runId: string;
        readonly runName: string;
        readonly at?: string | undefined;
      };
    };

export const portName = (port: InventorySnmpInterface): string =>
  port.name ?? port.description ?? (port.index === undefined ? '?' : `ifIndex ${port.index}`);

const minutes = (iso: string | undefined) =>
  iso === undefined ? undefined : iso.replace(/:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '$2');

/** The structured item of one link. */
export function linkItem(link: LinkView) {
  const b =
    link.b.kind === 'outside'
      ? { outside: true as const, host: OUTSIDE }
      : {
          host: capped(link.b.host.name || link.b.host.id),
          host_id: link.b.host.id,
          ...(link.b.kind === 'port'
            ? { port: capped(portName(link.b.port), 100) }
            : {
                port_known: false as const,
                ...(link.b.advertisedSystem
                  ? { advertised_system: capped(link.b.advertisedSystem, 100) }
                  : {}),
                ...(link.b.advertisedPort
                  ? { advertised_port: capped(link.b.advertisedPort, 100) }
                  : {}),
              }),
        };
  return {
    a: {
      host: capped(link.a.host.name || link.a.host.id),
      host_id: link.a.host.id,
      port: capped(portName(link.a.port), 100),
    },
    b,
    ...(link.protocol ? { protocol: link.protocol.toUpperCase() as 'LLDP' | 'CDP' } : {}),
    ...(link.seenAt ? { last_seen: minutes(link.seenAt) } : {}),
    ...(link.kept ? { kept_from_earlier_scan: true as const } : {}),
  };
}
export type LinkItem = ReturnType<typeof linkItem>;

/** "; it advertised system "ap-3" port "eth0"": what a far device said of itself, quoted. */
function advertisedText(far: {
  advertisedSystem?: string | undefined;
  advertisedPort?: string | undefined;
}) {
  const parts = [
    far.advertisedSystem ? `system ${said(far.advertisedSystem, 60)}` : undefined,
    far.advertisedPort ? `port ${said(far.advertisedPort, 60)}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? `; it advertised ${parts.join(' ')}` : '';
}

/** `"sw-2" Gi0/2 <-> "sw-8" Gi0/1 · LLDP · seen 2026-11-21T03:02Z` */
export function linkLine(link: LinkView): string {
  const a = `${said(link.a.host.name || link.a.host.id)} ${said(portName(link.a.port), 60)}`;
  const b =
    link.b.kind === 'outside'
      ? OUTSIDE
      : link.b.kind === 'port'
        ? `${said(link.b.host.name || link.b.host.id)} ${said(portName(link.b.port), 60)}`
        : `${said(link.b.host.name || link.b.host.id)} (${PORT_NOT_KNOWN}${advertisedText(link.b)})`;
  const parts = [
    `${a} <-> ${b}`,
    link.protocol?.toUpperCase(),
    link.seenAt ? `seen ${minutes(link.seenAt)}` : undefined,
    link.kept ? 'kept from an earlier complete scan' : undefined,
  ];
  return `- ${parts.filter(Boolean).join(' · ')}`;
}

/** The sentence for a host's (or a port's) state: never an empty list that reads as "nothing". */
export function stateSentence(subject: string, state: StateView): string {
  switch (state.state) {
    case 'linked':
      return `${subject}: linked (${state.links} link${state.links === 1 ? '' : 's'}).`;
    case 'none_reported':
      return `${subject}: none reported: ${state.interfaces === 1 ? 'the port has' : `${state.interfaces} SNMP interfaces have`} no LLDP/CDP neighbour.`;
    default:
      return state.why === 'no_snmp'
        ? `${subject}: not known: the service has no SNMP interface data for it, so nothing says what it is cabled to.`
        : `${subject}: not known: its last walk was partial (run ${said(state.walk.runName)} ${state.walk.runId}${state.walk.at ? ` finished ${minutes(state.walk.at)}` : ''} did not finish reporting its neighbours); links kept from an earlier complete scan.`;
  }
}

/** The structured state of a host or port. */
export function stateItem(state: StateView) {
  if (state.state === 'linked') return { state: 'linked' as const, links: state.links };
  if (state.state === 'none_reported') return { state: 'none_reported' as const };
  return state.why === 'no_snmp'
    ? { state: 'not_known' as const, why: 'no SNMP interface data' }
    : {
        state: 'not_known' as const,
        why: 'last walk partial: links kept from an earlier complete scan',
        run: {
          id: state.walk.runId,
          name: capped(state.walk.runName),
          ...(state.walk.at ? { at: minutes(state.walk.at) } : {}),
        },
      };
}
