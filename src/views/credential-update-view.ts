// update_snmp_credential's results (preview, declined, updated), each rendered for both channels.
import type { CredentialPreview } from './credential-preview.js';
import type { NameOf } from './discovery-format.js';
import { credentialLine } from './format.js';
import type { CredentialOutput } from './shapes.js';

/** What changes, and warnings only when there are some: no empty lists reach the model. */
const previewFields = (preview: CredentialPreview | undefined) => {
  if (!preview) return {};
  return preview.warnings.length > 0
    ? { changes: preview.changes, warnings: preview.warnings }
    : { changes: preview.changes };
};

export const withoutLines = (text: string, lines: readonly string[]) =>
  text
    .split('\n')
    .filter((line) => !lines.includes(line))
    .join('\n');

/** A preview: nothing written; the person must see it and agree before the token is used. */
export function previewResult(
  preview: CredentialPreview | undefined,
  token: string,
  expiresAt: Date,
) {
  const next = `Nothing written yet. Show the user this change and ask them to approve it. Only after they agree, call update_snmp_credential again with the same arguments plus confirmation_token "${token}" (valid 5 minutes, once).`;
  return {
    structured: {
      status: 'preview' as const,
      // The warnings have a field of their own: the preview lines do not repeat them.
      ...(preview ? { preview: withoutLines(preview.text, preview.warnings) } : {}),
      ...previewFields(preview),
      confirmation_token: token,
      expires_at: expiresAt.toISOString(),
      next_step: next,
    },
    text: `Nothing written yet. Show the user this change and ask them to approve it:\n${preview?.text ?? ''}\nOnly after they agree, call update_snmp_credential again with the same arguments plus confirmation_token "${token}" (valid 5 minutes, once).`,
  };
}

export function declinedResult(action: string, preview: CredentialPreview | undefined) {
  const next = `The user did not approve the change (${action}); nothing was written. Do not retry unless they ask.`;
  return {
    structured: {
      status: 'declined' as const,
      ...previewFields(preview),
      next_step: next,
    },
    text: next,
  };
}

export function updatedResult(
  credential: CredentialOutput,
  via: string,
  preview: CredentialPreview | undefined,
  nameOf: NameOf,
) {
  const names = Object.fromEntries(
    credential.tags.flatMap((id) => {
      const name = nameOf(id);
      return name ? [[id, name]] : [];
    }),
  );
  return {
    structured: {
      status: 'updated' as const,
      credential,
      ...(Object.keys(names).length > 0 ? { names } : {}),
      ...previewFields(preview),
    },
    text: `Updated (confirmed via ${via}); the community was changed and is not shown.\n${credentialLine(credential, nameOf)}`,
  };
}
