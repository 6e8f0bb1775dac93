// Each caller's kept topology bundles (0.17.15+), beside its host copy: one read per network per freshness window, only the neighbour rows kept, read again whenever the host copy is.
import { LRUCache } from 'lru-cache';
import type { ApiClient } from '../client.js';
import type { Endpoint } from '../errors.js';
import type { TopologyLinks } from '../families/links.js';
import { isFresh } from '../freshness.js';
import { createFlights, join } from './shared-read.js';

const TOPOLOGY: Endpoint = { method: 'GET', path: '/api/v1/topology/data' };
/** Network bundles kept in all. */
const MAX_BUNDLES = 64;
/**
 * Neighbour rows that weigh one host against the hosts ceiling (NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS):
 * a parsed row with its advertised LLDP text holds ~300 bytes of heap (bench/links.ts), a kept host
 * ~2.1 KB (bench/inventory.ts, bench/heap-snapshot.ts).
 */
export const ROWS_PER_HOST = 10;

/** What a kept bundle weighs in hosts: a tenth of a host a row, at least one. */
export const bundleWeight = (links: TopologyLinks): number =>
  Math.max(1, Math.ceil(links.neighbours.length / ROWS_PER_HOST));

/** Whether `hosts` more fit under the ceiling at `at` (letting go of what is too old to answer from). */
export type Room = (hosts: number, at: number) => boolean;

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
  /** What the kept bundles weigh in hosts, every caller together. */
  weight(): number;
  /** Lets go of the bundles too old to answer from at `at`. */
  dropStale(at: number): void;
}

/**
 * One pool per process, keyed by caller and network: callers' bundles never mix. A bundle is kept
 * only when `room` has place for its weight beside the host copies (one ceiling for both); one
 * that finds none still answers its question and is read again for the next, as a host list past
 * the ceiling is.
 */
export function createLinksPool(room: Room = () => true): LinksPool {
  const kept = new LRUCache<string, Kept>({
    max: MAX_BUNDLES,
    maxSize: Number.MAX_SAFE_INTEGER,
    sizeCalculation: (k) => bundleWeight(k.links),
  });
  const flights = createFlights<Kept>();

  const read = (key: string, api: ApiClient, id: string, options: LinksReadOptions) =>
    flights.start(key, async (flight) => {
      const readAt = options.now();
      const links = await api.readTopologyLinks(id, flight.controller.signal);
      const entry: Kept = { links, readAt, hostsReadAt: options.hostsReadAt };
      if (flights.current(key, flight) && room(bundleWeight(links), options.now())) {
        kept.set(key, entry);
      }
      return entry;
    });

  return {
    weight: () => kept.calculatedSize,
    dropStale(at) {
      for (const [key, k] of kept.entries()) if (!isFresh(k.readAt, at)) kept.delete(key);
    },
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
            // Without a host copy (one host's neighbours) a bundle's age alone rules; with one, the same copy.
            const same =
              options.hostsReadAt === undefined || held?.hostsReadAt === options.hostsReadAt;
            if (held && isFresh(held.readAt, options.now()) && same) {
              bundles.push(held.links);
              continue;
            }
            kept.delete(key);
            let flight = flights.running(key);
            if (!flight) {
              requests++;
              flight = read(key, api, id, options);
            }
            bundles.push((await join(flight, options.signal, TOPOLOGY)).links);
          }
          return { bundles, requests };
        },
      };
    },
  };
}
