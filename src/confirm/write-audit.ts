// What each stage of a write attempt records in the audit trail: outcome, status and a short why.
import { ApiError, HttpError } from '../api/errors.js';
import type { AuditOutcome, AuditRecord, AuditSink } from './audit.js';
import {
  type ConfirmationDecision,
  FormRequiredError,
  FormTimeoutError,
  PersonRequiredError,
} from './confirmation.js';

type Extra = Pick<AuditRecord, 'status' | 'detail' | 'confirmation'>;

/** Records stages of one write attempt against one credential. */
export type WriteAuditor = (outcome: AuditOutcome, extra?: Partial<Extra>) => void;

/**
 * Once a record names how the write was confirmed, every later record of the same attempt (sent,
 * succeeded, failed) names it too, so each line of the trail says whether a person approved it.
 */
export function writeAuditor(
  audit: AuditSink,
  tool: string,
  credential: { readonly id: string; readonly name: string },
): WriteAuditor {
  let confirmation: AuditRecord['confirmation'];
  return (outcome, extra = {}) => {
    confirmation = extra.confirmation ?? confirmation;
    audit({
      tool,
      outcome,
      credential_id: credential.id,
      credential_name: credential.name,
      ...extra,
      ...(confirmation ? { confirmation } : {}),
    });
  };
}

const OUTCOME: Readonly<Record<ConfirmationDecision['kind'], AuditOutcome>> = {
  preview: 'preview-issued',
  'app-preview': 'preview-issued',
  confirmed: 'confirmed',
  declined: 'declined',
  'invalid-token': 'refused',
};

/** What each way of confirming proves; the token path proves no person saw anything. */
const CONFIRMED_DETAIL = {
  elicitation: 'a person approved the form the client showed',
  token: 'the caller repeated the call with the preview token; no person verified by this server',
} as const;

/** The record of a confirmation decision: how it was confirmed, declined or refused. */
export function decisionRecord(decision: ConfirmationDecision): [AuditOutcome, Partial<Extra>] {
  const outcome = OUTCOME[decision.kind];
  if (decision.kind === 'confirmed') {
    return [outcome, { confirmation: decision.via, detail: CONFIRMED_DETAIL[decision.via] }];
  }
  if (decision.kind === 'declined') return [outcome, { detail: decision.action }];
  if (decision.kind === 'invalid-token') return [outcome, { detail: `token ${decision.reason}` }];
  if (decision.kind === 'app-preview')
    return [outcome, { detail: 'Confirm button shown in the app' }];
  return [outcome, {}];
}

/** Confirmation could not be obtained: refused by policy, or the form itself failed. */
export function confirmationFailureRecord(error: unknown): [AuditOutcome, Partial<Extra>] {
  if (error instanceof FormRequiredError) {
    return ['refused', { detail: 'no form: NETWORK_DISCOVERY_CONFIRM=elicitation' }];
  }
  if (error instanceof FormTimeoutError) {
    return ['withdrawn', { detail: `form withdrawn: no answer within ${error.timeoutMs} ms` }];
  }
  if (error instanceof PersonRequiredError) {
    return ['refused', { detail: 'no form and no app: NETWORK_DISCOVERY_CONFIRM=auto' }];
  }
  return ['failed', { detail: 'confirmation not obtained' }];
}

/** A failed write: the status and error code or kind, never the service's message. */
export function failureRecord(error: unknown): Partial<Extra> {
  if (error instanceof HttpError) {
    return { status: error.status, detail: error.detail.code ?? 'http-error' };
  }
  return { detail: error instanceof ApiError ? error.kind : 'internal-error' };
}

/** An app-only tool given an approval it cannot use: recorded before any credential is known. */
export function approvalRefused(audit: AuditSink, tool: string, reason: string): void {
  audit({
    tool,
    outcome: 'refused',
    credential_id: '-',
    credential_name: '-',
    detail: `approval ${reason}`,
  });
}
