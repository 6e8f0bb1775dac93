// One hop of a path as both channels show it: the host left, the port out, the port in, the host reached.
import type { InventoryHost } from '../../api/inventory-model.js';
import { capped, said } from '../hosts/host-item.js';
import { type LinkView, PORT_NOT_KNOWN, portName } from './link-items.js';

export interface Hop {
  readonly link: LinkView;
  readonly from: InventoryHost;
  readonly to: InventoryHost;
}

/** The ports of a hop in its direction of travel (the link's ends may be stored the other way). */
function portsOf(hop: Hop): { out: string; in: string } {
  const { link } = hop;
  const aPort = portName(link.a.port);
  const bPort = link.b.kind === 'port' ? portName(link.b.port) : PORT_NOT_KNOWN;
  return link.a.host.id === hop.from.id ? { out: aPort, in: bPort } : { out: bPort, in: aPort };
}

export function hopItem(hop: Hop) {
  const ports = portsOf(hop);
  return {
    from: capped(hop.from.name || hop.from.id),
    from_id: hop.from.id,
    from_port: capped(ports.out, 100),
    to: capped(hop.to.name || hop.to.id),
    to_id: hop.to.id,
    to_port: capped(ports.in, 100),
    ...(hop.link.protocol ? { protocol: hop.link.protocol.toUpperCase() } : {}),
  };
}

/** `1. "sw-14" Gi0/1 -> Gi0/2 "sw-5" (LLDP)` */
export function hopLine(hop: Hop, i: number): string {
  const ports = portsOf(hop);
  const out = ports.out === PORT_NOT_KNOWN ? PORT_NOT_KNOWN : said(ports.out, 60);
  const into = ports.in === PORT_NOT_KNOWN ? PORT_NOT_KNOWN : said(ports.in, 60);
  const protocol = hop.link.protocol ? ` (${hop.link.protocol.toUpperCase()})` : '';
  return `${i + 1}. ${said(hop.from.name || hop.from.id)} ${out} -> ${into} ${said(hop.to.name || hop.to.id)}${protocol}`;
}
