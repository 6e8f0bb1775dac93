// Each caller's kept copy of the host list: read once, probed before every answer, at most a minute old, one read in flight per caller, least recently used out first.
import { LRUCache } from 'lru-cache';
import { ToolMessageError } from '../../errors.js';
import type { ApiClient } from '../client.js';
import type { Endpoint } from '../errors.js';
import { isFresh, MAX_AGE_MS } from '../freshness.js';
import {
  type HostRead,
  type HostStamp,
  probeHosts,
  type ReadProgress,
  readHosts,
} from './host-read.js';
import { createLinksPool, type KeptLinks } from './kept-links.js';
import { createFlights, join } from './shared-read.js';

/**
 * What the probe cannot see (a port opened on a host it already counts) is read again at most this
 * long after: the same minute the side lists (networks, subnets, credentials, discoveries) keep.
 */
export const KEPT_MAX_AGE_MS = MAX_AGE_MS;
/**
 * A copy holds at most this many hosts (one copy of 20,000 hosts with 100,000 ports is ~41 MB of
 * heap, ~2.1 KB a host, on 0.14.13 and 0.17.22: bench/inventory.ts, bench/heap-snapshot.ts). A
 * service listing more is read page by page for every question, as
 * before there were copies: memory stays bounded by one page.
 */
export const MAX_COPY_HOSTS = 25_000;
/**
 * Callers whose copies are kept at once (HTTP mode: one per API key). With 4, a fifth key evicted
 * the least recent copy, so keys taking turns re-read the whole list on every question (869
 * service requests for 8 keys); the host ceiling below is what bounds memory.
 */
export const MAX_COPIES = 64;
/** Refusals remembered at once, one per caller. */
const MAX_REFUSALS = 1_000;
/**
 * Hosts held at once in kept copies plus reads in flight plus kept topology bundles (ten neighbour
 * rows weigh a host: kept-links.ts' ROWS_PER_HOST), all callers together
 * (NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS): ~2.1 KB of heap a host (bench/heap-snapshot.ts), so
 * 50,000 is ~105 MB. Reads in flight had no ceiling (7 keys at 12,000 hosts peaked at 441-524 MB).
 */
export const DEFAULT_INVENTORY_MAX_HOSTS = 2 * MAX_COPY_HOSTS;

const HOSTS: Endpoint = { method: 'GET', path: '/api/v1/hosts' };

interface HostCopy extends HostRead {
  /** When the read began, on the tools' clock: its age is counted from there. */
  readonly readAt: number;
  readonly stamp: HostStamp & { readonly ordered: boolean };
}

/** The hosts a question is answered from. */
export interface KeptHosts extends HostRead {
  readonly readAt: number;
  /** True when read before this question and found unchanged by the probe. */
  readonly kept: boolean;
}

export interface HostReadOptions {
  readonly signal: AbortSignal;
  /** The tools' clock: ages are counted on it. */
  readonly now: () => number;
  /** Read again whatever the copy's age. */
  readonly refresh?: boolean | undefined;
  /** Pages read so far of all, during a read this question waits for. */
  readonly progress?: ReadProgress | undefined;
  /**
   * How long this question waits for a read before it answers that the read goes on (the read
   * then continues for the next question): below the time a client gives a call.
   */
  readonly patienceMs?: number | undefined;
}

/**
 * A first read of a large host list outlasted the question's patience: the read goes on, and the
 * same question asked again joins it or is answered from the copy it leaves.
 */
export class StillReadingError extends ToolMessageError {
  override name = 'StillReadingError';
  constructor(
    readonly done: number,
    readonly total: number,
    waitedMs: number,
  ) {
    super(
      `Still reading the host list: ${done.toLocaleString('en-US')} of ${total > 0 ? total.toLocaleString('en-US') : 'all'} hosts after ${Math.round(waitedMs / 1000)} s (the service allows 300 requests a minute, so a first read of a large list takes a while). Nothing is wrong and the read goes on: ask the same question again in about 30 s and it is answered from the hosts read.`,
    );
  }
}

/**
 * Why no copy was made: the service lists more hosts than one copy may hold, or the pool, shared by
 * every caller, has no room for this caller's hosts now (NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS).
 */
export type CopyRefusal =
  | {
      readonly reason: 'size';
      /** MAX_COPY_HOSTS. */
      readonly ceiling: number;
      /** The hosts the probe counted; undefined when a read outgrew the cap the probe was under. */
      readonly hosts?: number | undefined;
    }
  | {
      readonly reason: 'room';
      /** The pool's ceiling (NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS), shared by every caller. */
      readonly ceiling: number;
      /** The hosts the probe counted for this caller. */
      readonly hosts: number;
    };

export interface KeptInventory {
  /**
   * This caller's hosts: the kept copy when it is younger than KEPT_MAX_AGE_MS and the probe finds
   * the same total and newest host, else a new read (shared with this caller's other questions in
   * flight). Undefined when no copy may be made (refusal() says why): read page by page instead.
   */
  hosts(api: ApiClient, options: HostReadOptions): Promise<KeptHosts | undefined>;
  /** Whether a copy young enough to be probed is held (no request). */
  holds(now: number): boolean;
  /** Why this caller's last read made no copy; undefined once a copy was made. */
  refusal(): CopyRefusal | undefined;
  /** This caller's topology bundles (0.17.15+), kept beside the host copy under the same rules. */
  readonly links: KeptLinks;
}

