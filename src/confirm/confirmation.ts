// Asks a person before a write: the app's Confirm button where the client renders apps, else a form (withdrawn if unanswered); the token only by opt-in.

import { ToolMessageError } from '../errors.js';
import { type CallerApprovals, stateDigest } from './app-approval.js';
import type { TokenProblem, TokenSigner } from './confirmation-token.js';
import type { CredentialWrite } from './credential-values.js';

/**
 * How a write may be confirmed. `auto` (the default): by a person, with the app's Confirm button
 * where the client renders apps, else in a form where it has forms, else refused. `elicitation`:
 * a form or nothing, even where the client renders apps. `token`: as `auto`, and where no person
 * can be asked, the preview's token carried back by the caller, which proves only that the call
 * was repeated, not that a person agreed.
 */
export type ConfirmMode = 'auto' | 'elicitation' | 'token';

/** What doctor and get_version say about a mode. */
export const CONFIRM_MODE_TEXT: Readonly<Record<ConfirmMode, string>> = {
  auto: 'a person confirms every write: with the Confirm button where the client renders MCP Apps, else in a form where it has forms; other clients cannot write (NETWORK_DISCOVERY_CONFIRM=token allows the token path)',
  elicitation:
    'a person confirms every write in a form, even where the client renders MCP Apps; clients without forms cannot write',
  token:
    'a person confirms in the app or a form where the client offers one; elsewhere the preview token carried back by the assistant is enough (no person verified)',
};

/** The same, in a few words for doctor's configuration line. */
export const CONFIRM_MODE_SHORT: Readonly<Record<ConfirmMode, string>> = {
  auto: 'writes confirmed by a person in a form or the app',
  elicitation: 'writes confirmed by a person in a form',
  token: 'writes confirmed by a person or the preview token',
};

export type ConfirmationDecision =
  /**
   * `elicitation`: a person answered the form. `token`: the caller sent the preview's token back.
   * (`app`: a person pressed Confirm in the view; that happens in apply_snmp_rotation.)
   */
  | { readonly kind: 'confirmed'; readonly via: 'elicitation' | 'token' }
  | { readonly kind: 'declined'; readonly action: 'decline' | 'cancel' | 'unchecked' }
  | { readonly kind: 'preview'; readonly token: string; readonly expiresAt: Date }
  /** The view shows a Confirm button bound to this approval; nothing is written here. */
  | { readonly kind: 'app-preview'; readonly handle: string; readonly expiresAt: Date }
  | { readonly kind: 'invalid-token'; readonly reason: TokenProblem };

export interface ConfirmationRequest {
  /** What the person is shown; never contains a secret. */
  readonly message: string;
  /** The exact values the confirmation is bound to. */
  readonly bound: CredentialWrite;
  /** The record as read for the preview (undefined when it could not be read). */
  readonly state?: unknown;
  readonly token?: string | undefined;
  readonly signal: AbortSignal;
}

export interface Confirmer {
  /** NETWORK_DISCOVERY_CONFIRM, for get_version to say which confirmation applies. */
  readonly mode: ConfirmMode;
  /** True when confirm() will ask a person (form or app), token or not: the tool builds the preview. */
  asksPerson(): boolean;
  confirm(request: ConfirmationRequest): Promise<ConfirmationDecision>;
}

/** The MCP side of elicitation, injected by server.ts so tools never touch the SDK. */
export interface ElicitationPort {
  supportsForm(): boolean;
  /**
   * `signed` is what the answer is bound to beyond the words shown: the exact values and a digest
   * of the record as read. A form answered on a later request (2026-07-28) is refused when either
   * changed since the form went out, as a token is.
   */
  askBoolean(
    message: string,
    signal: AbortSignal,
    signed: FormBinding,
  ): Promise<{ action: string; confirm?: unknown }>;
}

/** The values and the state digest a form's answer must still match. */
export interface FormBinding {
  readonly values: CredentialWrite;
  readonly state: string;
}

/** NETWORK_DISCOVERY_CONFIRM=elicitation and a client without forms: refused, with why. */
export class FormRequiredError extends ToolMessageError {
  constructor() {
    super(
      "Nothing was written: this server is set to NETWORK_DISCOVERY_CONFIRM=elicitation, so a write needs a person to approve it in a form shown by the client, and this client does not offer forms (MCP form elicitation; over --http only a client speaking MCP 2026-07-28 does, since a 2025-11-25 request is stateless). Make the change in the service's web UI, or use a client with form elicitation (e.g. Claude Code, VS Code) over stdio.",
    );
  }
}

/** NETWORK_DISCOVERY_CONFIRM=auto and a client that can show neither a form nor an app. */
export class PersonRequiredError extends ToolMessageError {
  constructor() {
    super(
      "Nothing was written: a person must confirm every write, and this client can show neither a confirmation form (MCP form elicitation) nor an MCP Apps view with a Confirm button (over --http neither is possible: each request is stateless). Make the change in the service's web UI, or use a client with forms or MCP Apps over stdio. An operator who accepts the assistant carrying a preview token back instead can set NETWORK_DISCOVERY_CONFIRM=token.",
    );
  }
}

/**
 * How long a form waits for an answer by default: long enough to read a short preview and tick a
 * box, far shorter than the 60 s after which Claude Desktop's chat gives up on a form it never drew.
 */
