// list_snmp_credentials' result for both channels: the credentials, tag names beside ids, and the next step.
import type { Pagination } from '../../api/schemas.js';
import { credentialLine, plural } from '../common/format.js';
import { cutByBudget, moreAfter } from '../common/result-budget.js';
import type { CredentialOutput } from '../common/shapes.js';
import type { NameOf } from '../discoveries/discovery-format.js';

export interface CredentialListView {
  readonly credentials: CredentialOutput[];
  readonly pagination?: Pagination;
  readonly skipped: number;
  /** Left out to stay within the result budget. */
  readonly omitted: number;
  readonly nameOf: NameOf;
  readonly nameNotes: readonly string[];
}

function namesOf(view: CredentialListView): Record<string, string> | undefined {
  const names: Record<string, string> = {};
  for (const id of view.credentials.flatMap((c) => c.tags)) {
    const name = view.nameOf(id);
    if (name) names[id] = name;
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

function nextStepOf(view: CredentialListView): string | undefined {
  const { pagination } = view;
  if (!pagination) return undefined;
  const last = pagination.offset + view.credentials.length;
  if (view.omitted > 0) {
    return cutByBudget(view.omitted, last, 'and a smaller limit');
  }
  if (pagination.has_more) return moreAfter(pagination.total_count - last, last);
  return undefined;
}

function warningsOf(view: CredentialListView): string[] {
  const skipped =
    view.skipped > 0
      ? [`${plural(view.skipped, 'item')} could not be read and were left out.`]
      : [];
  return [...skipped, ...view.nameNotes];
}

export function credentialsResult(view: CredentialListView) {
  const names = namesOf(view);
  const next = nextStepOf(view);
  const warnings = warningsOf(view);
  const { pagination, credentials } = view;
  const lines = pagination
    ? [
        `# SNMP credentials ${credentials.length > 0 ? pagination.offset + 1 : 0}-${pagination.offset + credentials.length} of ${pagination.total_count}`,
      ]
    : [`# SNMP credential ${credentials[0]?.id ?? ''}`];
  if (credentials.length === 0) lines.push('No SNMP credentials.');
  lines.push(...credentials.map((c) => credentialLine(c, view.nameOf)), ...warnings);
  if (next) lines.push(next);
  return {
    structured: {
      credentials,
      ...(names ? { names } : {}),
      ...(pagination ? { pagination } : {}),
      ...(next ? { next_step: next } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    },
    text: lines.join('\n'),
  };
}
