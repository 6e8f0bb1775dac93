// Spent tokens and approvals in Redis (NETWORK_DISCOVERY_REDIS_URL): replicas on several machines share one record; loaded only when set.
import { createClient } from 'redis';
import { type SpentStore, SpentStoreError } from './spent-record.js';

const PREFIX = 'network-discovery-mcp:spent:';
/** A store that does not answer within this refuses the write rather than hold the call. */
const ANSWER_MS = 5_000;

/**
 * `SET key 1 NX PX ttl`: Redis sets a key for exactly one of the clients racing to set it, so of
 * two replicas redeeming one token at once exactly one writes. The key expires with the token.
 * Connected once, on first use; a lost connection fails calls at once (no offline queue) and is
 * tried again on the next call.
 */
export async function redisSpentStore(url: string, now: () => number): Promise<SpentStore> {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: ANSWER_MS,
      // The first connection fails at once (the call reports it); a lost one is tried again.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(retries * 200, 2_000) : cause),
    },
  });
  let lastError = '';
  // Without a listener an unreachable Redis would end the process; the call that needs it reports it.
  client.on('error', (error: unknown) => {
    const code = (error as { code?: unknown }).code;
    lastError = typeof code === 'string' ? code : 'error';
  });
  const answer = async <T>(what: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      return await Promise.race([
        what,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new Error('no answer in time'));
          }, ANSWER_MS);
        }),
      ]);
    } catch {
      // The URL may hold a password: the message names neither it nor the URL.
      const why = lastError || (timedOut ? 'no answer within 5 s' : 'refused');
      throw new SpentStoreError(
        `the record of used confirmations in Redis (NETWORK_DISCOVERY_REDIS_URL) could not be reached (${why})`,
      );
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    await answer(client.connect());
    connected = true;
  } catch (error) {
    // Else it would go on reconnecting in the background; the next write opens a fresh client.
    try {
      client.destroy();
    } catch {}
    throw error;
  }
  return {
    where: 'Redis (NETWORK_DISCOVERY_REDIS_URL)',
    has: async (key) => (await answer(client.exists(PREFIX + key))) > 0,
    spend: async (key, expiresAt) => {
      const ttl = Math.max(1, expiresAt - now());
      const set = await answer(
        client.set(PREFIX + key, '1', { condition: 'NX', expiration: { type: 'PX', value: ttl } }),
      );
      return set === 'OK';
    },
    close: async () => {
      await client.close().catch(() => {});
    },
  };
}