export const DEFAULT_FORM_TIMEOUT_MS = 25_000;

/** The form got no answer in time and was withdrawn (the client was told to drop it). */
export class FormTimeoutError extends ToolMessageError {
  constructor(
    readonly timeoutMs: number,
    mode: ConfirmMode,
  ) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    const apps =
      mode === 'elicitation'
        ? 'This server is set to forms only (NETWORK_DISCOVERY_CONFIRM=elicitation); without it, a client that renders MCP Apps shows a Confirm button instead.'
        : 'A client that renders MCP Apps (Claude Desktop, claude.ai, VS Code, ChatGPT) shows a Confirm button instead of a form.';
    super(
      `Nothing was written: the confirmation form got no answer within ${seconds} s, so it was withdrawn. Ask the user whether they saw it. If they did and need longer, call update_snmp_credential again (the operator can raise NETWORK_DISCOVERY_FORM_TIMEOUT_MS). If they saw no form, this client declares forms but does not show them: ${apps} An operator who accepts the assistant carrying a preview token back (no person verified by this server) can set NETWORK_DISCOVERY_CONFIRM=token.`,
    );
  }
}

export interface ConfirmerOptions {
  readonly mode?: ConfirmMode;
  /** The app's Confirm button, where the client renders apps. */
  readonly approvals?: CallerApprovals<CredentialWrite> | undefined;
  /** NETWORK_DISCOVERY_FORM_TIMEOUT_MS. */
  readonly formTimeoutMs?: number;
}

export function createConfirmer(
  elicitation: ElicitationPort,
  tokens: TokenSigner,
  options: ConfirmerOptions = {},
): Confirmer {
  const { mode = 'auto', approvals, formTimeoutMs = DEFAULT_FORM_TIMEOUT_MS } = options;
  const appConfirms = () => mode !== 'elicitation' && approvals?.available() === true;
  return {
    mode,
    asksPerson: () => elicitation.supportsForm() || appConfirms(),
    async confirm({ message, bound, state, token, signal }) {
      // A person comes first whatever the caller sends: a token must never stand in for a person
      // the client could have asked (it may come from the model, or from a sibling process).
      // The app comes before a form: hosts that render apps draw the Confirm button, while some
      // that declare forms never draw them (Claude Desktop's chat waits 60 s, then gives up).
      if (approvals && appConfirms()) {
        // The approval is bound to the caller, the exact values and the record as the person sees it.
        const issued = approvals.issue({ values: bound, stateDigest: stateDigest(state ?? null) });
        return { kind: 'app-preview', handle: issued.handle, expiresAt: issued.expiresAt };
      }
      // The token and the form's answer sign the record as read beside the values: once a write
      // lands the record changes, so either is refused by every process, after restarts and on
      // every replica, even where the spent store is this process's memory.
      const signed: FormBinding = { values: bound, state: stateDigest(state ?? null) };
      if (elicitation.supportsForm()) {
        return askForm(elicitation, { message, signed }, signal, formTimeoutMs, mode);
      }
      if (mode === 'elicitation') throw new FormRequiredError();
      if (mode !== 'token') throw new PersonRequiredError();
      if (token !== undefined) {
        const check = await tokens.redeem(token, signed);
        return check.valid
          ? { kind: 'confirmed', via: 'token' }
          : { kind: 'invalid-token', reason: check.reason };
      }
      const issued = tokens.issue(signed);
      return { kind: 'preview', token: issued.token, expiresAt: issued.expiresAt };
    },
  };
}

async function askForm(
  elicitation: ElicitationPort,
  form: { readonly message: string; readonly signed: FormBinding },
  signal: AbortSignal,
  timeoutMs: number,
  mode: ConfirmMode,
): Promise<ConfirmationDecision> {
  const answer = await withinTime(timeoutMs, signal, mode, (asking) =>
    askUser(elicitation, form, asking),
  );
  if (answer.action === 'accept' && answer.confirm === true) {
    return { kind: 'confirmed', via: 'elicitation' };
  }
  const action =
    answer.action === 'accept' ? 'unchecked' : answer.action === 'cancel' ? 'cancel' : 'decline';
  return { kind: 'declined', action };
}

/**
 * Runs `ask` with a signal that also fires after `timeoutMs`: aborting the form's request makes
 * the SDK send notifications/cancelled, so the client drops the form it may never have drawn.
 */
async function withinTime<T>(
  timeoutMs: number,
  signal: AbortSignal,
  mode: ConfirmMode,
  ask: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const asking = new AbortController();
  let timedOut = false;
  const forward = () => asking.abort(signal.reason);
  signal.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    asking.abort(new Error('no answer in time'));
  }, timeoutMs);
  try {
    return await ask(asking.signal);
  } catch (error) {
    if (timedOut && !signal.aborted) throw new FormTimeoutError(timeoutMs, mode);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  }
}

async function askUser(
  elicitation: ElicitationPort,
  { message, signed }: { readonly message: string; readonly signed: FormBinding },
  signal: AbortSignal,
) {
  try {
    return await elicitation.askBoolean(message, signal, signed);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolMessageError(
      `Could not ask the user to confirm (${reason}); nothing was written. Ask the user in the chat whether to apply the change, then try again.`,
    );
  }
}
