// Turns a `network` or `daemon` name argument into its id: exact, else one case-insensitive match.
import type { Named, NamedKind } from '../../api/client.js';
import type { Names } from '../../api/name-directory.js';
import { ToolMessageError } from '../../errors.js';
import { quote, unquote } from '../../safety/quote.js';
import { markServiceData, unmarkServiceData } from '../../safety/service-data-mark.js';

/** Candidates listed in an error, at most; past that the error says how to see them all. */
const MAX_CANDIDATES = 50;

/** Where every name of a kind can be read, for an error that cannot list them all. */
const EVERY_NAME: Readonly<Record<NamedKind, string>> = {
  networks: 'list_discoveries with counts_only: true names every one',
  daemons: 'list_discoveries with counts_only: true names every one',
  tags: 'pass part of the name, or the id from a listing (tag_names)',
  hosts: 'pass the id from a listing',
};

const listed = (items: readonly Named[], kind: NamedKind) =>
  items
    .slice(0, MAX_CANDIDATES)
    .map((item) => `${quote(markServiceData(item.name))} (${item.id})`)
    .join(', ') +
  (items.length > MAX_CANDIDATES
    ? `, and ${items.length - MAX_CANDIDATES} more not listed here (${EVERY_NAME[kind]})`
    : '');

/**
 * The argument that takes an id: network_id and daemon_id beside their name arguments; every other
 * name argument (tag, snmp_credential, found_by) takes an id in itself, and has no `_id` twin.
 */
const ID_TWINS: ReadonlySet<string> = new Set(['network', 'daemon']);
const idArgument = (argument: string) => (ID_TWINS.has(argument) ? `${argument}_id` : argument);

/**
 * The id the name stands for; an isError (ToolMessageError) when it is unknown or ambiguous.
 * `noun` is what the service calls the kind (0.17.22 lists networks as sites).
 */
export function resolveName(
  names: Names,
  kind: NamedKind,
  argument: string,
  name: string,
  noun: { readonly one: string; readonly many: string } = { one: argument, many: kind },
): string {
  const list = names.list(kind);
  // Names shown quoted and marked as service data are matched without either, whichever form is passed.
  const wanted = unmarkServiceData(unquote(name));
  const asked = quote(markServiceData(wanted), 100);
  if (!list) {
    throw new ToolMessageError(
      `Cannot resolve ${argument} ${asked}: ${names.failure(kind) ?? `the ${noun.many} could not be listed.`} Pass ${idArgument(argument)} instead; nothing was listed.`,
    );
  }
  const exact = list.filter((item) => unmarkServiceData(item.name) === wanted);
  const matches =
    exact.length > 0
      ? exact
      : list.filter((item) => unmarkServiceData(item.name).toLowerCase() === wanted.toLowerCase());
  const [only] = matches;
  if (matches.length === 1 && only) return only.id;
  if (matches.length > 1) {
    throw new ToolMessageError(
      `${argument} ${asked} matches ${matches.length} ${noun.many}: ${listed(matches, kind)}. Call again with ${idArgument(argument)} set to the one meant; nothing was listed.`,
    );
  }
  throw new ToolMessageError(
    `No ${noun.one} is named ${asked}. Known ${noun.many}: ${list.length > 0 ? listed(list, kind) : 'none'}. Call again with one of these names or its id as ${idArgument(argument)}; nothing was listed.`,
  );
}
