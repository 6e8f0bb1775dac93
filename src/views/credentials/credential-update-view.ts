// update_snmp_credential's results (preview, declined, updated, cancelled), each rendered for both channels; ids in id fields, names in name fields, marked where a name holds an id.
import { holdsUuid } from '../../safety/quote.js';
import { credentialLine } from '../common/format.js';
import type { CredentialOutput } from '../common/shapes.js';
import type { NameOf } from '../discoveries/discovery-format.js';
import type { CredentialPreview } from './credential-preview.js';
import { previewName } from './credential-preview.js';

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

/** The values a write sends, as a credential the model and the view read (never the community). */
export interface WrittenValues {
  readonly id: string;
  readonly name: string;
  readonly organization_id: string;
  readonly tags: readonly string[];
  readonly version?: string | undefined;
}

/** A credential with `name_holds_id` set when its name is or holds a UUID, so no one reads it as an id. */
export function markedCredential(credential: CredentialOutput): CredentialOutput {
  return holdsUuid(credential.name) ? { ...credential, name_holds_id: true } : credential;
}

/** The credential a write will leave (or left) behind, marked. */
export function writtenCredential(values: WrittenValues): CredentialOutput {
  return markedCredential({
    id: values.id,
    name: values.name,
    organization_id: values.organization_id,
    ...(values.version ? { version: values.version } : {}),
    tags: [...values.tags],
  });
}

/**
 * Tag names by id, and the ids whose name is or holds a UUID: a tag named with another tag's id
 * stays a name in a name field, flagged, never a second id.
 */
export function tagNames(ids: readonly string[], nameOf: NameOf) {
  const names: Record<string, string> = Object.create(null);
  const holding: string[] = [];
  for (const id of ids) {
    const name = nameOf(id);
    if (!name) continue;
    names[id] = name;
    if (holdsUuid(name)) holding.push(id);
  }
  return {
    ...(Object.keys(names).length > 0 ? { names: { ...names } } : {}),
    ...(holding.length > 0 ? { names_holding_ids: holding } : {}),
  };
}

/** A preview: nothing written; the person must see it and agree before the token is used. */
export function previewResult(
  preview: CredentialPreview | undefined,
  token: string,
  expiresAt: Date,
  target?: WrittenValues,
) {
  const next = `Nothing written yet. Show the user this change and ask them to approve it. Only after they agree, call update_snmp_credential again with the same arguments plus confirmation_token "${token}" (valid 5 minutes, once).`;
  return {
    structured: {
      status: 'preview' as const,
      ...(target ? { credential: writtenCredential(target) } : {}),
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
      written: 'no' as const,
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
  return {
    structured: {
      status: 'updated' as const,
      written: 'yes' as const,
      credential: markedCredential(credential),
      ...tagNames(credential.tags, nameOf),
      ...previewFields(preview),
    },
    text: `Updated (confirmed via ${via}); the community was changed and is not shown.\n${credentialLine(credential, nameOf)}`,
  };
}

/** The person pressed Cancel in the view: the approval is spent, nothing was written. */
export function cancelledResult(values: WrittenValues) {
  const next =
    'The user pressed Cancel: the change was not applied and its approval is spent; nothing was written. Do not retry unless they ask.';
  return {
    structured: {
      status: 'cancelled' as const,
      written: 'no' as const,
      credential: writtenCredential(values),
      next_step: next,
    },
    text: `Cancelled: the change to SNMP credential ${previewName(values.name)} (${values.id}) was not applied; nothing was written. Do not retry unless the user asks.`,
  };
}
