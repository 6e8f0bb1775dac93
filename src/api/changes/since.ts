// The one definition of "new since T" and "gone since T": the host filters and counts by date and the change report all read it here.
import { lastSeenOf } from '../inventory-facts.js';
import type { InventoryHost } from '../inventory-model.js';

/** An instant of the service's text in ms; NaN when absent or unreadable (it then meets no test). */
export const instantOfText = (iso: string | undefined) =>
  iso === undefined ? Number.NaN : Date.parse(iso);

/** First seen at or after `at`: a host created exactly at `at` is new since `at`. */
export const isNewSince = (host: InventoryHost, at: number) => instantOfText(host.created_at) >= at;

/** Last seen before `at`: seen once, not at or after `at` (the not-seen-since filter). */
export const isGoneSince = (host: InventoryHost, at: number) =>
  instantOfText(lastSeenOf(host)) < at;

/** A port or service row's own sightings (0.17.0+ keeps them per row). */
export interface RowSightings {
  readonly first_seen_at?: string | undefined;
  readonly last_seen_at?: string | undefined;
}

/**
 * A row of a host that was there before `at` and is still seen (the host is neither new nor gone
 * since `at`) whose first sighting is at or after `at`: opened (a port) or appeared (a service).
 * A new host's rows are part of the new host, a gone host's of the gone host: not counted twice.
 */
export const rowNewSince = (row: RowSightings, host: InventoryHost, at: number) =>
  instantOfText(row.first_seen_at) >= at && !isNewSince(host, at) && !isGoneSince(host, at);

/**
 * A row not seen at or after `at` on a host that was: the runs that saw the host since `at` did
 * not see the row, so it closed (a port) or disappeared (a service).
 */
export const rowGoneSince = (row: RowSightings, host: InventoryHost, at: number) =>
  instantOfText(row.last_seen_at) < at && !isGoneSince(host, at);
