// update_snmp_credential: replaces a credential's fields after a person confirms; never echoes the secret.
import { z } from 'zod';
import type { SnmpCredentialUpdate } from '../api/schemas.js';
import type { ConfirmationDecision } from '../confirm/confirmation.js';
import { type CredentialPreview, credentialPreview } from '../confirm/credential-preview.js';
import { readCurrentCredential } from '../confirm/current-credential.js';
import { decisionRecord, failureRecord, writeAuditor } from '../confirm/write-audit.js';
import { ToolMessageError } from '../tools/tool-message-error.js';
import { declinedResult, previewResult, updatedResult } from '../views/credential-update-view.js';
import { credentialView } from '../views/format.js';
import { defineTool } from './define-tool.js';
import { credentialOutput, uuid } from './schemas.js';

/** The service shows communities as asterisks; sending that back would overwrite the secret. */
export const REDACTION_PLACEHOLDER = /^\*+$/;

export class PlaceholderCommunityError extends ToolMessageError {
  constructor() {
    super(
      'The community is only asterisks: that is the redaction placeholder the service shows, not a secret. Sending it would overwrite the real community with asterisks, so nothing was sent. Ask the user for the new community string.',
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

function notWritten(
  decision: Exclude<ConfirmationDecision, { kind: 'confirmed' }>,
  preview: CredentialPreview | undefined,
) {
  switch (decision.kind) {
    case 'preview':
      return previewResult(preview, decision.token, decision.expiresAt);
    case 'declined':
      return declinedResult(decision.action, preview);
    case 'invalid-token':
      throw new InvalidTokenError(decision.reason);
  }
}

export class InvalidTokenError extends ToolMessageError {
  constructor(readonly reason: 'malformed' | 'expired' | 'mismatch' | 'used') {
    const why = {
      malformed: 'is not a token this server issued',
      expired: 'has expired (tokens last 5 minutes)',
      mismatch: 'was issued for different arguments',
      used: 'was already used',
    }[reason];
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
  async handler(args, { api, names, signal, confirmer, audit }) {
    const record = writeAuditor(audit, 'update_snmp_credential', args);
    if (REDACTION_PLACEHOLDER.test(args.community)) {
      record('refused', { detail: 'placeholder community' });
      throw new PlaceholderCommunityError();
    }
    const { confirmation_token: token, ...bound } = args;
    // A token means the person already saw the preview; only a first call reads the current state.
    // Tag names are read beside the current state (cached per caller); a failure leaves ids.
    const tagNames = names.read(api, ['tags'], signal);
    const preview =
      token === undefined
        ? credentialPreview(
            { ...args, version: args.version ?? 'V2c', communityLength: args.community.length },
            await readCurrentCredential(api, args.id, signal),
            await tagNames,
          )
        : undefined;
    let decision: ConfirmationDecision;
    try {
      decision = await confirmer.confirm({ message: preview?.text ?? '', bound, token, signal });
    } catch (error) {
      record('failed', { detail: 'confirmation not obtained' });
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
    return updatedResult(credential, decision.via, preview, (await tagNames).nameOf);
  },
});
