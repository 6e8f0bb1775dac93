// update_snmp_credential: replaces a credential's fields after a person confirms; never echoes the secret.
import { z } from 'zod';
import type { SnmpCredentialUpdate } from '../api/schemas.js';
import type { ConfirmationDecision } from '../confirm/confirmation.js';
import { TOKEN_PROBLEM_TEXT, type TokenProblem } from '../confirm/confirmation-token.js';
import { type CredentialPreview, credentialPreview } from '../confirm/credential-preview.js';
import { readCurrentCredential } from '../confirm/current-credential.js';
import {
  confirmationFailureRecord,
  decisionRecord,
  failureRecord,
  writeAuditor,
} from '../confirm/write-audit.js';
import { isRedactionPlaceholder } from '../safety/placeholder.js';
import { ToolMessageError } from '../tools/tool-message-error.js';
import { credentialLine, credentialView } from '../views/format.js';
import { defineTool } from './define-tool.js';
import { credentialOutput, uuid } from './schemas.js';

export class PlaceholderCommunityError extends ToolMessageError {
  constructor() {
    super(
      'The community is only asterisks, bullets or a marker such as [redacted]: that is a redaction placeholder, not a secret. Sending it would overwrite the real community with the mask, so nothing was sent. Ask the user for the new community string.',
    );
  }
}

const inputSchema = {
  id: uuid().describe('Credential id'),
  name: z.string().min(1).max(100).describe('Name; pass the current one to keep it'),
  organization_id: uuid().describe("The credential's organization id"),
  community: z.string().min(1).max(255).describe('New SNMPv2c community string (secret)'),
  tags: z.array(uuid()).max(100).describe('Tag ids; pass the current ones to keep them'),
  version: z.enum(['V2c', 'V3']).optional().describe('Default V2c'),
  confirmation_token: z
    .string()
    .max(200)
    .optional()
    .describe('From the preview, after the user agreed'),
};

function previewFields(preview: CredentialPreview | undefined) {
  return preview ? { changes: preview.changes, warnings: preview.warnings } : {};
}

function notWritten(
  decision: Exclude<ConfirmationDecision, { kind: 'confirmed' }>,
  preview: CredentialPreview | undefined,
) {
  switch (decision.kind) {
    case 'preview':
      return {
        structured: {
          status: 'preview' as const,
          confirmation_token: decision.token,
          expires_at: decision.expiresAt.toISOString(),
          ...previewFields(preview),
        },
        text: `Nothing written yet. Show the user this change and ask them to approve it:\n${preview?.text ?? ''}\nOnly after they agree, call update_snmp_credential again with the same arguments plus confirmation_token "${decision.token}" (valid 5 minutes, once).`,
      };
    case 'declined':
      return {
        structured: { status: 'declined' as const, ...previewFields(preview) },
        text: `The user did not approve the change (${decision.action}); nothing was written. Do not retry unless they ask.`,
      };
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

export const updateSnmpCredential = defineTool({
  name: 'update_snmp_credential',
  title: 'Update SNMP credential',
  description:
    'Replace an SNMP credential (e.g. rotate its community). Call list_snmp_credentials first to get id, organization_id, name and tags: the update overwrites every field, so pass the current ones to keep them. The user must confirm: the client asks them, or you get a preview and confirmation_token; show the preview, and call again with the same arguments and the token only after they agree. Never pass a community of asterisks.',
  inputSchema,
  outputSchema: {
    status: z.enum(['updated', 'preview', 'declined']),
    credential: credentialOutput.optional(),
    confirmation_token: z.string().optional(),
    expires_at: z.string().optional(),
    changes: z.array(z.string()).optional(),
    warnings: z.array(z.string()).optional(),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  writes: true,
  secretArguments: ['community'],
  async handler(args, { api, signal, confirmer, audit }) {
    const record = writeAuditor(audit, 'update_snmp_credential', args);
    if (isRedactionPlaceholder(args.community)) {
      record('refused', { detail: 'placeholder community' });
      throw new PlaceholderCommunityError();
    }
    const { confirmation_token: token, ...bound } = args;
    // A token call skips the read unless a form will be shown: the form always carries the preview.
    const preview =
      token === undefined || confirmer.asksPerson()
        ? credentialPreview(
            { ...args, version: args.version ?? 'V2c', communityLength: args.community.length },
            await readCurrentCredential(api, args.id, signal),
          )
        : undefined;
    let decision: ConfirmationDecision;
    try {
      decision = await confirmer.confirm({ message: preview?.text ?? '', bound, token, signal });
    } catch (error) {
      record(...confirmationFailureRecord(error));
      throw error;
    }
    record(...decisionRecord(decision));
    if (decision.kind !== 'confirmed') return notWritten(decision, preview);
    const update: SnmpCredentialUpdate = {
      name: args.name,
      organization_id: args.organization_id,
      community: args.community,
      tags: args.tags,
      ...(args.version ? { version: args.version } : {}),
    };
    record('sent');
    let credential: ReturnType<typeof credentialView>;
    try {
      credential = credentialView(await api.updateSnmpCredential(args.id, update, signal));
    } catch (error) {
      record('failed', failureRecord(error));
      throw error;
    }
    // The client returns only on a success envelope, which the service sends with 200.
    record('succeeded', { status: 200 });
    return {
      structured: { status: 'updated' as const, credential, ...previewFields(preview) },
      text: `Updated (confirmed via ${decision.via}); the community was changed and is not shown.\n${credentialLine(credential)}`,
    };
  },
});
