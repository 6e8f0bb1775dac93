// The one freshness rule of everything kept per caller (host copies, name and side lists): at most this old, then read again.

/**
 * What a kept copy may miss is read again at most a minute after it was read: a conversation makes
 * a few calls a minute, and a minute is what a person accepts as "now" for an inventory. Host
 * copies are also probed before every answer (adds and deletes show at once); a write of ours
 * drops what it changed. docs/design.md states the rule.
 */
export const MAX_AGE_MS = 60_000;

/** Whether something read at `readAt` may still be answered from at `at` (a clock set back counts as stale). */
export const isFresh = (readAt: number, at: number): boolean => {
  const age = at - readAt;
  return age >= 0 && age < MAX_AGE_MS;
};
