// list_changes' argument shape and the strict reading of `kinds`: one source for the tool, its handler and the tests.
import * as z from 'zod';
import { CHANGE_KINDS, type ChangeKind } from '../../api/changes/change-support.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { fieldsArgument } from '../common/fields-argument.js';
import { freeText } from '../common/free-text.js';

/** Descriptions short: the catalog stays in the model's context all conversation. */
export const changeListArguments = {
  network: freeText().optional().describe('Name or id'),
  host: freeText().optional().describe('Name, IP or id'),
  tag: freeText().optional().describe('Name or id'),
  since: freeText().optional().describe('Date or P7D'),
  run: freeText().optional().describe('Discovery'),
  from_snapshot: freeText().optional().describe('Id/time'),
  to_snapshot: freeText().optional().describe('Or newest'),
  kinds: z.string().max(100).optional().describe('e.g. hosts,ports'),
  counts_only: z.boolean().optional().describe('No rows'),
  fields: fieldsArgument(),
  limit: z.number().int().min(0).max(1000).default(50).describe('0 = all'),
  offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Skip'),
};

export type ChangeListArguments = z.infer<z.ZodObject<typeof changeListArguments>>;

/** The kinds asked ("ports,services", a list's text), each once; all when none is given. */
export function parseKinds(text: string | undefined): ReadonlySet<ChangeKind> {
  if (text === undefined || text.trim() === '') return new Set(CHANGE_KINDS);
  const asked = text
    .split(',')
    .map((kind) => kind.trim().toLowerCase())
    .filter((kind) => kind !== '');
  const unknown = asked.filter((kind) => !(CHANGE_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || asked.length === 0) {
    throw new ToolMessageError(
      `kinds has no kind ${
        unknown
          .slice(0, 3)
          .map((k) => quote(k, 40))
          .join(', ') || 'given'
      }: the known ones are ${CHANGE_KINDS.join(', ')}. Nothing was listed.`,
    );
  }
  return new Set(asked as ChangeKind[]);
}
