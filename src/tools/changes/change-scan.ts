// Every host in scope tested once against the one definition of new and gone (api/changes/since.ts): the changed hosts in answer order, and the counts by kind.
import type { ChangeKind } from '../../api/changes/change-support.js';
import {
  instantOfText,
  isGoneSince,
  isNewSince,
  type RowSightings,
  rowGoneSince,
  rowNewSince,
} from '../../api/changes/since.js';
import { lastSeenOf } from '../../api/inventory-facts.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import type { ChangeRow } from '../../views/changes/change-rows.js';
import type { ChangeCounts } from '../../views/changes/change-shapes.js';
import type { ChangeWindow } from './change-window.js';

export interface ChangeScanRequest {
  readonly window: ChangeWindow;
  readonly kinds: ReadonlySet<ChangeKind>;
  /** Ports and services carry their own sightings on this version (0.17.0+). */
  readonly rowsKnown: boolean;
  /** Whether the run before is known, so hosts gone in a `run` question can be told. */
  readonly goneKnown: boolean;
  readonly inScope: (host: InventoryHost) => boolean;
}

/** Seen by the run before (a `run` question); any sighting counts for a `since` one. */
const seenBefore = (iso: string | undefined, window: ChangeWindow) =>
  window.seenFrom === undefined || instantOfText(iso) >= window.seenFrom;

/** The rows of a host that opened (appeared) and closed (disappeared) in the window. */
function rowChanges<R extends RowSightings>(
  rows: readonly R[],
  host: InventoryHost,
  window: ChangeWindow,
) {
  const opened: R[] = [];
  const closed: R[] = [];
  for (const row of rows) {
    if (rowNewSince(row, host, window.from)) opened.push(row);
    else if (rowGoneSince(row, host, window.from) && seenBefore(row.last_seen_at, window))
      closed.push(row);
  }
  return { opened, closed };
}

const NONE: readonly never[] = Object.freeze([]);

/** Newest first, then by id: a page is the same on every call. */
const byTimeThenId = (a: ChangeRow, b: ChangeRow) =>
  instantOfText(b.at) - instantOfText(a.at) || (a.host.id < b.host.id ? -1 : 1);
const byNameThenId = (a: ChangeRow, b: ChangeRow) =>
  a.host.name.localeCompare(b.host.name) || (a.host.id < b.host.id ? -1 : 1);

/** Hosts handed one at a time (a copy, or pages); `result` gives the rows and counts. */
export function createChangeScan(request: ChangeScanRequest) {
  const { window, kinds } = request;
  const hosts = kinds.has('hosts');
  const ports = request.rowsKnown && kinds.has('ports');
  const services = request.rowsKnown && kinds.has('services');
  const added: ChangeRow[] = [];
  const gone: ChangeRow[] = [];
  const changed: ChangeRow[] = [];
  const counts = {
    ports_opened: 0,
    ports_closed: 0,
    services_appeared: 0,
    services_disappeared: 0,
  };
  return {
    consider(host: InventoryHost) {
      if (!request.inScope(host)) return;
      if (isNewSince(host, window.from)) {
        if (hosts) added.push(row('new', host, host.created_at));
        return;
      }
      if (isGoneSince(host, window.from)) {
        const seen = lastSeenOf(host);
        if (hosts && request.goneKnown && seenBefore(seen, window))
          gone.push(row('gone', host, seen));
        return;
      }
      const p = ports ? rowChanges(host.ports, host, window) : undefined;
      const s = services ? rowChanges(host.services, host, window) : undefined;
      const total =
        (p?.opened.length ?? 0) +
        (p?.closed.length ?? 0) +
        (s?.opened.length ?? 0) +
        (s?.closed.length ?? 0);
      if (total === 0) return;
      counts.ports_opened += p?.opened.length ?? 0;
      counts.ports_closed += p?.closed.length ?? 0;
      counts.services_appeared += s?.opened.length ?? 0;
      counts.services_disappeared += s?.closed.length ?? 0;
      changed.push({
        ...row('changed', host, undefined),
        portsOpened: p?.opened ?? NONE,
        portsClosed: p?.closed ?? NONE,
        servicesAppeared: s?.opened ?? NONE,
        servicesDisappeared: s?.closed ?? NONE,
      });
    },
    result(): { rows: ChangeRow[]; counts: ChangeCounts } {
      added.sort(byTimeThenId);
      gone.sort(byTimeThenId);
      changed.sort(byNameThenId);
      return {
        rows: [...added, ...gone, ...changed],
        counts: {
          ...(hosts ? { hosts_new: added.length } : {}),
          ...(hosts && request.goneKnown ? { hosts_gone: gone.length } : {}),
          ...(ports || services ? { hosts_changed: changed.length } : {}),
          ...(ports
            ? { ports_opened: counts.ports_opened, ports_closed: counts.ports_closed }
            : {}),
          ...(services
            ? {
                services_appeared: counts.services_appeared,
                services_disappeared: counts.services_disappeared,
              }
            : {}),
        },
      };
    },
  };
}

function row(change: ChangeRow['change'], host: InventoryHost, at: string | undefined): ChangeRow {
  return {
    change,
    host,
    at,
    portsOpened: NONE,
    portsClosed: NONE,
    servicesAppeared: NONE,
    servicesDisappeared: NONE,
  };
}
