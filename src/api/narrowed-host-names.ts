// Names of the few hosts a page names, asked of the host list's `ids` filter instead of reading the list whole.
import type { ApiClient, Named } from './client.js';
import { CancelledError, HttpError } from './errors.js';
import {
  FAILURE_TTL_MS,
  failureNote,
  type KindResult,
  lookupOf,
  NAMES_TTL_MS,
  namedItems,
} from './name-results.js';
import { isServiceId } from './service-id.js';

/**
 * Hosts named by one narrowed read at most: 100 ids are ~4 KB of query. Past it (a page naming
 * more hosts than that) the host list is read whole, as without the filter.
 */
export const MAX_NARROWED_IDS = 100;
/**
 * Host names one caller remembers from narrowed reads; the oldest go first beyond this. As many as
 * the whole list names: with 200 callers over --http (MAX_CALLERS) that is ~200 KB each at most,
 * what their whole lists held before.
 */
export const MAX_NARROWED_NAMES = 1_000;

/** The caller's whole host list, as name-directory.ts keeps it. */
export interface WholeHostList {
  /** Read (or reuse) the whole list. */
  whole(api: ApiClient, signal: AbortSignal): Promise<KindResult>;
  /** The whole list if it is read and fresh, without a request. */
  held(): KindResult | undefined;
  /** Keep this page as the whole list: the service answered the filter with it. */
  adopt(result: KindResult): void;
}

interface Known {
  /** Undefined: asked for, and not in the answer (gone, or outside the key's networks). */
  readonly name: string | undefined;
  readonly expires: number;
}

/**
 * A page of discoveries names its SelfReport and Docker jobs' hosts, 37 of them in the bench's
 * page of 50. The host list carries each host's whole record on 0.14 to 0.17.20 (~930 KB for
 * 1,000 hosts, read once a minute per caller), and names only its first 1,000. So the list is
 * asked for these hosts only, with its `ids` filter (declared since 0.14.13; OpenAPI's default
 * array style, the key repeated). Whether a service honours it is told by its answer, not assumed:
 * - only hosts asked for: honoured; each name is kept a minute, and an asked host not in the
 *   answer is kept as unnamed, so the next call asks nothing;
 * - any other host: the filter was ignored and the answer is the list's first page, exactly what
 *   the whole read gets; it is kept as the whole list and this caller stops sending the filter;
 * - 400 or 422 (a query the service cannot read): the whole list is read, and the filter is not
 *   sent again.
 */
export function createNarrowedHosts(now: () => number, list: WholeHostList) {
  const known = new Map<string, Known>();
  let unhonoured = false;
  let failed: { readonly until: number; readonly result: KindResult } | undefined;
  let reading: Promise<KindResult | undefined> | undefined;

  const remember = (id: string, name: string | undefined, expires: number) => {
    known.delete(id);
    known.set(id, { name, expires });
    if (known.size <= MAX_NARROWED_NAMES) return;
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  };

  /** The narrowed read of `missing`; undefined when its names are now kept in `known`. */
  const ask = async (
    api: ApiClient,
    missing: readonly string[],
    signal: AbortSignal,
  ): Promise<KindResult | undefined> => {
    try {
      const page = await api.listNamed('hosts', signal, missing);
      const asked = new Set(missing);
      const items = namedItems(page.items);
      if (items.some((item) => !asked.has(item.id.toLowerCase()))) {
        unhonoured = true;
        const whole = lookupOf(items);
        list.adopt(whole);
        return whole;
      }
      const expires = now() + NAMES_TTL_MS;
      const named = new Map(items.map((item) => [item.id.toLowerCase(), item.name]));
      for (const id of missing) remember(id, named.get(id), expires);
      return undefined;
    } catch (error) {
      if (signal.aborted || error instanceof CancelledError) throw error;
      if (error instanceof HttpError && (error.status === 400 || error.status === 422)) {
        unhonoured = true;
        return list.whole(api, signal);
      }
      const result: KindResult = { ok: false, note: failureNote('hosts', error) };
      failed = { until: now() + FAILURE_TTL_MS, result };
      return result;
    }
  };

  return {
    /** Names for these hosts; never the whole list's other hosts unless the service sent them. */
    async named(api: ApiClient, ids: readonly string[], signal: AbortSignal): Promise<KindResult> {
      // An id of another shape names no host the list could return: it is not asked for.
      const wanted = [...new Set(ids.filter(isServiceId).map((id) => id.toLowerCase()))];
      if (unhonoured || wanted.length > MAX_NARROWED_IDS) return list.whole(api, signal);
      const held = list.held();
      if (held?.ok && wanted.every((id) => held.byId.has(id))) return held;
      // One narrowed read at a time per caller: the next asks only what the last did not name.
      while (reading) await reading.catch(() => undefined);
      if (unhonoured) return list.whole(api, signal);
      if (failed && failed.until > now()) return failed.result;
      const at = now();
      const missing = wanted.filter((id) => (known.get(id)?.expires ?? 0) <= at);
      if (missing.length > 0) {
        const read = ask(api, missing, signal);
        reading = read;
        try {
          const answered = await read;
          if (answered) return answered;
        } finally {
          if (reading === read) reading = undefined;
        }
      }
      const items: Named[] = [];
      const unseen = new Set<string>();
      for (const id of wanted) {
        const entry = known.get(id);
        if (entry?.name !== undefined) items.push({ id, name: entry.name });
        else if (entry) unseen.add(id);
      }
      return { ...lookupOf(items), unseen };
    },
  };
}
