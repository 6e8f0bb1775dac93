// Where spent confirmation tokens and app approvals are recorded: one process, a directory beside the audit log, or Redis.
import { sha256Base64url } from '../lazy-crypto.js';
import { type SpentStore, SpentStoreError } from './spent-record.js';

export { type SpentStore, SpentStoreError } from './spent-record.js';

/**
 * What a store holds for a token or approval: a digest of it, never the thing itself, with its
 * expiry first so a directory store can sweep by name. Only [0-9a-z.A-Z_-] (safe as a file name).
 */
export function spentKey(
  kind: 'token' | 'approval',
  secretPart: string,
  expiresAt: number,
): string {
  return `${expiresAt.toString(36)}.${kind}.${sha256Base64url(`${kind}:${secretPart}`).slice(0, 43)}`;
}

/** The record of one process, as before: enough for stdio and a single --http instance. */
export function memorySpentStore(now: () => number): SpentStore {
  const spent = new Map<string, number>();
  const sweep = () => {
    const time = now();
    for (const [key, expiry] of spent) if (expiry < time) spent.delete(key);
  };
  return {
    where: 'this process only',
    has: async (key) => {
      sweep();
      return spent.has(key);
    },
    spend: async (key, expiresAt) => {
      sweep();
      if (spent.has(key)) return false;
      spent.set(key, expiresAt);
      return true;
    },
    close: async () => {},
  };
}

export interface SpentStoreSettings {
  /** NETWORK_DISCOVERY_REDIS_URL: replicas on several machines. */
  readonly redisUrl?: string | undefined;
  /** NETWORK_DISCOVERY_AUDIT_LOG: replicas on one machine share the directory beside it. */
  readonly auditLogPath?: string | undefined;
  readonly uid?: number | undefined;
  readonly now: () => number;
}

/**
 * Redis when a URL is set, else a directory beside the audit log, else this process's memory.
 * The shared ones are opened on first use, so a session that never writes loads and opens nothing.
 */
export function createSpentStore(settings: SpentStoreSettings): SpentStore {
  const { redisUrl, auditLogPath, now } = settings;
  if (redisUrl) {
    return lazyStore('Redis (NETWORK_DISCOVERY_REDIS_URL)', () =>
      import('./spent-redis.js').then((m) => m.redisSpentStore(redisUrl, now)),
    );
  }
  if (auditLogPath) {
    const dir = `${auditLogPath}.spent`;
    return lazyStore(dir, () =>
      import('./spent-file.js').then((m) => m.fileSpentStore(dir, settings.uid, now)),
    );
  }
  return memorySpentStore(now);
}

function lazyStore(where: string, open: () => Promise<SpentStore>): SpentStore {
  let opened: Promise<SpentStore> | undefined;
  const store = () => {
    opened ??= open().catch((error: unknown) => {
      // The next write tries again: a store that was down may be up by then.
      opened = undefined;
      throw error instanceof SpentStoreError
        ? error
        : new SpentStoreError(`the record of used confirmations (${where}) could not be opened`);
    });
    return opened;
  };
  return {
    where,
    has: async (key) => (await store()).has(key),
    spend: async (key, expiresAt) => (await store()).spend(key, expiresAt),
    close: async () => {
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}
