// list_hosts' columns for `fields`: each of a host's own facts as one structured cell and one short text cell.
import { holdsUuid } from '../../safety/quote.js';
import { type Column, type Columns, linkedCell } from '../common/projection.js';
import { HOST_FIELDS, type HostField } from './host-fields.js';
import {
  addressText,
  capped,
  cidrText,
  type HostLookups,
  type HostRow,
  idText,
  portText,
  said,
} from './host-item.js';

export { HOST_FIELDS, type HostField };

const unique = (values: readonly (string | undefined)[]) => [
  ...new Set(values.filter((v): v is string => v !== undefined && v !== '')),
];
/** "2026-11-21T03:57:12Z" -> "2026-11-21T03:57Z", as the full item shows it. */
const minutes = (iso: string | undefined) =>
  iso === undefined
    ? undefined
    : capped(iso, 40).replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d)[^Z+-]*/, '$1');

/** A list column whose text cells are written by `text` (bare addresses, quoted names). */
const list = (
  cell: (row: HostRow) => string[],
  text: (value: string) => string,
): Column<HostRow> => ({
  cell,
  text: (row) => {
    const values = cell(row);
    return values.length > 0 ? values.map(text).join(', ') : undefined;
  },
});

/** A service name or id as found, named where the lookups know it. */
const nameOr = (lookups: HostLookups, id: string) => {
  const name = lookups.nameOf(id);
  return linkedCell(name === undefined ? undefined : capped(name, 100), id);
};

export function hostColumns(
  lookups: HostLookups,
): Columns<HostRow> & Record<HostField, Column<HostRow>> {
  const named = (cell: (row: HostRow) => string[]) => list(cell, (v) => said(v));
  const link = (pick: (row: HostRow) => HostRow['first']): Column<HostRow> => ({
    cell: (row) => {
      const l = pick(row);
      const name = l?.name === undefined ? undefined : capped(l.name, 100);
      return l?.id === undefined ? name : linkedCell(name, l.id);
    },
    text: (row) => {
      const l = pick(row);
      return l?.name !== undefined ? said(l.name) : l?.id && idText(l.id);
    },
  });
  return {
    id: { cell: (row) => row.host.id, text: (row) => idText(row.host.id) },
    // A name holding an id goes by the host's own id, as a linked network's does: a bare cell
    // "<another host's id>" would read as that host. The text quotes and flags the name, and
    // names the host's own id beside it.
    name: {
      cell: (row) => linkedCell(capped(row.host.name || row.host.id), row.host.id),
      text: (row) => {
        const name = said(row.host.name || row.host.id, 120);
        return holdsUuid(row.host.name) && row.host.name !== row.host.id
          ? `${name}, id ${idText(row.host.id)}`
          : name;
      },
    },
    hostname: {
      cell: (row) => (row.host.hostname === undefined ? undefined : capped(row.host.hostname)),
    },
    network: {
      cell: (row) => {
        const id = row.host.network_id;
        return id === undefined ? undefined : nameOr(lookups, id);
      },
    },
    ips: list((row) => unique(row.host.addresses.map((a) => capped(a.ip, 64))), addressText),
    subnets: list(
      (row) =>
        unique(
          row.host.addresses.map((a) => {
            const subnet = a.subnet_id === undefined ? undefined : lookups.subnets.get(a.subnet_id);
            return subnet === undefined ? undefined : capped(subnet.cidr, 64);
          }),
        ),
      cidrText,
    ),
    macs: named((row) => unique(row.host.addresses.map((a) => a.mac && capped(a.mac, 64)))),
    services: named((row) => unique(row.host.services.map((s) => capped(s.name, 100)))),
    ports: list(
      (row) => unique(row.host.ports.map(portText)),
      (v) => v,
    ),
    os: { cell: (row) => (row.host.os === undefined ? undefined : capped(row.host.os, 100)) },
    tags: named((row) => row.host.tags.map((id) => nameOr(lookups, id))),
    snmp_credentials: named((row) => row.credentials.map((c) => nameOr(lookups, c.id))),
    first_seen: {
      cell: (row) => minutes(row.host.created_at),
      text: (row) => minutes(row.host.created_at),
    },
    last_seen: { cell: (row) => minutes(row.lastSeen), text: (row) => minutes(row.lastSeen) },
    first_found_by: link((row) => row.first),
    last_touched_by: link((row) => row.last),
  };
}
