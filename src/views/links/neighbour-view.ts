// A port's neighbour as get_host shows it: the far host and port seen from this side, none reported, or not known.
import type { InventorySnmpInterface } from '../../api/inventory-model.js';
import { capped, said } from '../hosts/host-item.js';
import {
  type LinkView,
  OUTSIDE,
  PORT_NOT_KNOWN,
  portName,
  type StateView,
  stateItem,
  stateSentence,
} from './link-items.js';

/** What get_host is told of a host's links: its state, and each port's link by port. */
export interface HostLinksView {
  readonly state: StateView;
  /** The links at each port of the host (a port on both ends of a loop has two). */
  readonly linkOf: (port: InventorySnmpInterface) => LinkView | undefined;
  /** The host's whole walk was partial: each port's neighbour is not known either. */
  readonly partial: boolean;
  /**
   * Why the port's far end was not read, where it was not: without a host copy get_host reads at
   * most `reads` far ports and far hosts one by one, and a read may fail; saying "outside your
   * networks" of such a port would be wrong.
   */
  readonly farEndNotRead: (port: InventorySnmpInterface) => FarEndNotRead | undefined;
  readonly reads: { readonly ports: number; readonly hosts: number };
}

/** A far end left unread: past the reads one by one with no host copy, or its read failed. */
export type FarEndNotRead = 'past_reads' | 'failed';

const notReadWhy = (view: HostLinksView, why: FarEndNotRead) =>
  why === 'failed'
    ? 'far end not read: reading its host failed; ask again'
    : `far end not read: more than ${view.reads.ports} far ports or ${view.reads.hosts} far hosts to read one by one, and no host copy to find them in`;

/** The far end of `link` as seen from `port`. */
function farOf(link: LinkView, port: InventorySnmpInterface) {
  const fromA =
    link.a.port === port || (link.a.port.id !== undefined && link.a.port.id === port.id);
  if (link.b.kind === 'outside') return { outside: true as const };
  if (!fromA) return { host: link.a.host, port: portName(link.a.port) };
  return link.b.kind === 'port'
    ? { host: link.b.host, port: portName(link.b.port) }
    : { host: link.b.host, port: undefined };
}

export function neighbourItem(view: HostLinksView, port: InventorySnmpInterface) {
  const unread = view.farEndNotRead(port);
  if (unread) return { state: 'not_known' as const, why: notReadWhy(view, unread) };
  const link = view.linkOf(port);
  if (!link) return { state: view.partial ? ('not_known' as const) : ('none_reported' as const) };
  const far = farOf(link, port);
  return {
    state: 'linked' as const,
    ...('outside' in far
      ? { outside: true as const, host: OUTSIDE }
      : {
          host: capped(far.host.name || far.host.id),
          host_id: far.host.id,
          ...(far.port === undefined
            ? { port_known: false as const }
            : { port: capped(far.port, 100) }),
        }),
    ...(link.protocol ? { protocol: link.protocol.toUpperCase() as 'LLDP' | 'CDP' } : {}),
    ...(link.seenAt ? { last_seen: link.seenAt } : {}),
  };
}

/** ` · neighbour "sw-8" "Gi0/1" (LLDP)`, ` · no neighbour reported`, ` · neighbour not known (why)`. */
export function neighbourText(view: HostLinksView, port: InventorySnmpInterface): string {
  const unread = view.farEndNotRead(port);
  if (unread) return ` · neighbour not known (${notReadWhy(view, unread)})`;
  const link = view.linkOf(port);
  if (!link)
    return view.partial ? ' · neighbour not known (partial walk)' : ' · no neighbour reported';
  const far = farOf(link, port);
  const where =
    'outside' in far
      ? OUTSIDE
      : `${said(far.host.name || far.host.id)} ${far.port === undefined ? `(${PORT_NOT_KNOWN})` : said(far.port, 60)}`;
  return ` · neighbour ${where}${link.protocol ? ` (${link.protocol.toUpperCase()})` : ''}`;
}

export const hostLinksItem = (view: HostLinksView) => stateItem(view.state);
export const hostLinksLine = (view: HostLinksView) =>
  `- links: ${stateSentence('this host', view.state)}`;
