// Renders discoveries compactly: grouped by network, one line each with what a person acts on.
import type { Discovery, Pagination } from '../api/schemas.js';
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

/** "scheduled `0 3 * * *` UTC, enabled, last run 2026-11-20 03:00Z" and the like. */
export function describeRun(run: Discovery['run_type']): string {
  const lastRun = shortTime(text(run['last_run']));
  switch (run.type) {
    case 'Scheduled': {
      const zone = text(run['timezone']) ? ` ${run['timezone']}` : '';
      const state = run['enabled'] === false ? 'DISABLED' : 'enabled';
      return `scheduled \`${text(run['cron_schedule']) ?? '?'}\`${zone}, ${state}, ${lastRun ? `last run ${lastRun}` : 'never run'}`;
    }
    case 'AdHoc':
      return `ad hoc, ${lastRun ? `last run ${lastRun}` : 'never run'}`;
    case 'Historical': {
      const results = (run['results'] ?? {}) as Record<string, unknown>;
      const progress = typeof results['progress'] === 'number' ? ` ${results['progress']}%` : '';
      const error = text(results['error']) ? `, FAILED: ${results['error']}` : '';
      const finished = shortTime(text(results['finished_at']));
      return `historical ${text(results['phase']) ?? ''}${progress}${error}${finished ? `, finished ${finished}` : ''}`.replace(
        /\s+,/g,
        ',',
      );
    }
    default:
      return `run ${run.type}${lastRun ? `, last run ${lastRun}` : ''}`;
  }
}

export function discoveryLine(discovery: Discovery): string {
  return `- ${discovery.name} · id ${discovery.id} · ${discovery.discovery_type.type} · ${describeRun(discovery.run_type)} · daemon ${discovery.daemon_id}`;
}

export interface DiscoveryListView {
  readonly discoveries: readonly Discovery[];
  readonly pagination: Pagination;
  readonly skipped: number;
  readonly filters: {
    readonly network_id?: string | undefined;
    readonly daemon_id?: string | undefined;
  };
  /** Items left out to keep the result within budget, if any. */
  readonly omitted?: number;
}

export function renderDiscoveries(view: DiscoveryListView): string {
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
  const byNetwork = new Map<string, Discovery[]>();
  for (const discovery of discoveries) {
    const group = byNetwork.get(discovery.network_id) ?? [];
    group.push(discovery);
    byNetwork.set(discovery.network_id, group);
  }
  const disabled = discoveries.filter(
    (d) => d.run_type.type === 'Scheduled' && d.run_type['enabled'] === false,
  ).length;
  if (disabled > 0) {
    lines.push(
      `${disabled} scheduled ${disabled === 1 ? 'discovery is' : 'discoveries are'} DISABLED.`,
    );
  }
  for (const [networkId, group] of byNetwork) {
    lines.push(`## Network ${networkId} (${group.length})`);
    for (const discovery of group) lines.push(discoveryLine(discovery));
  }
  if (view.skipped > 0) {
    lines.push(
      `${plural(view.skipped, 'item')} from the service could not be read and were left out.`,
    );
  }
  if (view.omitted && view.omitted > 0) {
    lines.push(
      `${view.omitted} more not shown to stay within the result budget: page with offset ${last} (and a smaller limit), or filter by network_id.`,
    );
  } else if (pagination.has_more) {
    lines.push(`${pagination.total_count - last} more: call again with offset ${last}.`);
  }
  return lines.join('\n');
}
