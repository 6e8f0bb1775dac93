// --http's requests in progress: a share kept for callers whose key the service accepted, and a cap per caller (a key, or an address).
import type { ServerResponse } from 'node:http';
import { rpcError } from './http-admission.js';

export interface SlotLimits {
  /** Requests in progress at once (NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS). */
  readonly max: number;
  /** Requests in progress at once of one caller: an accepted key, or every other caller of one address. */
  readonly perCaller: number;
}

export interface SlotCaller {
  /** Whether the service has answered a request carrying this caller's key with success. */
  readonly accepted: boolean;
  /** Who counts as one caller: the accepted key itself (held only while its requests run), else clientAddress(). */
  readonly id: string;
}

/**
 * Takes a slot for `res` until it closes, or answers 503 with Retry-After and returns false. A key
 * costs nothing to make up and every local client has one address, so one client looping keyless
 * or made-up-key calls held every slot (another local caller got 2 answers of 13). Now a quarter
 * of the slots is kept for accepted keys; one caller (an accepted key, or all callers without one
 * from one address) holds at most `perCaller`.
 */
export function createSlots(
  limits: SlotLimits,
): (res: ServerResponse, caller: SlotCaller) => boolean {
  const reserved = Math.floor(limits.max / 4);
  let inProgress = 0;
  let unaccepted = 0;
  const ofCaller = new Map<string, number>();
  const group = (caller: SlotCaller) => `${caller.accepted ? 'key' : 'address'} ${caller.id}`;
  return (res, caller) => {
    const name = group(caller);
    const mine = ofCaller.get(name) ?? 0;
    const why =
      inProgress >= limits.max
        ? 'too many requests in progress'
        : caller.accepted
          ? undefined
          : unaccepted >= limits.max - reserved
            ? 'too many requests in progress for callers whose key the service has not yet accepted'
            : undefined;
    const yours = caller.accepted ? 'with your key' : 'from your address';
    const tooMany = mine >= limits.perCaller ? `too many requests in progress ${yours}` : undefined;
    if (why ?? tooMany) {
      res.setHeader('retry-after', '1');
      rpcError(res, 503, -32000, `Server busy: ${why ?? tooMany}; retry shortly`);
      return false;
    }
    inProgress += 1;
    if (!caller.accepted) unaccepted += 1;
    ofCaller.set(name, mine + 1);
    res.once('close', () => {
      inProgress -= 1;
      if (!caller.accepted) unaccepted -= 1;
      const left = (ofCaller.get(name) ?? 1) - 1;
      if (left === 0) ofCaller.delete(name);
      else ofCaller.set(name, left);
    });
    return true;
  };
}
