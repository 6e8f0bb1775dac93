// One name list read as a lookup (names by lower-case id) or as the note saying why it could not be read, and how long either is kept.
import { serviceText } from '../safety/sanitize.js';
import { markServiceData } from '../safety/service-data-mark.js';
import type { Named, NamedKind } from './client.js';
import { ApiError, EndpointNotOfferedError, HttpError } from './errors.js';
import { MAX_AGE_MS } from './freshness.js';

/** A conversation makes a few calls a minute: one read per list per minute, not per call. */
export const NAMES_TTL_MS = MAX_AGE_MS;
/** A failed list is asked again sooner: a 500 is often passing. */
export const FAILURE_TTL_MS = 10_000;

/** Names are service text: one line, and no longer than the service allows (100). */
const MAX_NAME = 100;

export type KindResult =
  | {
      readonly ok: true;
      readonly byId: ReadonlyMap<string, string>;
      readonly list: Named[];
      /** Lower-case ids asked of a list filter the service honoured, absent from its answer. */
      readonly unseen?: ReadonlySet<string>;
    }
  | { readonly ok: false; readonly note: string };

export const LABEL: Record<NamedKind, string> = {
  networks: 'networks',
  daemons: 'daemons',
  tags: 'tags',
  hosts: 'hosts',
};

export function failureNote(kind: NamedKind, error: unknown): string {
  const what = `${LABEL[kind]} are shown by id`;
  if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
    return `${what}: this key may not list ${LABEL[kind]} (HTTP ${error.status}).`;
  }
  if (error instanceof EndpointNotOfferedError) {
    return `${what}: this service does not offer a list of ${LABEL[kind]}.`;
  }
  if (error instanceof HttpError) return `${what}: listing them failed (HTTP ${error.status}).`;
  if (error instanceof ApiError) return `${what}: listing them failed (${error.kind}).`;
  return `${what}: listing them failed.`;
}

/** Items as the service sent them, each name made one line and capped. */
export function namedItems(items: readonly Named[]): Named[] {
  return items.map((item) => ({
    id: item.id,
    name: markServiceData(serviceText(item.name, MAX_NAME)),
  }));
}

/** A lookup of already-cleaned items, keyed in lower case: an item may name its id in capitals. */
export function lookupOf(list: Named[]): KindResult & { ok: true } {
  return { ok: true, byId: new Map(list.map((item) => [item.id.toLowerCase(), item.name])), list };
}

/** A page of a name list as a lookup. */
export const resultOf = (items: readonly Named[]) => lookupOf(namedItems(items));
