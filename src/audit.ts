// The write audit trail: one JSON record per write attempt, never containing the community.
export type AuditOutcome =
  | 'preview-issued'
  | 'confirmed'
  | 'declined'
  | 'refused'
  | 'sent'
  | 'succeeded'
  | 'failed';

export interface AuditRecord {
  readonly tool: string;
  readonly outcome: AuditOutcome;
  readonly credential_id: string;
  readonly credential_name: string;
  readonly status?: number;
  readonly detail?: string;
}

export type AuditSink = (record: AuditRecord) => void;

export const noAudit: AuditSink = () => {};
