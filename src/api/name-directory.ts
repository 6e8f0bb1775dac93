// Names of networks, daemons, tags and hosts by id, read from the service's lists and cached per caller.
import { sha256Base64url } from '../lazy-crypto.js';
import type { ApiClient, Named, NamedKind } from './client.js';
import { CancelledError } from './errors.js';
import {
  createInventoryPool,
  type InventoryPool,
  type KeptInventory,
} from './inventory/kept-inventory.js';
import {
  FAILURE_TTL_MS,
  failureNote,
  type KindResult,
  LABEL,
  NAMES_TTL_MS,
  resultOf,
} from './name-results.js';
import { createNarrowedHosts } from './narrowed-host-names.js';

export { NAMES_TTL_MS } from './name-results.js';

/** HTTP mode keeps one cache per API key; the oldest caller goes first beyond this. */
const MAX_CALLERS = 200;

/** What one call knows: names by id, the full lists for resolving names, and why any are missing. */
export interface Names {
  nameOf(id: string | undefined): string | undefined;
  /**
   * A host asked for by id (`hostIds`) that the host list's honoured filter left out: one this key
   * cannot read, so there is nothing to read it by id for.
   */
  unseen(id: string): boolean;
  /** The readable list of one kind, or undefined when it could not be read. */
  list(kind: NamedKind): readonly Named[] | undefined;
  /** One line per list that could not be read: ids stay in place. */
  readonly notes: readonly string[];
  /** Why this kind could not be read, if it could not. */
  failure(kind: NamedKind): string | undefined;
}

export interface NameDirectory {
  /**
   * Never rejects: a list that fails becomes a note, and the call goes on with ids. `hostIds`:
   * names for these hosts only (not the host list, which `kinds` would read whole), asked of the
   * host list's `ids` filter (narrowed-host-names.ts).
   */
  read(
    api: ApiClient,
    kinds: readonly NamedKind[],
    signal: AbortSignal,
    hostIds?: readonly string[],
  ): Promise<Names>;
  /**
   * This caller's copy of something derived from the service (the run-record index), built at most
   * once per NAMES_TTL_MS and shared by concurrent calls; built again when `stale` says so or the
   * build failed. A write of ours that changes it calls `forget`.
   */
  reuse<T>(
    key: string,
    build: () => Promise<T>,
    stale?: (value: T, builtAt: number) => boolean,
  ): Promise<T>;
  forget(key: string): void;
  /** This caller's kept host list (src/api/inventory/): what every host answer is computed from. */
  readonly inventory: KeptInventory;
}

async function readKind(api: ApiClient, kind: NamedKind, signal: AbortSignal): Promise<KindResult> {
  try {
    return resultOf((await api.listNamed(kind, signal)).items);
  } catch (error) {
    if (signal.aborted || error instanceof CancelledError) throw error;
    return { ok: false, note: failureNote(kind, error) };
  }
}

/**
 * One caller's cache: a list is read at most once per TTL, and concurrent calls share the read. The
 * caller's host copy lives in `pool` under `caller` (a pool of its own by default).
 */
export function createNameDirectory(
  now: () => number = Date.now,
  pool: InventoryPool = createInventoryPool(),
  caller = 'operator',
): NameDirectory {
  type Entry = { expires: number; result: Promise<KindResult>; settled?: KindResult };
  const cache = new Map<NamedKind, Entry>();
  const get = (api: ApiClient, kind: NamedKind, signal: AbortSignal): Promise<KindResult> => {
    const cached = cache.get(kind);
    if (cached && cached.expires > now()) return cached.result;
    const result = readKind(api, kind, signal);
    const entry: Entry = { expires: now() + NAMES_TTL_MS, result };
    cache.set(kind, entry);
    result.then(
      (done) => {
        entry.settled = done;
        if (!done.ok) entry.expires = now() + FAILURE_TTL_MS;
      },
      // A cancelled read is not remembered: the next call reads again.
      () => cache.get(kind) === entry && cache.delete(kind),
    );
    return result;
  };
  const hosts = createNarrowedHosts(now, {
    whole: (api, signal) => get(api, 'hosts', signal),
    held() {
      const entry = cache.get('hosts');
      return entry && entry.expires > now() ? entry.settled : undefined;
    },
    adopt(result) {
      const entry: Entry = { expires: now() + NAMES_TTL_MS, result: Promise.resolve(result) };
      entry.settled = result;
      cache.set('hosts', entry);
    },
  });
  const reused = new Map<string, { expires: number; builtAt: number; value: Promise<unknown> }>();
  return {
    async reuse<T>(
      key: string,
      build: () => Promise<T>,
      stale?: (value: T, builtAt: number) => boolean,
    ) {
      const held = reused.get(key);
      if (held && held.expires > now()) {
        const value = (await held.value) as T;
        if (!stale?.(value, held.builtAt)) return value;
      }
      const entry = {
        expires: now() + NAMES_TTL_MS,
        builtAt: now(),
        value: build() as Promise<unknown>,
      };
      reused.set(key, entry);
      // A failed or cancelled build is not remembered: the next call builds again.
      entry.value.catch(() => reused.get(key) === entry && reused.delete(key));
      return (await entry.value) as T;
    },
    forget: (key) => {
      reused.delete(key);
    },
    inventory: pool.forCaller(caller),
    async read(api, kinds, signal, hostIds) {
      const named = hostIds && !kinds.includes('hosts');
      const reads = kinds.map((kind) => get(api, kind, signal));
      if (named) reads.push(hosts.named(api, hostIds, signal));
      const settled = await Promise.all(
        reads.map((read, i) =>
          read.catch((): KindResult => {
            const kind = kinds[i] ?? 'hosts';
            return { ok: false, note: `${LABEL[kind]} are shown by id.` };
          }),
        ),
      );
      const read = named ? [...kinds, 'hosts' as const] : kinds;
      const results = new Map(read.map((kind, i) => [kind, settled[i] as KindResult]));
      return namesOf(results);
    },
  };
}

function namesOf(results: ReadonlyMap<NamedKind, KindResult>): Names {
  const notes: string[] = [];
  for (const result of results.values()) if (!result.ok) notes.push(result.note);
  return {
    nameOf(id) {
      if (id === undefined) return undefined;
      const key = id.toLowerCase();
      for (const result of results.values()) {
        const name = result.ok ? result.byId.get(key) : undefined;
        if (name) return name;
      }
      return undefined;
    },
    unseen(id) {
      const hosts = results.get('hosts');
      return hosts?.ok === true && hosts.unseen?.has(id.toLowerCase()) === true;
    },
    list: (kind) => {
      const result = results.get(kind);
      return result?.ok ? result.list : undefined;
    },
    failure: (kind) => {
      const result = results.get(kind);
      return result && !result.ok ? result.note : undefined;
    },
    notes,
  };
}

/** One directory per caller (API key), so what one key may read never shows through another. */
export function createNameDirectories(
  now: () => number = Date.now,
  pool: InventoryPool = createInventoryPool(),
) {
  const directories = new Map<string, NameDirectory>();
  return {
    /** The key is hashed: the map never holds a key in the clear. */
    forCaller(apiKey: string | undefined): NameDirectory {
      const caller = sha256Base64url(apiKey ?? '');
      let directory = directories.get(caller);
      if (!directory) {
        directory = createNameDirectory(now, pool, caller);
        if (directories.size >= MAX_CALLERS) {
          const oldest = directories.keys().next().value;
          if (oldest !== undefined) directories.delete(oldest);
        }
        directories.set(caller, directory);
      }
      return directory;
    },
  };
}
