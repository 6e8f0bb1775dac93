// update_snmp_credential: replaces a credential's fields after a person confirms; never echoes the secret.
import * as z from 'zod';
import { CancelledError } from '../api/errors.js';
import type { ServiceProfile } from '../api/families/service-profile.js';
import type { ConfirmationDecision } from '../confirm/confirmation.js';
import { TOKEN_PROBLEM_TEXT, type TokenProblem } from '../confirm/confirmation-token.js';
import type { CredentialWrite } from '../confirm/credential-values.js';
import { writeCredential } from '../confirm/credential-write.js';
import { readCurrentCredential } from '../confirm/current-credential.js';
import { HiddenCharactersError, refuseHidden } from '../confirm/shown-as-written.js';
import { confirmationFailureRecord, decisionRecord, writeAuditor } from '../confirm/write-audit.js';
import { ToolMessageError } from '../errors.js';
import { isRedactionPlaceholder } from '../safety/placeholder.js';
import { unquote } from '../safety/quote.js';
import { unmarkServiceData } from '../safety/service-data-mark.js';
import { appPreviewResult, VIEW_TOOL_META } from '../views/common/app-view.js';
import { credentialOutput } from '../views/common/shapes.js';
import {
  type CredentialPreview,
  type CurrentState,
  credentialPreview,
} from '../views/credentials/credential-preview.js';
import {
  declinedResult,
  previewResult,
  updatedResult,
} from '../views/credentials/credential-update-view.js';
import { uuid } from './common/uuid-argument.js';
import { defineTool } from './define-tool.js';
import { forgetCredentialLists } from './hosts/host-world-keys.js';

export class PlaceholderCommunityError extends ToolMessageError {
  constructor() {
    super(
      'The community is only asterisks, bullets or a marker such as [redacted]: that is a redaction placeholder, not a secret. Sending it would overwrite the real community with the mask, so nothing was sent. Ask the user for the new community string.',
    );
  }
}

const inputSchema = {
  id: uuid().describe('Credential id'),
  name: z.string().min(1).max(100).describe('Pass the current to keep it'),
  organization_id: uuid().describe('Its organization'),
  community: z.string().min(1).max(255).describe('New SNMPv2c community (secret)'),
  tags: z.array(uuid()).max(100).describe('Tag ids; pass current to keep them'),
  version: z.enum(['V2c', 'V3']).optional().describe('Default V2c'),
  confirmation_token: z.string().max(200).optional().describe('From the preview, once agreed'),
};

function notWritten(
  decision: Exclude<ConfirmationDecision, { kind: 'confirmed' }>,
  preview: CredentialPreview | undefined,
  target: CredentialWrite,
) {
  switch (decision.kind) {
    case 'preview':
      return previewResult(preview, decision.token, decision.expiresAt, target);
    case 'app-preview':
      return appPreviewResult(preview, decision, target);
    case 'declined':
      return declinedResult(decision.action, preview);
    case 'invalid-token':
      throw new InvalidTokenError(decision.reason);
  }
}

export class InvalidTokenError extends ToolMessageError {
  constructor(readonly reason: TokenProblem) {
    const why = TOKEN_PROBLEM_TEXT[reason];
    super(
      `The confirmation_token ${why}; nothing was written. Call update_snmp_credential without confirmation_token to get a fresh preview, show it to the user, and use the new token only if they agree.`,
    );
  }
}

/**
 * From 0.15 an SNMPv3 credential holds a user and passwords, not a community: rotating one is
 * refused before anything is shown or sent (the client refuses it again at write time).
 */
function v3Refusal(
  profile: ServiceProfile | undefined,
  current: CurrentState,
  requested: 'V2c' | 'V3' | undefined,
): string | undefined {
  if (!profile || profile.family === '0.14') return undefined;
  if (current.known && current.credential.version === 'V3') {
    return `Credential ${current.credential.id} is SNMPv3: on Scanopy ${profile.version} it has no community (it authenticates with a user and auth/privacy passwords), so there is nothing to rotate; nothing was sent. Change SNMPv3 secrets in Scanopy's web UI.`;
  }
  if (requested === 'V3') {
    return `Scanopy ${profile.version} keeps SNMPv3 settings (user, auth and privacy passwords) that a community cannot supply, so a credential cannot be turned into v3 here; nothing was sent. Call again without version.`;
  }
  return undefined;
}

