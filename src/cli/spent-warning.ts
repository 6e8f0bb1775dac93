// The start-up warning when confirmations could be spent again: writes on, a shared signing secret, and a record of spent ones that dies with the process.

export interface SpentWarningFacts {
  /** Whether any caller of this mode may write (stdio: not read-only; --http: HTTP writes on). */
  readonly writes: boolean;
  /** The spent store in words; "this process only" when it is this process's memory. */
  readonly spentStore: string;
  readonly tokenSecretSet: boolean;
  /** --http with NETWORK_DISCOVERY_CONFIRM=token: cli/http.ts already warns about the same store. */
  readonly httpTokenPath: boolean;
}

/**
 * Without NETWORK_DISCOVERY_TOKEN_SECRET a form's state or a token dies with the process that
 * signed it, so a memory record is enough. With it, another replica or the next start accepts the
 * signature, and only a shared record refuses a second use while the credential reads the same
 * (say a write that failed, or was declined). Undefined when there is nothing to warn about.
 */
export function spentStoreWarning(facts: SpentWarningFacts): string | undefined {
  if (!facts.writes || !facts.tokenSecretSet || facts.httpTokenPath) return undefined;
  if (facts.spentStore !== 'this process only') return undefined;
  return 'NETWORK_DISCOVERY_TOKEN_SECRET is set but used confirmations (form answers, tokens) are recorded in this process only: another replica, or this server after a restart, would accept a used one again while the credential reads the same. Set NETWORK_DISCOVERY_AUDIT_LOG (a directory beside it records them, for replicas on one machine) or NETWORK_DISCOVERY_REDIS_URL (replicas on several).';
}
