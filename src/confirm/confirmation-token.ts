// Confirmation tokens: an HMAC over the exact arguments with an expiry, usable once across every process sharing the spent store.
import { nodeCrypto } from '../node-builtins.js';
import { memorySpentStore, type SpentStore, spentKey } from './spent-store.js';

export const TOKEN_TTL_MS = 5 * 60 * 1000;

export type TokenProblem = 'malformed' | 'expired' | 'mismatch' | 'used' | 'foreign';

export type TokenCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: TokenProblem };

export interface TokenSigner {
  issue(bound: unknown): { token: string; expiresAt: Date };
  /**
   * Checks a token against the arguments and, when valid, marks it used in the spent store; throws
   * SpentStoreError when the store cannot say, so a token is never let through unrecorded.
   */
  redeem(token: string, bound: unknown): Promise<TokenCheck>;
}

/** JSON with object keys sorted, so the same arguments always sign the same way. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * ct2.<key id>.<expiry in base 36>.<HMAC>. The key id (a digest of the signing key, not the key)
 * tells "signed by another process or before a restart" apart from "issued for other arguments".
 * The expiry has exactly one spelling (no leading zeros): the regex alone decides the format, and
 * the used record is keyed on the signature, so no re-spelling of a token redeems it twice.
 */
const TOKEN_FORMAT = /^ct2\.([A-Za-z0-9_-]{8})\.([1-9a-z][0-9a-z]{0,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * One signer per process. Its spent store is what makes a token single-use: this process's memory
 * by default, or a store the replicas share (spent-store.ts), so that of two replicas given one
 * token at once, both reading the same credential state, only one writes.
 */
export function createTokenSigner(
  secret: string | undefined,
  now: () => number,
  spent: SpentStore = memorySpentStore(now),
): TokenSigner {
  // Made on first use, so a session that never writes never loads node:crypto. Without a shared
  // secret a fresh random key per process is right: tokens die with the process.
  let signing: { key: Buffer; keyId: string } | undefined;
  const keys = () => {
    if (!signing) {
      const { createHmac, randomBytes } = nodeCrypto();
      const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
      const keyId = createHmac('sha256', key).update('ct2 key id').digest('base64url').slice(0, 8);
      signing = { key, keyId };
    }
    return signing;
  };
  const sign = (expiresAt: number, bound: unknown) => {
    const { key, keyId } = keys();
    return nodeCrypto()
      .createHmac('sha256', key)
      .update(`${keyId}.${expiresAt}.${canonicalJson(bound)}`)
      .digest('base64url');
  };

  return {
    issue(bound) {
      const expiresAt = now() + TOKEN_TTL_MS;
      return {
        token: `ct2.${keys().keyId}.${expiresAt.toString(36)}.${sign(expiresAt, bound)}`,
        expiresAt: new Date(expiresAt),
      };
    },
    async redeem(token, bound) {
      const match = TOKEN_FORMAT.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return { valid: false, reason: 'malformed' };
      if (match[1] !== keys().keyId) return { valid: false, reason: 'foreign' };
      const expiresAt = Number.parseInt(match[2], 36);
      // Beyond 2^53 two spellings could parse to one number: only the exact round trip counts.
      if (expiresAt.toString(36) !== match[2]) return { valid: false, reason: 'malformed' };
      const signature = match[3];
      // Only a signature that once redeemed is in the record, so finding it needs no HMAC first;
      // checked before the HMAC because the state it signed has changed since its write.
      const key = spentKey('token', signature, expiresAt);
      if (await spent.has(key)) return { valid: false, reason: 'used' };
      const expected = Buffer.from(sign(expiresAt, bound));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !nodeCrypto().timingSafeEqual(expected, given)) {
        return { valid: false, reason: 'mismatch' };
      }
      if (now() > expiresAt) return { valid: false, reason: 'expired' };
      // Exactly one redeemer, in any process sharing the store, creates the record.
      return (await spent.spend(key, expiresAt))
        ? { valid: true }
        : { valid: false, reason: 'used' };
    },
  };
}

/** Why a token was refused, in words for the caller; `foreign` says how to keep tokens valid. */
export const TOKEN_PROBLEM_TEXT: Readonly<Record<TokenProblem, string>> = {
  malformed: 'is not a token this server issues',
  expired: 'has expired (tokens last 5 minutes)',
  mismatch:
    'was issued for different arguments, or the credential has changed since the preview (once its write has landed, a token is refused everywhere)',
  used: 'was already used',
  foreign:
    'was signed by another server process or before a restart (set the same NETWORK_DISCOVERY_TOKEN_SECRET on every replica to keep tokens across restarts)',
};

/**
 * Binds every token to a caller (a digest of its API key), so in HTTP mode one user's token is
 * worthless to another even for identical arguments. `caller` is called once, on first use, so a
 * session that never writes never hashes its key.
 */
export function scopedSigner(signer: TokenSigner, caller: () => string): TokenSigner {
  let digest: string | undefined;
  const scope = () => {
    digest ??= caller();
    return digest;
  };
  return {
    issue: (bound) => signer.issue({ caller: scope(), bound }),
    redeem: (token, bound) => signer.redeem(token, { caller: scope(), bound }),
  };
}
