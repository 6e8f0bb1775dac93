// One discovery as a model reads it: a lean flat item (ids kept, nested copies dropped) and its text line.
import type { Discovery } from '../api/schemas.js';
import { codeSpan, sanitizeText, serviceText } from '../safety/sanitize.js';
import { markServiceData } from '../safety/service-data-mark.js';
import { shortTime } from './format.js';

/** Resolves an id to its sanitized name, when the service gave one. */
export type NameOf = (id: string | undefined) => string | undefined;

export interface LeanRun {
  readonly type: string;
  readonly cron_schedule?: string;
  readonly enabled?: boolean;
  readonly last_run?: string;
  readonly timezone?: string;
  /** Historical runs: the outcome, without the copies of daemon, network and type inside results. */
  readonly phase?: string;
  readonly progress?: number;
  readonly error?: string;
  readonly finished_at?: string;
}

/** The flat item programs rely on: ids as the service gave them, nothing null, nothing empty. */
export interface LeanDiscovery {
  readonly id: string;
  readonly name: string;
  readonly network_id?: string;
  readonly daemon_id?: string;
  tags?: string[];
  readonly discovery_type: { readonly type: string; readonly host_id?: string };
  readonly run_type: LeanRun;
  /** SNMP credentials a Network discovery uses: the next call (list/update credential) needs them. */
  snmp_credential_ids?: string[];
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Only the defined values: no nulls or empty strings reach the model. A loop over keys, not
 * Object.entries/fromEntries: this runs for every item of every page (measured 5x faster).
 */
function defined<R>(value: { [K in keyof R]: R[K] | undefined }): R {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const inner = value[key];
    if (inner !== undefined) out[key] = inner;
  }
  return out as R;
}

/**
 * Most names are already one clean line: they skip serviceText's per-character copy. Clean means
 * sanitizeText leaves it alone and no whitespace but single inner spaces.
 */
const ODD_SPACE = /[^\S ]|^ | $| {2}/;
const MAX_NAME = 200;
const oneLineName = (name: string) =>
  markServiceData(
    name.length <= MAX_NAME && !ODD_SPACE.test(name) && sanitizeText(name) === name
      ? name
      : serviceText(name, MAX_NAME),
  );

function leanRun(run: Discovery['run_type']): LeanRun {
  if (run.type === 'Historical') {
    const results = (run['results'] ?? {}) as Record<string, unknown>;
    return defined<LeanRun>({
      type: run.type,
      phase: str(results['phase']),
      progress: typeof results['progress'] === 'number' ? results['progress'] : undefined,
      error: str(results['error']) && markServiceData(serviceText(results['error'] as string)),
      finished_at: str(results['finished_at']),
    });
  }
  return defined<LeanRun>({
    type: run.type,
    cron_schedule: str(run['cron_schedule']),
    enabled: typeof run['enabled'] === 'boolean' ? run['enabled'] : undefined,
    last_run: str(run['last_run']),
    timezone: str(run['timezone']),
  });
}

function credentialIds(discovery: Discovery): string[] {
  const credentials = discovery.discovery_type['snmp_credentials'];
  if (!Array.isArray(credentials)) return [];
  return credentials
    .map((c) =>
      c && typeof c === 'object' ? str((c as Record<string, unknown>)['credential_id']) : undefined,
    )
    .filter((id): id is string => id !== undefined);
}

export function leanDiscovery(discovery: Discovery): LeanDiscovery {
  const record = discovery as Record<string, unknown>;
  const tags = Array.isArray(record['tags']) ? (record['tags'] as string[]) : [];
  const credentials = credentialIds(discovery);
  return defined<LeanDiscovery>({
    id: discovery.id,
    name: oneLineName(discovery.name),
    network_id: str(record['network_id']),
    daemon_id: str(record['daemon_id']),
    tags: tags.length > 0 ? tags : undefined,
    discovery_type: defined<LeanDiscovery['discovery_type']>({
      type: discovery.discovery_type.type,
      host_id: str(discovery.discovery_type['host_id']),
    }),
    run_type: leanRun(discovery.run_type),
    snmp_credential_ids: credentials.length > 0 ? credentials : undefined,
  });
}

