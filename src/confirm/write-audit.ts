// What each stage of a write attempt records in the audit trail: outcome, status and a short why.
import { ApiError, HttpError } from '../api/errors.js';
import type { AuditOutcome, AuditRecord, AuditSink } from './audit.js';
import type { ConfirmationDecision } from './confirmation.js';

type Extra = Pick<AuditRecord, 'status' | 'detail'>;

/** Records stages of one write attempt against one credential. */
export type WriteAuditor = (outcome: AuditOutcome, extra?: Partial<Extra>) => void;

export function writeAuditor(
  audit: AuditSink,
  tool: string,
  credential: { readonly id: string; readonly name: string },
): WriteAuditor {
  return (outcome, extra = {}) =>
    audit({
      tool,
      outcome,
      credential_id: credential.id,
      credential_name: credential.name,
      ...extra,
    });
}

const OUTCOME: Readonly<Record<ConfirmationDecision['kind'], AuditOutcome>> = {
  preview: 'preview-issued',
  confirmed: 'confirmed',
  declined: 'declined',
  'invalid-token': 'refused',
};

/** The record of a confirmation decision: how it was confirmed, declined or refused. */
export function decisionRecord(decision: ConfirmationDecision): [AuditOutcome, Partial<Extra>] {
  const outcome = OUTCOME[decision.kind];
  if (decision.kind === 'confirmed') return [outcome, { detail: `via ${decision.via}` }];
  if (decision.kind === 'declined') return [outcome, { detail: decision.action }];
  if (decision.kind === 'invalid-token') return [outcome, { detail: `token ${decision.reason}` }];
  return [outcome, {}];
}

/** A failed write: the status and error code or kind, never the service's message. */
export function failureRecord(error: unknown): Partial<Extra> {
  if (error instanceof HttpError) {
    return { status: error.status, detail: error.detail.code ?? 'http-error' };
  }
  return { detail: error instanceof ApiError ? error.kind : 'internal-error' };
}
