// Each caller's kept topology bundles (0.17.15+), beside its host copy: one read per network per freshness window, only the neighbour rows kept, read again whenever the host copy is.
import { LRUCache } from 'lru-cache';
import type { ApiClient } from '../client.js';
import { CancelledError, type Endpoint } from '../errors.js';
import type { TopologyLinks } from '../families/links.js';
import { MAX_AGE_MS } from '../freshness.js';

const TOPOLOGY: Endpoint = { method: 'GET', path: '/api/v1/topology/data' };
/** Neighbour rows kept in all, every caller together (a row is ~300 bytes once parsed). */
const MAX_KEPT_ROWS = 200_000;
/** Network bundles kept in all. */
const MAX_BUNDLES = 64;

interface Kept {
  readonly links: TopologyLinks;
  readonly readAt: number;
  /** The host copy it was read beside: a new host read (something changed) reads it again too. */
  readonly hostsReadAt: number | undefined;
}

export interface LinksReadOptions {
  readonly signal: AbortSignal;
  readonly now: () => number;
  /** When the host copy this question answers from was read; undefined without a copy. */
  readonly hostsReadAt: number | undefined;
  readonly refresh?: boolean | undefined;
}

export interface KeptLinks {
  /**
   * The bundles of these networks: each kept one younger than the maximum age and read beside the
   * same host copy, the others read now (one request each, shared with this caller's questions in
   * flight). `requests` counts what this question sent.
   */
  networks(
    api: ApiClient,
    ids: readonly string[],
    options: LinksReadOptions,
  ): Promise<{ readonly bundles: readonly TopologyLinks[]; readonly requests: number }>;
}

export interface LinksPool {
  forCaller(caller: string): KeptLinks;
}

interface Flight {
  readonly controller: AbortController;
  waiters: number;
  readonly result: Promise<Kept>;
}

/** One pool per process, keyed by caller and network: callers' bundles never mix. */
export function createLinksPool(): LinksPool {
  const kept = new LRUCache<string, Kept>({
    max: MAX_BUNDLES,
    maxSize: MAX_KEPT_ROWS,
    sizeCalculation: (k) => Math.max(1, k.links.neighbours.length),
  });
  const flights = new Map<string, Flight>();

  const read = (key: string, api: ApiClient, id: string, options: LinksReadOptions) => {
    const controller = new AbortController();
    const readAt = options.now();
    const result = api.readTopologyLinks(id, controller.signal).then((links) => {
      const entry: Kept = { links, readAt, hostsReadAt: options.hostsReadAt };
      if (flights.get(key) === flight) kept.set(key, entry);
      return entry;
    });
    const flight: Flight = { controller, waiters: 0, result };
    flights.set(key, flight);
    const done = () => flights.get(key) === flight && flights.delete(key);
    result.then(done, done);
    return flight;
  };

  return {
    forCaller(caller) {
      return {
        async networks(api, ids, options) {
          let requests = 0;
          const bundles: TopologyLinks[] = [];
          // One network at a time: a large site's bundle is megabytes, and three at once would
          // hold them all in the process-wide response budget together (and wait on each other).
          for (const id of ids) {
            const key = `${caller}\u0000${id}`;
            const held = options.refresh ? undefined : kept.get(key);
            const age = held ? options.now() - held.readAt : Number.NaN;
            // Without a host copy (one host's neighbours) a bundle's age alone rules; with one, the same copy.
            const same =
              options.hostsReadAt === undefined || held?.hostsReadAt === options.hostsReadAt;
            if (held && age >= 0 && age < MAX_AGE_MS && same) {
              bundles.push(held.links);
              continue;
            }
            kept.delete(key);
            let flight = flights.get(key);
            if (!flight || flight.controller.signal.aborted) {
              requests++;
              flight = read(key, api, id, options);
            }
            bundles.push((await join(flight, options.signal)).links);
          }
          return { bundles, requests };
        },
      };
    },
  };
}

/** Waits for a shared read; the last question to leave aborts it. */
function join(flight: Flight, signal: AbortSignal): Promise<Kept> {
  flight.waiters++;
  return new Promise((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return false;
      left = true;
      flight.waiters--;
      signal.removeEventListener('abort', onAbort);
      return true;
    };
    const onAbort = () => {
      if (!leave()) return;
      if (flight.waiters === 0) flight.controller.abort();
      reject(new CancelledError(TOPOLOGY));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    flight.result.then(
      (value) => leave() && resolve(value),
      (error: unknown) => leave() && reject(error),
    );
  });
}