export interface InventoryPool {
  forCaller(caller: string): KeptInventory;
}

const sameStamp = (a: HostStamp, b: HostStamp) => a.total === b.total && a.newest === b.newest;

export interface InventoryPoolOptions {
  /** Hosts in kept copies plus reads in flight plus kept bundles' weight (DEFAULT_INVENTORY_MAX_HOSTS). */
  readonly maxHosts?: number | undefined;
}

/**
 * One pool per process: callers' copies never mix, and one ceiling bounds them all together. A
 * read reserves the hosts its probe counted before it starts; copies past their age are let go to
 * make room, fresh ones never (evicting a fresh copy for another key's read made keys taking
 * turns re-read on every question). A caller finding no room is read page by page, as a list
 * past MAX_COPY_HOSTS is: its memory is a page, and the kept copies stay.
 */
export function createInventoryPool(options: InventoryPoolOptions = {}): InventoryPool {
  const ceiling = options.maxHosts ?? DEFAULT_INVENTORY_MAX_HOSTS;
  const copies = new LRUCache<string, HostCopy>({
    max: MAX_COPIES,
    maxSize: ceiling,
    sizeCalculation: (copy) => Math.max(1, copy.hosts.length),
  });
  const flights = createFlights<HostCopy | undefined>();
  /** Each caller's last refusal, until a copy is made (callers are bounded by the name directories). */
  const refusals = new Map<string, CopyRefusal>();
  const refuse = (caller: string, refusal: CopyRefusal) => {
    if (refusals.size >= MAX_REFUSALS) refusals.clear();
    refusals.set(caller, refusal);
    return undefined;
  };
  /** Hosts reserved by reads in flight, by caller. */
  const reserved = new Map<string, number>();
  /** Room for `hosts` more (kept topology bundles weigh in too), after letting go of what is too old to answer from. */
  const room = (hosts: number, at: number): boolean => {
    const used = () =>
      [...reserved.values()].reduce((a, b) => a + b, 0) +
      [...copies.values()].reduce((a, copy) => a + Math.max(1, copy.hosts.length), 0) +
      links.weight();
    if (used() + hosts <= ceiling) return true;
    for (const [caller, copy] of copies.entries()) {
      if (!isFresh(copy.readAt, at)) copies.delete(caller);
    }
    links.dropStale(at);
    return used() + hosts <= ceiling;
  };
  const links = createLinksPool(room);

  const start = (caller: string, api: ApiClient, now: () => number, ordered: boolean) =>
    flights.start(caller, async (flight) => {
      const { signal } = flight.controller;
      const readAt = now();
      const stamp = await probeHosts(api, signal, ordered);
      if (stamp.total > MAX_COPY_HOSTS) {
        return refuse(caller, { reason: 'size', hosts: stamp.total, ceiling: MAX_COPY_HOSTS });
      }
      if (!room(Math.max(1, stamp.total), now())) {
        return refuse(caller, { reason: 'room', hosts: stamp.total, ceiling });
      }
      reserved.set(caller, Math.max(1, stamp.total));
      try {
        const read = await readHosts(api, signal, flight.progress, MAX_COPY_HOSTS);
        // More came back than the probe counted, past the cap: how many more is not known.
        if (!read) return refuse(caller, { reason: 'size', ceiling: MAX_COPY_HOSTS });
        const copy: HostCopy = { ...read, requests: read.requests + 1, readAt, stamp };
        reserved.delete(caller);
        copies.set(caller, copy);
        refusals.delete(caller);
        return copy;
      } finally {
        reserved.delete(caller);
      }
    });

  return {
    forCaller(caller) {
      return {
        links: links.forCaller(caller),
        async hosts(api, options) {
          const { signal, now } = options;
          let held = options.refresh ? undefined : copies.get(caller);
          if (options.refresh) copies.delete(caller);
          if (held && isFresh(held.readAt, now())) {
            const stamp = await probeHosts(api, signal, held.stamp.ordered);
            if (sameStamp(stamp, held.stamp)) return { ...held, requests: 1, kept: true };
          }
          const ordered = held?.stamp.ordered ?? true;
          if (held && copies.peek(caller) === held) copies.delete(caller);
          // Let go of the old copy before the new one is read: two are never held for one caller.
          held = undefined;
          const flight = flights.running(caller) ?? start(caller, api, now, ordered);
          const copy = await join(flight, signal, HOSTS, {
            progress: options.progress,
            patienceMs: options.patienceMs,
            outOfPatience: (done, total, waitedMs) => new StillReadingError(done, total, waitedMs),
          });
          return copy && { ...copy, kept: false };
        },
        holds(at) {
          const held = copies.peek(caller);
          return held !== undefined && isFresh(held.readAt, at);
        },
        refusal: () => refusals.get(caller),
      };
    },
  };
}
