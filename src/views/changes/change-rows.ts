// One changed host as both channels show it: its structured row and its text line, from one value.
import type { InventoryHost, InventoryPort, InventoryService } from '../../api/inventory-model.js';
import { capped, compactTime, idText, portText, said } from '../hosts/host-item.js';
import type { ChangeRowOutput } from './change-shapes.js';

/** A host with what changed about it, as the tool worked it out. */
export interface ChangeRow {
  readonly change: 'new' | 'gone' | 'changed';
  readonly host: InventoryHost;
  /** new: created_at; gone: last seen. */
  readonly at?: string | undefined;
  readonly portsOpened: readonly InventoryPort[];
  readonly portsClosed: readonly InventoryPort[];
  readonly servicesAppeared: readonly InventoryService[];
  readonly servicesDisappeared: readonly InventoryService[];
  /** Between two snapshots: the host's name in the earlier one, where it differs. */
  readonly renamedFrom?: string | undefined;
}

export type NameOf = (id: string | undefined) => string | undefined;

const listOrNothing = (items: string[]) => (items.length > 0 ? items : undefined);

/** The structured row: nothing null, no empty lists. */
export function changeRowOutput(row: ChangeRow, nameOf: NameOf): ChangeRowOutput {
  const network = nameOf(row.host.network_id);
  const out: ChangeRowOutput = {
    change: row.change,
    id: row.host.id,
    name: capped(row.host.name || row.host.id),
    ...(row.host.network_id ? { network_id: row.host.network_id } : {}),
    ...(network ? { network: capped(network, 100) } : {}),
    ...(row.at ? { at: compactTime(row.at) } : {}),
    ...(row.renamedFrom !== undefined ? { renamed_from: capped(row.renamedFrom) } : {}),
  };
  const lists = {
    ports_opened: listOrNothing(row.portsOpened.map(portText)),
    ports_closed: listOrNothing(row.portsClosed.map(portText)),
    services_appeared: listOrNothing(row.servicesAppeared.map((s) => capped(s.name, 100))),
    services_disappeared: listOrNothing(row.servicesDisappeared.map((s) => capped(s.name, 100))),
  };
  for (const [key, value] of Object.entries(lists)) {
    if (value) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

const WHEN = { new: 'first seen', gone: 'last seen', changed: '' } as const;

/** `- changed "srv-5" (id …) · network "Lab" · ports opened 8443/tcp · services disappeared "nginx"` */
export function changeLine(row: ChangeRow, nameOf: NameOf): string {
  const network = nameOf(row.host.network_id);
  const parts = [
    `- ${row.change} ${said(row.host.name || row.host.id)} (id ${idText(row.host.id)})`,
    ...(network ? [`network ${said(network)}`] : []),
    ...(row.at && row.change !== 'changed' ? [`${WHEN[row.change]} ${compactTime(row.at)}`] : []),
    ...(row.renamedFrom !== undefined ? [`renamed from ${said(row.renamedFrom)}`] : []),
  ];
  const ports = (label: string, list: readonly InventoryPort[]) =>
    list.length > 0 ? [`${label} ${list.map(portText).join(', ')}`] : [];
  const services = (label: string, list: readonly InventoryService[]) =>
    list.length > 0 ? [`${label} ${list.map((s) => said(s.name)).join(', ')}`] : [];
  parts.push(
    ...ports('ports opened', row.portsOpened),
    ...ports('ports closed', row.portsClosed),
    ...services('services appeared', row.servicesAppeared),
    ...services('services disappeared', row.servicesDisappeared),
  );
  return parts.join(' · ');
}
