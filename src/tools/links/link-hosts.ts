// The host (and port) a list_links argument names, from the caller's copy: by id, IP address or name; an unknown or ambiguous one is refused with what would work.
import type { KeptHosts } from '../../api/inventory/kept-inventory.js';
import type { InventoryHost, InventorySnmpInterface } from '../../api/inventory-model.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { markServiceData } from '../../safety/service-data-mark.js';
import { isUuid } from '../common/uuid-argument.js';
import { addressIn, namedIn } from '../hosts/get-host-run.js';
import { parsedAddress } from '../hosts/ip-range.js';

const MAX_LISTED = 10;

/** The one host `argument` names; `what` is the argument's name, for the refusal. */
export function findHost(argument: string, what: string, copy: KeptHosts): InventoryHost {
  const text = argument.trim();
  const id = text.toLowerCase();
  const hosts = isUuid(text)
    ? copy.hosts.filter((h) => h.id.toLowerCase() === id)
    : parsedAddress(text) !== undefined
      ? addressIn(text, copy)
      : [];
  const found = hosts.length > 0 ? hosts : namedIn(text, copy);
  const [only] = found;
  if (found.length === 1 && only) return only;
  if (found.length === 0) {
    throw new ToolMessageError(
      `${what} ${quote(text, 100)}: no host the key can see has that id, address or name. Find it with list_hosts (search); nothing was listed.`,
    );
  }
  const listed = found
    .slice(0, MAX_LISTED)
    .map((h) => `${quote(markServiceData(h.name || h.id), 100)} (${h.id})`)
    .join(', ');
  throw new ToolMessageError(
    `${what} ${quote(text, 100)} matches ${found.length} hosts: ${listed}. Call again with the id of the one meant; nothing was listed.`,
  );
}

/** The port of `host` named by name (Gi1/0/12, GigabitEthernet1/0/12) or by ifIndex. */
export function findPort(host: InventoryHost, argument: string): InventorySnmpInterface {
  const text = argument.trim();
  const lower = text.toLowerCase();
  const index = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  const port =
    host.snmp_interfaces.find((p) => index !== undefined && p.index === index) ??
    host.snmp_interfaces.find((p) => p.name?.toLowerCase() === lower) ??
    host.snmp_interfaces.find((p) => p.description?.toLowerCase() === lower);
  if (port) return port;
  const names = host.snmp_interfaces
    .slice(0, MAX_LISTED)
    .map((p) => quote(markServiceData(p.name ?? p.description ?? `#${p.index}`), 60))
    .join(', ');
  throw new ToolMessageError(
    host.snmp_interfaces.length === 0
      ? `interface ${quote(text, 100)}: ${quote(markServiceData(host.name), 100)} has no SNMP interface data, so its ports are not known. Nothing was listed.`
      : `interface ${quote(text, 100)}: ${quote(markServiceData(host.name), 100)} has no port of that name or ifIndex. Its ports: ${names}${host.snmp_interfaces.length > MAX_LISTED ? `, and ${host.snmp_interfaces.length - MAX_LISTED} more (get_host lists them)` : ''}. Nothing was listed.`,
  );
}
