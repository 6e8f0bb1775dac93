// The write audit trail: one JSON line per write attempt, never containing the community.
import type { Redactor } from '../safety/redact.js';

export type AuditOutcome =
  | 'preview-issued'
  | 'confirmed'
  | 'declined'
  /** A form got no answer in time and was withdrawn. */
  | 'withdrawn'
  | 'refused'
  | 'sent'
  | 'succeeded'
  | 'failed';

export interface AuditRecord {
  readonly tool: string;
  readonly outcome: AuditOutcome;
  readonly credential_id: string;
  readonly credential_name: string;
  /** HTTP status of the write's answer, when there was one. */
  readonly status?: number;
  /**
   * How the write was confirmed: `elicitation` (a person answered the client's form), `app` (a
   * person pressed Confirm in the MCP Apps view) or `token` (the caller sent the preview's token
   * back; no person verified by this server).
   */
  readonly confirmation?: 'elicitation' | 'app' | 'token';
  /** Why: how it was confirmed, why it was refused or failed. Never a secret. */
  readonly detail?: string;
}

export type AuditSink = (record: AuditRecord) => void;

export const noAudit: AuditSink = () => {};

/** The line written for a record: time first, then the record's own fields, nothing else. */
export function auditLine(record: AuditRecord, time: Date): string {
  return JSON.stringify({
    time: time.toISOString(),
    event: 'write-audit',
    tool: record.tool,
    outcome: record.outcome,
    credential_id: record.credential_id,
    credential_name: record.credential_name,
    ...(record.status === undefined ? {} : { status: record.status }),
    ...(record.confirmation === undefined ? {} : { confirmation: record.confirmation }),
    ...(record.detail === undefined ? {} : { detail: record.detail }),
  });
}

/**
 * A sink that writes each record as one redacted line. The redactor is belt and braces: records
 * never hold the community, but a name could still echo a secret.
 */
export function createAuditSink(
  write: (line: string) => void,
  redactor: Redactor,
  now: () => Date = () => new Date(),
): AuditSink {
  return (record) => write(redactor.redact(auditLine(record, now())));
}
