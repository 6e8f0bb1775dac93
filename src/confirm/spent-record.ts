// What every spent store offers, and the error that refuses a write when one cannot answer.
import { ToolMessageError } from '../errors.js';

/**
 * A record of what has been spent, shared by every process that points at the same store. Two
 * replicas given one token at once both read the same credential state, so its signature is valid
 * on both: only `spend`, which exactly one of them wins, keeps it to one write.
 */
export interface SpentStore {
  /** Where the record lives, in words for logs and docs ("this process only", a path, Redis). */
  readonly where: string;
  /** Whether `key` has been spent by any process sharing the store. */
  has(key: string): Promise<boolean>;
  /** Marks `key` spent until `expiresAt` (ms since the epoch); true for exactly one caller. */
  spend(key: string, expiresAt: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The store could not be reached or written: the write is refused, never let through unrecorded. */
export class SpentStoreError extends ToolMessageError {
  constructor(readonly problem: string) {
    super(
      `Nothing was written: ${problem}. A confirmation counts once across every replica, so it is used only once it is recorded there. Tell the user; once the store is reachable, the same call can be made again.`,
    );
  }
}
