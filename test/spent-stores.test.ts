// The spent stores' claim itself, in Redis and the directory: of claims on one key, from one client or several at once, exactly one wins, with or without the "already spent?" read before it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../src/confirm/confirmation-token.js';
import { fileSpentStore } from '../src/confirm/spent-file.js';
import { redisSpentStore } from '../src/confirm/spent-redis.js';
import { type SpentStore, spentKey } from '../src/confirm/spent-store.js';
import { useRedis } from './redis-server.js';

const SECRET = 'spent-store-secret-0123456789abcdef';
const CLAIMS = 8;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The store as a replica that lost the race of the read would see it: never yet spent. */
const withoutRead = (store: SpentStore): SpentStore => ({ ...store, has: async () => false });

const EXPIRES_AT = Date.now() + 60_000;
/** A key as the signer makes it: its expiry first, which the directory's sweep reads. */
const keyOf = (name: string) => spentKey('token', name, EXPIRES_AT);
const expiry = () => EXPIRES_AT;

/** `CLAIMS` claims on one key at once, one per store; how many won. */
async function raceClaims(stores: readonly SpentStore[], name: string): Promise<number> {
  const key = keyOf(name);
  const won = await Promise.all(stores.map((store) => store.spend(key, expiry())));
  return won.filter(Boolean).length;
}

/** One token redeemed by a signer on each store at once (the same secret: replicas); how many were let through. */
async function raceRedeems(stores: readonly SpentStore[]): Promise<number> {
  const signers = stores.map((store) => createTokenSigner(SECRET, Date.now, withoutRead(store)));
  const bound = { values: { id: 'one-credential' }, state: 'same-state' };
  const { token } = (signers[0] as (typeof signers)[number]).issue(bound);
  const checks = await Promise.all(signers.map((signer) => signer.redeem(token, bound)));
  return checks.filter((check) => check.valid).length;
}

describe('Redis (NETWORK_DISCOVERY_REDIS_URL)', () => {
  const redisUrl = useRedis();

  /** `count` clients, as many replicas would hold. */
  async function clients(count: number): Promise<SpentStore[]> {
    const url = redisUrl();
    const stores = await Promise.all(
      Array.from({ length: count }, () => redisSpentStore(url, Date.now)),
    );
    cleanups.push(() => Promise.all(stores.map((store) => store.close())).then(() => {}));
    return stores;
  }

  it('claims a key once: a second claim from the same client is refused', async () => {
    const [store] = await clients(1);
    if (!store) throw new Error('a client expected');
    const key = keyOf('redis-once');
    expect(await store.spend(key, expiry())).toBe(true);
    expect(await store.spend(key, expiry())).toBe(false);
    expect(await store.has(key)).toBe(true);
  });

  it('of several clients claiming one key at once, exactly one wins', async () => {
    expect(await raceClaims(await clients(CLAIMS), 'redis-race')).toBe(1);
  });

  it('with the read before the claim removed, one token redeemed on several replicas at once is let through once', async () => {
    expect(await raceRedeems(await clients(CLAIMS))).toBe(1);
  });
});

describe('the directory beside the audit log', () => {
  const stores = (count: number): SpentStore[] => {
    const dir = mkdtempSync(join(tmpdir(), 'spent-stores-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'audit.log.spent');
    return Array.from({ length: count }, () => fileSpentStore(path, process.getuid?.(), Date.now));
  };

  it('of several stores on one directory claiming one key at once, exactly one wins', async () => {
    expect(await raceClaims(stores(CLAIMS), 'file-race')).toBe(1);
  });

  it('with the read before the claim removed, one token redeemed on several replicas at once is let through once', async () => {
    expect(await raceRedeems(stores(CLAIMS))).toBe(1);
  });
});