/** Between the parts of a line: "; " is half the bytes of " · ", on every part of every line. */
const SEP = '; ';

const lastRun = (iso: string | undefined) => {
  const time = shortTime(iso);
  return time ? `ran ${time}` : 'never run';
};

/**
 * "`0 3 * * *` UTC; ran 2026-11-20 03:00Z" and the like. A schedule is enabled unless the line
 * says DISABLED (the summary says so once): "enabled" on every line was a tenth of the text.
 */
export function describeRun(run: LeanRun): string {
  switch (run.type) {
    case 'Scheduled': {
      const zone = run.timezone ? ` ${run.timezone}` : '';
      const state = run.enabled === false ? `${SEP}DISABLED` : '';
      return `${codeSpan(run.cron_schedule ?? '?')}${zone}${state}${SEP}${lastRun(run.last_run)}`;
    }
    case 'AdHoc':
      return `ad hoc${SEP}${lastRun(run.last_run)}`;
    case 'Historical': {
      const progress = run.progress === undefined ? '' : ` ${run.progress}%`;
      const error = run.error ? `: ${run.error}` : '';
      const finished = shortTime(run.finished_at);
      const phase = run.phase ?? 'unknown';
      return `run ${phase === 'Failed' ? 'FAILED' : phase}${progress}${error}${finished ? `${SEP}finished ${finished}` : ''}`;
    }
    default:
      return `${run.type}${SEP}${lastRun(run.last_run)}`;
  }
}

export const isDisabled = (d: LeanDiscovery) =>
  d.run_type.type === 'Scheduled' && d.run_type.enabled === false;
export const isFailed = (d: LeanDiscovery) =>
  d.run_type.type === 'Historical' && d.run_type.phase === 'Failed';
export const neverRun = (d: LeanDiscovery) =>
  (d.run_type.type === 'Scheduled' || d.run_type.type === 'AdHoc') && !d.run_type.last_run;

/** A name where the service gave one, else the id: text stays readable when a list was not. */
const label = (id: string, nameOf: NameOf) => nameOf(id) ?? id;

export function discoveryLine(discovery: LeanDiscovery, nameOf: NameOf): string {
  const host = nameOf(discovery.discovery_type.host_id);
  const parts = [
    `- ${discovery.name}`,
    discovery.id,
    `${discovery.discovery_type.type}${host ? ` on ${host}` : ''}`,
    describeRun(discovery.run_type),
  ];
  if (discovery.tags) parts.push(`tags ${discovery.tags.map((t) => label(t, nameOf)).join(', ')}`);
  if (discovery.snmp_credential_ids) {
    parts.push(`SNMP credential ${discovery.snmp_credential_ids.join(', ')}`);
  }
  return parts.join(SEP);
}

/**
 * The heading of one network-and-daemon group; every line below it shares both. `label` gives
 * a name the legend above explains, or the id itself.
 */
export function groupHeading(
  discovery: LeanDiscovery,
  count: number,
  label: (id: string) => string,
  place: Place = 'network',
): string {
  const part = (kind: string, id: string | undefined) => `${kind} ${id ? label(id) : 'not given'}`;
  const title = place === 'site' ? 'Site' : 'Network';
  return `## ${part(title, discovery.network_id)} · ${part('daemon', discovery.daemon_id)} (${count})`;
}

/** What the service's UI calls a network: Scanopy 0.17.22 renamed networks to sites. */
export type Place = 'network' | 'site';

export const groupKey = (discovery: LeanDiscovery) =>
  `${discovery.network_id ?? '-'} ${discovery.daemon_id ?? '-'}`;
