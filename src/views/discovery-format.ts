// Renders discoveries compactly: grouped by network and daemon, one line each with what a person acts on.
import type { Discovery, Pagination } from '../api/schemas.js';
import { codeSpan } from '../safety/sanitize.js';
import { plural, shortTime } from './format.js';

/** Removes every `community` field at any depth: not even the redaction placeholder is shown. */
export function withoutCommunities<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutCommunities) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key !== 'community') out[key] = withoutCommunities(inner);
    }
    return out as T;
  }
  return value;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const lastRun = (iso: unknown) => {
  const time = shortTime(text(iso));
  return time ? `last run ${time}` : 'never run';
};

/** "cron `0 3 * * *` UTC · enabled · last run 2026-11-20 03:00Z" and the like. */
export function describeRun(run: Discovery['run_type']): string {
  switch (run.type) {
    case 'Scheduled': {
      const zone = text(run['timezone']) ? ` ${run['timezone']}` : '';
      const state = run['enabled'] === false ? 'DISABLED' : 'enabled';
      return `cron ${codeSpan(text(run['cron_schedule']) ?? '?')}${zone} · ${state} · ${lastRun(run['last_run'])}`;
    }
    case 'AdHoc':
      return `ad hoc · ${lastRun(run['last_run'])}`;
    case 'Historical': {
      const results = (run['results'] ?? {}) as Record<string, unknown>;
      const progress = typeof results['progress'] === 'number' ? ` ${results['progress']}%` : '';
      const error = text(results['error']) ? `: ${results['error']}` : '';
      const finished = shortTime(text(results['finished_at']));
      const phase = text(results['phase']) ?? 'unknown';
      return `run ${phase === 'Failed' ? 'FAILED' : phase}${progress}${error}${finished ? ` · finished ${finished}` : ''}`;
    }
    default:
      return `${run.type} · ${lastRun(run['last_run'])}`;
  }
}

/** Credential ids a Network discovery uses: the next call (list/update credential) needs them. */
function credentialIds(discovery: Discovery): string[] {
  const credentials = discovery.discovery_type['snmp_credentials'];
  if (!Array.isArray(credentials)) return [];
  return credentials
    .map((c) =>
      c && typeof c === 'object'
        ? text((c as Record<string, unknown>)['credential_id'])
        : undefined,
    )
    .filter((id): id is string => id !== undefined);
}

export function discoveryLine(discovery: Discovery): string {
  const credentials = credentialIds(discovery);
  const snmp = credentials.length > 0 ? ` · SNMP credential ${credentials.join(', ')}` : '';
  return `- ${discovery.name} · ${discovery.id} · ${discovery.discovery_type.type} · ${describeRun(discovery.run_type)}${snmp}`;
}

/** The heading of one network-and-daemon group; every line below it shares both ids. */
export function groupHeading(discovery: Discovery, count: number): string {
  return `## Network ${discovery.network_id} · daemon ${discovery.daemon_id} (${count})`;
}

export const groupKey = (discovery: Discovery) => `${discovery.network_id} ${discovery.daemon_id}`;

export interface DiscoveryListView {
  readonly discoveries: readonly Discovery[];
  readonly pagination: Pagination;
  readonly skipped: number;
  readonly filters: {
    readonly network_id?: string | undefined;
    readonly daemon_id?: string | undefined;
  };
  /** Items left out to keep the result within budget, and where the next call starts. */
  readonly omitted?: { readonly count: number; readonly nextOffset: number };
}

const isDisabled = (d: Discovery) =>
  d.run_type.type === 'Scheduled' && d.run_type['enabled'] === false;
const isFailed = (d: Discovery) =>
  d.run_type.type === 'Historical' &&
  (d.run_type['results'] as Record<string, unknown> | undefined)?.['phase'] === 'Failed';

/** The lines before the groups: range, scope and what needs attention. */
function summary(view: DiscoveryListView): string[] {
  const { discoveries, pagination, filters } = view;
  const scope = [
    filters.network_id ? `network ${filters.network_id}` : undefined,
    filters.daemon_id ? `daemon ${filters.daemon_id}` : undefined,
  ].filter(Boolean);
  const first = discoveries.length > 0 ? pagination.offset + 1 : 0;
  const last = pagination.offset + discoveries.length;
  const lines = [
    `# Discoveries ${first}-${last} of ${pagination.total_count}${scope.length ? ` (${scope.join(', ')})` : ''}`,
  ];
  if (discoveries.length === 0) lines.push('No discoveries match.');
  const disabled = discoveries.filter(isDisabled).length;
  const failed = discoveries.filter(isFailed).length;
  const attention = [
    disabled > 0 ? `${disabled} scheduled DISABLED` : undefined,
    failed > 0 ? `${failed} last run FAILED` : undefined,
  ].filter(Boolean);
  if (attention.length > 0) lines.push(`Attention: ${attention.join(', ')}.`);
  return lines;
}

/** The lines after the groups: what was left out and how to get the rest. */
function footer(view: DiscoveryListView): string[] {
  const { discoveries, pagination } = view;
  const lines: string[] = [];
  if (view.skipped > 0) {
    lines.push(
      `${plural(view.skipped, 'item')} from the service could not be read and were left out.`,
    );
  }
  const last = pagination.offset + discoveries.length;
  if (view.omitted && view.omitted.count > 0) {
    const { count, nextOffset } = view.omitted;
    lines.push(
      `${count} more not shown to stay within the result budget: call again with offset ${nextOffset} and limit ${Math.max(1, discoveries.length)}, or narrow with network_id or daemon_id.`,
    );
  } else if (pagination.has_more) {
    lines.push(`${pagination.total_count - last} more: call again with offset ${last}.`);
  }
  return lines;
}

export function renderDiscoveries(view: DiscoveryListView): string {
  const groups = new Map<string, Discovery[]>();
  for (const discovery of view.discoveries) {
    const group = groups.get(groupKey(discovery));
    if (group) group.push(discovery);
    else groups.set(groupKey(discovery), [discovery]);
  }
  const lines = summary(view);
  for (const group of groups.values()) {
    const [head] = group;
    if (!head) continue;
    lines.push(groupHeading(head, group.length));
    for (const discovery of group) lines.push(discoveryLine(discovery));
  }
  lines.push(...footer(view));
  return lines.join('\n');
}
