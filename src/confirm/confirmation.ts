// Asks a person before a write: form elicitation when the client offers it, else a signed token.

import { ToolMessageError } from '../tools/tool-message-error.js';
import type { TokenSigner } from './confirmation-token.js';

export type ConfirmationDecision =
  | { readonly kind: 'confirmed'; readonly via: 'elicitation' | 'token' }
  | { readonly kind: 'declined'; readonly action: 'decline' | 'cancel' | 'unchecked' }
  | { readonly kind: 'preview'; readonly token: string; readonly expiresAt: Date }
  | {
      readonly kind: 'invalid-token';
      readonly reason: 'malformed' | 'expired' | 'mismatch' | 'used';
    };

export interface ConfirmationRequest {
  /** What the person is shown; never contains a secret. */
  readonly message: string;
  /** The exact arguments the confirmation is bound to. */
  readonly bound: unknown;
  readonly token?: string | undefined;
  readonly signal: AbortSignal;
}

export interface Confirmer {
  confirm(request: ConfirmationRequest): Promise<ConfirmationDecision>;
}

/** The MCP side of elicitation, injected by server.ts so tools never touch the SDK. */
export interface ElicitationPort {
  supportsForm(): boolean;
  askBoolean(message: string, signal: AbortSignal): Promise<{ action: string; confirm?: unknown }>;
}

export function createConfirmer(elicitation: ElicitationPort, tokens: TokenSigner): Confirmer {
  return {
    async confirm({ message, bound, token, signal }) {
      // A token can only exist if this server issued it after showing a preview.
      if (token !== undefined) {
        const check = tokens.redeem(token, bound);
        return check.valid
          ? { kind: 'confirmed', via: 'token' }
          : { kind: 'invalid-token', reason: check.reason };
      }
      if (elicitation.supportsForm()) {
        const answer = await askUser(elicitation, message, signal);
        if (answer.action === 'accept' && answer.confirm === true) {
          return { kind: 'confirmed', via: 'elicitation' };
        }
        return {
          kind: 'declined',
          action:
            answer.action === 'accept'
              ? 'unchecked'
              : answer.action === 'cancel'
                ? 'cancel'
                : 'decline',
        };
      }
      const issued = tokens.issue(bound);
      return { kind: 'preview', token: issued.token, expiresAt: issued.expiresAt };
    },
  };
}

async function askUser(elicitation: ElicitationPort, message: string, signal: AbortSignal) {
  try {
    return await elicitation.askBoolean(message, signal);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolMessageError(
      `Could not ask the user to confirm (${reason}); nothing was written. Ask the user in the chat whether to apply the change, then try again.`,
    );
  }
}
