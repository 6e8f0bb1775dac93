// The before/after of an SNMP credential update, as a person reads it before confirming.
import { quoteIsolated } from '../../safety/quote.js';
import { markServiceData } from '../../safety/service-data-mark.js';
import { namedIds } from '../common/format.js';
import type { CredentialOutput } from '../common/shapes.js';

/** What the update will write (the community is never part of it). */
export interface CredentialChange {
  readonly id: string;
  readonly name: string;
  readonly organization_id: string;
  readonly version: string;
  readonly tags: readonly string[];
  /** Only the length of the new community is ever shown. */
  readonly communityLength: number;
}

/** The stored credential when it could be read, or why it could not. */
export type CurrentState =
  | { readonly known: true; readonly credential: CredentialOutput }
  | { readonly known: false; readonly reason: string };

export interface CredentialPreview {
  /** Summary, field lines and warnings; the first line stands alone (a form field description). */
  readonly text: string;
  /** Fields that change; "community" always, the others when the current state says so. */
  readonly changes: string[];
  readonly warnings: string[];
}

const SHOWN_TAGS = 10;

/**
 * A name as the preview (and so the form) shows it: marked, quoted and bidi-isolated, so Hebrew or
 * Arabic letters in one name cannot reorder the "before -> after" line around it.
 */
export const previewName = (name: string): string => quoteIsolated(markServiceData(name));

/** Tag names beside their ids, where the service gave names (never instead: tags are passed by id). */
export interface PreviewNames {
  readonly nameOf: (id: string) => string | undefined;
  /** One line per name list that could not be read. */
  readonly notes: readonly string[];
}

const NO_NAMES: PreviewNames = { nameOf: () => undefined, notes: [] };

function tagListOf(tags: readonly string[], names: PreviewNames): string {
  if (tags.length === 0) return 'none';
  const shown = namedIds(tags.slice(0, SHOWN_TAGS), names.nameOf, previewName);
  return tags.length > SHOWN_TAGS ? `${shown} and ${tags.length - SHOWN_TAGS} more` : shown;
}

function communityLine(next: CredentialChange): string {
  return `- community: changes (new value of ${next.communityLength} characters, not shown)`;
}

function fieldLine(label: string, before: string, after: string, same = before === after): string {
  return same ? `- ${label}: ${after} (unchanged)` : `- ${label}: ${before} -> ${after}`;
}

export function credentialPreview(
  change: CredentialChange,
  current: CurrentState,
  names: PreviewNames = NO_NAMES,
): CredentialPreview {
  const tagList = (tags: readonly string[]) => tagListOf(tags, names);
  // Names are chosen by the caller or the service: one line, marked, every quote look-alike and
  // separator escaped, so each stays visibly a quoted name in the form and can never add a
  // sentence of its own. The summary line carries ids and field names only, never a name.
  const next = { ...change, name: previewName(change.name) };
  if (!current.known) {
    return {
      text: [
        `Update SNMP credential ${next.id}: current state unknown (${current.reason}); every field below replaces what is stored.`,
        `- name: ${next.name}`,
        `- organization: ${next.organization_id}`,
        `- version: ${next.version}`,
        `- tags (${next.tags.length}): ${tagList(next.tags)}`,
        communityLine(next),
        ...names.notes,
      ].join('\n'),
      changes: ['community'],
      warnings: [],
    };
  }
  const before = { ...current.credential, name: previewName(current.credential.name) };
  const beforeVersion = before.version ?? 'V2c';
  const removed = before.tags.filter((tag) => !next.tags.includes(tag));
  const added = next.tags.filter((tag) => !before.tags.includes(tag));
  const renamed = current.credential.name !== change.name;
  const changes = [
    renamed ? 'name' : undefined,
    before.organization_id !== next.organization_id ? 'organization_id' : undefined,
    beforeVersion !== next.version ? 'version' : undefined,
    removed.length > 0 || added.length > 0 ? 'tags' : undefined,
    'community',
  ].filter((field): field is string => field !== undefined);
  const warnings: string[] = [];
  if (removed.length > 0) {
    warnings.push(
      `WARNING: removes ${removed.length} tag${removed.length === 1 ? '' : 's'} (${tagList(removed)}): the tag list is replaced whole; pass the current tags to keep them.`,
    );
  }
  if (renamed) {
    warnings.push(`WARNING: renames the credential from ${before.name} to ${next.name}.`);
  }
  if (beforeVersion !== next.version) {
    warnings.push(`WARNING: changes the SNMP version from ${beforeVersion} to ${next.version}.`);
  }
  const tagChange = [
    added.length ? `adds ${tagList(added)}` : undefined,
    removed.length ? `removes ${tagList(removed)}` : undefined,
  ].filter(Boolean);
  const tagLine = `- tags (${next.tags.length}): ${tagList(next.tags)} ${tagChange.length ? `(was ${before.tags.length}; ${tagChange.join('; ')})` : '(unchanged)'}`;
  return {
    text: [
      `Update SNMP credential ${next.id}: changes ${changes.join(', ')}.`,
      fieldLine('name', before.name, next.name, !renamed),
      fieldLine('organization', before.organization_id, next.organization_id),
      fieldLine('version', beforeVersion, next.version),
      tagLine,
      communityLine(next),
      ...warnings,
      ...names.notes,
    ].join('\n'),
    changes,
    warnings,
  };
}