export const updateSnmpCredential = defineTool({
  name: 'update_snmp_credential',
  title: 'Update SNMP credential',
  description:
    'Replace an SNMP credential (rotate its community). Overwrites every field: pass the current name, organization_id and tags from list_snmp_credentials to keep them. A person confirms (app or form); given a confirmation_token, show the preview and repeat the call with it once they agree. Never pass a masked community.',
  meta: VIEW_TOOL_META,
  inputSchema,
  outputSchema: {
    // Results also say `written`: yes, no, or unknown (sent, answer lost; credential read back).
    status: z.enum(['updated', 'preview', 'declined', 'not_written', 'unknown']),
    credential: credentialOutput.optional(),
    preview: z.string().optional(),
    confirmation_token: z.string().optional(),
    expires_at: z.string().optional(),
    changes: z.array(z.string()).optional(),
    warnings: z.array(z.string()).optional(),
    next_step: z.string().optional(),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  writes: true,
  secretArguments: ['community'],
  async handler(given, { api, names, signal, confirmer, audit }) {
    // The name as shown (quoted, marked as service data) is taken for the name itself.
    const args = { ...given, name: unmarkServiceData(unquote(given.name)) };
    const record = writeAuditor(audit, 'update_snmp_credential', args);
    const refuse = (field: string, value: string, secret?: boolean) => {
      try {
        refuseHidden(field, value, secret);
      } catch (error) {
        if (error instanceof HiddenCharactersError) {
          record('refused', { detail: `hidden characters in the ${field}: ${error.named}` });
        }
        throw error;
      }
    };
    refuse('name', args.name);
    if (isRedactionPlaceholder(args.community)) {
      record('refused', { detail: 'placeholder community' });
      throw new PlaceholderCommunityError();
    }
    refuse('community', args.community, true);
    const { confirmation_token: token, version, ...fields } = args;
    const bound: CredentialWrite = { ...fields, ...(version ? { version } : {}) };
    // Tag names are read beside the current state (cached per caller); a failure leaves ids.
    const tagNames = names.read(api, ['tags'], signal);
    // Read on every call, token or not: the token signs the state as read, which is what makes it
    // single-use across processes, restarts and replicas (confirm/confirmation.ts).
    const current = await readCurrentCredential(api, args.id, signal);
    // Not knowing the version only costs the v3 check here; the write itself asks again.
    const profile = await api.service(signal).catch((error: unknown) => {
      if (signal.aborted || error instanceof CancelledError) throw error;
      return undefined;
    });
    const state = current.known ? current.credential : undefined;
    const refusal = v3Refusal(profile, current, args.version);
    if (refusal) {
      record('refused', { detail: 'SNMPv3 has no community' });
      throw new ToolMessageError(refusal);
    }
    // 0.14 makes an update without version V2c; 0.15+ keeps the type it read (credentials.ts).
    const kept =
      profile && profile.family !== '0.14' && current.known
        ? (current.credential.version ?? 'V2c')
        : 'V2c';
    // The preview is built when it is shown: without a token, or when a person will be asked.
    const preview: CredentialPreview | undefined =
      token === undefined || confirmer.asksPerson()
        ? credentialPreview(
            { ...args, version: args.version ?? kept, communityLength: args.community.length },
            current,
            await tagNames,
          )
        : undefined;
    let decision: ConfirmationDecision;
    try {
      decision = await confirmer.confirm({
        message: preview?.text ?? '',
        bound,
        state,
        token,
        signal,
      });
    } catch (error) {
      record(...confirmationFailureRecord(error));
      throw error;
    }
    record(...decisionRecord(decision));
    if (decision.kind !== 'confirmed') return notWritten(decision, preview, bound);
    const credential = await writeCredential(api, bound, record, signal, state).finally(() =>
      // Landed or not known: host answers read credential names and assignments afresh.
      forgetCredentialLists(names),
    );
    return updatedResult(credential, decision.via, preview, (await tagNames).nameOf);
  },
});
