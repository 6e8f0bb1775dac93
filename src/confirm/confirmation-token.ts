// Confirmation tokens: an HMAC over the exact arguments with an expiry, usable once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_TTL_MS = 5 * 60 * 1000;

export type TokenCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'malformed' | 'expired' | 'mismatch' | 'used' };

export interface TokenSigner {
  issue(bound: unknown): { token: string; expiresAt: Date };
  /** Checks a token against the arguments and, when valid, marks it used. */
  redeem(token: string, bound: unknown): TokenCheck;
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

/** One signer per process: its used-token record is what makes a token single-use. */
export function createTokenSigner(secret: string | undefined, now: () => number): TokenSigner {
  // Without a shared secret a fresh random key per process is right: tokens die with the process.
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  const used = new Map<string, number>();

  const sign = (expiresAt: number, bound: unknown) =>
    createHmac('sha256', key)
      .update(`${expiresAt}.${canonicalJson(bound)}`)
      .digest('base64url');

  const forgetExpired = () => {
    const t = now();
    for (const [token, expiry] of used) if (expiry < t) used.delete(token);
  };

  return {
    issue(bound) {
      const expiresAt = now() + TOKEN_TTL_MS;
      return {
        token: `ct1.${expiresAt.toString(36)}.${sign(expiresAt, bound)}`,
        expiresAt: new Date(expiresAt),
      };
    },
    redeem(token, bound) {
      const match = /^ct1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match?.[1] || !match[2]) return { valid: false, reason: 'malformed' };
      const expiresAt = Number.parseInt(match[1], 36);
      const expected = Buffer.from(sign(expiresAt, bound));
      const given = Buffer.from(match[2]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { valid: false, reason: 'mismatch' };
      }
      if (now() > expiresAt) return { valid: false, reason: 'expired' };
      forgetExpired();
      if (used.has(token)) return { valid: false, reason: 'used' };
      used.set(token, expiresAt);
      return { valid: true };
    },
  };
}

/**
 * Binds every token to a caller (a digest of its API key), so in HTTP mode one user's token is
 * worthless to another even for identical arguments.
 */
export function scopedSigner(signer: TokenSigner, caller: string): TokenSigner {
  return {
    issue: (bound) => signer.issue({ caller, bound }),
    redeem: (token, bound) => signer.redeem(token, { caller, bound }),
  };
}
