// Asks a person before a write: form elicitation when the client offers it, else a signed token.

import { ToolMessageError } from '../errors.js';
import type { TokenProblem, TokenSigner } from './confirmation-token.js';

/**
 * How a write may be confirmed. `auto`: a form when the client offers one, else the preview and
 * token. `elicitation`: a form or nothing; the token path proves only that the caller repeated
 * the call, not that a person agreed, so some operators refuse it.
 */
export type ConfirmMode = 'auto' | 'elicitation';

export type ConfirmationDecision =
  /** `elicitation`: a person answered the form. `token`: the caller sent the preview's token back. */
  | { readonly kind: 'confirmed'; readonly via: 'elicitation' | 'token' }
  | { readonly kind: 'declined'; readonly action: 'decline' | 'cancel' | 'unchecked' }
  | { readonly kind: 'preview'; readonly token: string; readonly expiresAt: Date }
  | { readonly kind: 'invalid-token'; readonly reason: TokenProblem };

export interface ConfirmationRequest {
  /** What the person is shown; never contains a secret. */
  readonly message: string;
  /** The exact arguments the confirmation is bound to. */
  readonly bound: unknown;
  readonly token?: string | undefined;
  readonly signal: AbortSignal;
}

export interface Confirmer {
  /** True when confirm() will ask a person in a form, token or not: the tool builds the preview. */
  asksPerson(): boolean;
  confirm(request: ConfirmationRequest): Promise<ConfirmationDecision>;
}

/** The MCP side of elicitation, injected by server.ts so tools never touch the SDK. */
export interface ElicitationPort {
  supportsForm(): boolean;
  askBoolean(message: string, signal: AbortSignal): Promise<{ action: string; confirm?: unknown }>;
}

/** NETWORK_DISCOVERY_CONFIRM=elicitation and a client without forms: refused, with why. */
export class FormRequiredError extends ToolMessageError {
  constructor() {
    super(
      "Nothing was written: this server is set to NETWORK_DISCOVERY_CONFIRM=elicitation, so a write needs a person to approve it in a form shown by the client, and this client does not offer forms (MCP form elicitation; over --http no client does, because each request is stateless). Make the change in the service's web UI, or use a client with form elicitation (e.g. Claude Code, VS Code) over stdio.",
    );
  }
}

export function createConfirmer(
  elicitation: ElicitationPort,
  tokens: TokenSigner,
  mode: ConfirmMode = 'auto',
): Confirmer {
  return {
    asksPerson: () => elicitation.supportsForm(),
    async confirm({ message, bound, token, signal }) {
      // A form comes first whatever the caller sends: a token must never stand in for a person
      // the client could have asked (it may come from the model, or from a sibling process).
      if (elicitation.supportsForm()) return askForm(elicitation, message, signal);
      if (mode === 'elicitation') throw new FormRequiredError();
      if (token !== undefined) {
        const check = tokens.redeem(token, bound);
        return check.valid
          ? { kind: 'confirmed', via: 'token' }
          : { kind: 'invalid-token', reason: check.reason };
      }
      const issued = tokens.issue(bound);
      return { kind: 'preview', token: issued.token, expiresAt: issued.expiresAt };
    },
  };
}

async function askForm(
  elicitation: ElicitationPort,
  message: string,
  signal: AbortSignal,
): Promise<ConfirmationDecision> {
  const answer = await askUser(elicitation, message, signal);
  if (answer.action === 'accept' && answer.confirm === true) {
    return { kind: 'confirmed', via: 'elicitation' };
  }
  const action =
    answer.action === 'accept' ? 'unchecked' : answer.action === 'cancel' ? 'cancel' : 'decline';
  return { kind: 'declined', action };
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
