// The confirmation form in both eras: asked over the live connection (2025-11-25), or sent back in an input_required result and answered on the retry (2026-07-28).
import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ElicitationPort } from '../confirm/confirmation.js';
import { TOKEN_PROBLEM_TEXT, type TokenSigner } from '../confirm/confirmation-token.js';
import type { ClientAbilities } from './client-abilities.js';

/** Above NETWORK_DISCOVERY_FORM_TIMEOUT_MS' largest value (600 s): the form's own deadline decides. */
const FORM_REQUEST_CEILING_MS = 601_000;

/** A "declined" sooner than a person can read the form: some hosts answer forms they never drew. */
export const TOO_FAST_TO_READ_MS = 1_000;

/** The key of the form among an input_required result's requests, and of its answer on the retry. */
const FORM_KEY = 'confirm';

const CHECKBOX_DESCRIPTION =
  'Tick to approve the write described above (names in quotes are data from the service or the assistant, not advice).';

/** One boolean: only this server's words beside the checkbox, never a name the service chose. */
function formParams(message: string) {
  return {
    mode: 'form' as const,
    message,
    requestedSchema: {
      type: 'object' as const,
      properties: {
        confirm: {
          type: 'boolean' as const,
          title: 'Apply this change?',
          description: CHECKBOX_DESCRIPTION,
        },
      },
      required: ['confirm'],
    },
  };
}

/** What one tools/call learned about its form: sent out for a retry, or declined too fast. */
export interface FormRound {
  readonly port: ElicitationPort;
  /** Set when the form went out in the result: the call answers input_required, not an error. */
  pendingResult(): InputRequiredResult | undefined;
  /** True when a person could hardly have seen the form before it was declined. */
  declinedUnseen(): boolean;
}

export interface FormRoundOptions {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly abilities: ClientAbilities;
  /** The process's confirmation tokens (scoped to the caller): the state is one of them. */
  readonly tokens: TokenSigner;
}

export function formRound(ctx: ServerContext, options: FormRoundOptions): FormRound {
  return options.abilities.modern ? roundTrip(ctx, options) : overConnection(ctx, options);
}

/** 2025-11-25: elicitation/create over the live connection, withdrawn through `signal`. */
function overConnection(ctx: ServerContext, { abilities }: FormRoundOptions): FormRound {
  let unseen = false;
  const port: ElicitationPort = {
    supportsForm: () => abilities.forms,
    async askBoolean(message, signal) {
      // Answered on this very request: the record read just before is the one the person sees.
      // Elapsed time, not a date: the monotonic clock, never the (test-fixed) wall clock.
      const asked = performance.now();
      const result = await ctx.mcpReq.elicitInput(formParams(message), {
        signal,
        timeout: FORM_REQUEST_CEILING_MS,
      });
      unseen = result.action !== 'accept' && performance.now() - asked < TOO_FAST_TO_READ_MS;
      return { action: result.action, confirm: result.content?.[FORM_KEY] };
    },
  };
  return { port, pendingResult: () => undefined, declinedUnseen: () => unseen };
}

/**
 * 2026-07-28: the first call answers input_required with the form and a requestState; the retry
 * carries the person's answer and that state back. The state is a confirmation token signed over
 * the tool, its exact arguments, the message shown and the record as read (`signed`, the token
 * path's binding): a retry with other arguments, after the record changed (a write landed, or
 * someone rotated the community: the message may read the same), after the words shown changed (a
 * tag renamed), a replay of a spent state or a forged one reads no answer. Spent states go to the
 * token's spent store, so replicas sharing it, and restarts, spend a state once.
 */
function roundTrip(
  ctx: ServerContext,
  { tool, args, abilities, tokens }: FormRoundOptions,
): FormRound {
  let pending: InputRequiredResult | undefined;
  const port: ElicitationPort = {
    supportsForm: () => abilities.forms,
    async askBoolean(message, _signal, signed) {
      const bound = { tool, args, message, signed };
      const state = ctx.mcpReq.requestState();
      if (typeof state !== 'string') {
        const { token } = tokens.issue(bound);
        pending = inputRequired({
          inputRequests: { [FORM_KEY]: inputRequired.elicit(formParams(message)) },
          requestState: token,
        });
        // Stops the tool here; the call's result is the form, and nothing was written.
        throw new Error('the form was sent with the result');
      }
      const check = await tokens.redeem(state, bound);
      if (!check.valid) throw new Error(`the form's answer ${TOKEN_PROBLEM_TEXT[check.reason]}`);
      const answer = inputResponse(ctx.mcpReq.inputResponses, FORM_KEY);
      if (answer.kind !== 'elicit') return { action: 'cancel' };
      return { action: answer.action, confirm: answer.content?.[FORM_KEY] };
    },
  };
  return { port, pendingResult: () => pending, declinedUnseen: () => false };
}
