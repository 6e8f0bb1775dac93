// The line a host answer from a kept copy carries: when the copy was read, what was checked now, and how old a host's details may be.

/** Whole seconds, rounded up (1 at least), so the bound is never understated. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/**
 * Says what the answer can be trusted for, not what to do about it: an invitation to refresh had
 * an assistant pass `refresh: true` on a third of its calls and read the whole inventory twice
 * (issue 42). It claims only what the probe proved (the newest host and the total): a delete hidden by
 * a reappearing host, a host's own details and a change in the key's reach are as old as the copy (issue 40).
 */
export function asOfLine(readAt: number, now: number): string {
  const at = new Date(readAt).toISOString().slice(11, 19);
  return `Hosts as of ${at}Z, a copy checked now: no host added since and the host count the same; a host's ports, services and names, and a change in what your key may read, may be up to ${seconds(now - readAt)} s old.`;
}
