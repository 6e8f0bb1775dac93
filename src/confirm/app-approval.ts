// Approvals for the app's Confirm button: single-use, short-lived, bound to a caller, a record's state and exact values.
import { nodeCrypto } from '../node-builtins.js';
import { canonicalJson } from './confirmation-token.js';
import { memorySpentStore, type SpentStore, spentKey } from './spent-store.js';

/** Long enough for a person to read the panel, short enough that a forgotten one dies soon. */
export const APPROVAL_TTL_MS = 5 * 60 * 1000;

export type ApprovalProblem = 'unknown' | 'used' | 'expired' | 'foreign';

/** What the refusal says, after "The approval ". */
export const APPROVAL_PROBLEM_TEXT: Readonly<Record<ApprovalProblem, string>> = {
  unknown: 'is not one this server issued (or the server restarted since the preview)',
  used: 'was already used: each preview confirms one write',
  expired: 'has expired',
  foreign: 'was issued to another caller',
};

/** What a preview approves: the exact write, and the state of the record the person was shown. */
export interface PendingWrite<Values> {
  readonly values: Values;
  /** A digest of the record as read for the preview; the write goes ahead only if it still matches. */
  readonly stateDigest: string;
}

export type ApprovalClaim<Values> =
  | { readonly ok: true; readonly pending: PendingWrite<Values> }
  | { readonly ok: false; readonly reason: ApprovalProblem };

export interface AppApprovals<Values> {
  /** Records an approval for `caller`; the handle goes only to the app (the result's `_meta`). */
  issue(caller: string, pending: PendingWrite<Values>): { handle: string; expiresAt: Date };
  /**
   * Takes an approval: from here on it is used, whatever the write's fate, so a second press (or a
   * press racing the first) can never write twice. Another caller's claim leaves it untouched.
   * The claim is recorded in the spent store the replicas share before the write may go ahead.
   */
  claim(caller: string, handle: string): Promise<ApprovalClaim<Values>>;
}

const HANDLE_FORMAT = /^ap1\.[A-Za-z0-9_-]{43}$/;

/** A digest of a record's state as read, in one spelling whatever the order of its fields. */
export function stateDigest(state: unknown): string {
  return nodeCrypto().createHash('sha256').update(canonicalJson(state)).digest('base64url');
}

/**
 * The approvals themselves (the exact values, the community among them) stay in the memory of the
 * process that showed the preview, never in a file or Redis: only the fact that one was spent goes
 * to `spent`, the store the replicas share with the confirmation tokens.
 */
export function createAppApprovals<Values>(
  now: () => number = Date.now,
  spent: SpentStore = memorySpentStore(now),
): AppApprovals<Values> {
  const open = new Map<
    string,
    { caller: string; pending: PendingWrite<Values>; expiresAt: number }
  >();
  /** Handle -> expiry: a used handle is told apart from a made-up one until it would have expired. */
  const used = new Map<string, number>();
  const sweep = () => {
    const time = now();
    for (const [handle, entry] of open) if (entry.expiresAt <= time) open.delete(handle);
    for (const [handle, expiresAt] of used) if (expiresAt <= time) used.delete(handle);
  };
  return {
    issue(caller, pending) {
      sweep();
      const handle = `ap1.${nodeCrypto().randomBytes(32).toString('base64url')}`;
      const expiresAt = now() + APPROVAL_TTL_MS;
      open.set(handle, { caller, pending, expiresAt });
      return { handle, expiresAt: new Date(expiresAt) };
    },
    async claim(caller, handle) {
      if (!HANDLE_FORMAT.test(handle)) return { ok: false, reason: 'unknown' };
      const entry = open.get(handle);
      if (!entry) {
        sweep();
        return { ok: false, reason: used.has(handle) ? 'used' : 'unknown' };
      }
      if (entry.caller !== caller) return { ok: false, reason: 'foreign' };
      open.delete(handle);
      if (entry.expiresAt <= now()) return { ok: false, reason: 'expired' };
      used.set(handle, entry.expiresAt);
      const first = await spent.spend(
        spentKey('approval', handle, entry.expiresAt),
        entry.expiresAt,
      );
      return first ? { ok: true, pending: entry.pending } : { ok: false, reason: 'used' };
    },
  };
}

/** One caller's view of the approvals, as tools get it: the caller is fixed, never passed in. */
export interface CallerApprovals<Values> {
  /** Whether this client can show the Confirm button: it renders apps, over a connection that lasts. */
  available(): boolean;
  issue(pending: PendingWrite<Values>): { handle: string; expiresAt: Date };
  claim(handle: string): Promise<ApprovalClaim<Values>>;
}

export function callerApprovals<Values>(
  store: AppApprovals<Values>,
  caller: () => string,
  available: () => boolean,
): CallerApprovals<Values> {
  return {
    available,
    issue: (pending) => store.issue(caller(), pending),
    claim: (handle) => store.claim(caller(), handle),
  };
}
