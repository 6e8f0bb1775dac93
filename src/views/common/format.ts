// Pure helpers that render results as compact text for a model.
import type { SnmpCredential } from '../../api/schemas.js';
import { quote } from '../../safety/quote.js';
import { markServiceData } from '../../safety/service-data-mark.js';
import type { CredentialOutput } from './shapes.js';

/** "2026-11-20T03:00": a date and a minute at fixed places (`\d` is ASCII digits only). */
const ISO_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An ISO timestamp shortened to minutes, UTC: enough to act on, half the bytes. */
export function shortTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  // A test and two slices at fixed places, not exec's match array: every item of a list has times.
  return ISO_MINUTE.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z` : iso;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Only the fields a person acts on; the community is dropped, whatever the service sent. */
export function credentialView(credential: SnmpCredential): CredentialOutput {
  return {
    id: credential.id,
    name: credential.name,
    organization_id: credential.organization_id,
    ...(credential.version ? { version: credential.version } : {}),
    tags: credential.tags,
    ...(credential.updated_at ? { updated_at: credential.updated_at } : {}),
  };
}

/** A name the service or a caller chose, as this server's text shows it: marked, then quoted. */
export const shownName = (name: string): string => quote(markServiceData(name));

/** '"core" (e5f6…)' when the tag is named, else its id: the next call needs the ids. */
export function namedIds(
  ids: readonly string[],
  nameOf: (id: string) => string | undefined,
  show: (name: string) => string = shownName,
): string {
  return ids
    .map((id) => {
      const name = nameOf(id);
      return name ? `${show(name)} (${id})` : id;
    })
    .join(', ');
}

export function credentialLine(
  credential: CredentialOutput,
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  const parts = [
    `id ${credential.id}`,
    `org ${credential.organization_id}`,
    credential.version ?? 'V2c',
    credential.tags.length > 0 ? `tags ${namedIds(credential.tags, nameOf)}` : 'no tags',
    credential.updated_at ? `updated ${shortTime(credential.updated_at)}` : undefined,
  ].filter(Boolean);
  return `- ${shownName(credential.name)} · ${parts.join(' · ')}`;
}
