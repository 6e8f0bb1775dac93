// What the view reads from a tool result: the shapes of list_discoveries, list_hosts, get_host and update_snmp_credential, checked loosely.
import {
  APPROVAL_META_KEY,
  SCHEDULE_WORDS_META_KEY,
  scheduleWordsKey,
} from '../src/views/common/app-meta.js';
import type {
  HostDetailOutput,
  HostItemOutput,
  HostListOutput,
  HostLookupOutput,
} from '../src/views/hosts/host-shapes.js';

export interface DiscoveryItem {
  readonly id: string;
  readonly name: string;
  readonly network_id?: string;
  readonly daemon_id?: string;
  readonly tags?: readonly string[];
  readonly discovery_type: { readonly type: string };
  readonly run_type: {
    readonly type: string;
    readonly cron_schedule?: string;
    readonly enabled?: boolean;
    readonly last_run?: string;
    readonly timezone?: string;
    /** The cron in words with its time zone, as the server writes it (in the result's `_meta`). */
    readonly schedule?: string;
    /** A past run (type Historical): how it ended, and why when it failed. */
    readonly phase?: string;
    readonly progress?: number;
    readonly error?: string;
    readonly finished_at?: string;
  };
  /** A job's last run, from the run record that names it (0.16.2 and later). */
  readonly last_outcome?: RunOutcome;
  /** Not sent by today's service; a later server may say a run failed. */
  readonly state?: string;
  readonly last_run_failed?: boolean;
}

export interface RunOutcome {
  readonly phase?: string;
  readonly error?: string;
  readonly finished_at?: string;
}

export interface DiscoveryList {
  readonly summary: string;
  /** Set in demo mode (the server's DEMO_MARK): the data is the built-in sample. */
  readonly demo?: string;
  readonly discoveries: readonly DiscoveryItem[];
  readonly names?: Readonly<Record<string, string>>;
  readonly pagination?: { readonly has_more?: boolean; readonly total_count?: number };
}

export interface CredentialResult {
  readonly status: 'preview' | 'updated' | 'declined' | 'cancelled' | 'not_written' | 'unknown';
  /** Whether the change is on the service: yes, no, or unknown (sent, answer lost). */
  readonly written?: 'yes' | 'no' | 'unknown';
  readonly preview?: string;
  readonly changes?: readonly string[];
  readonly warnings?: readonly string[];
  readonly next_step?: string;
  readonly credential?: { readonly id: string; readonly name: string };
}

/** The approval the server put in the preview's `_meta`, for the app alone. */
export interface AppApproval {
  readonly handle: string;
  readonly expires_at: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Fields = Record<string, unknown>;

/** Whether every group holds an array under one of `keys` (a discovery group's run types, or `hosts`). */
const groupsHolding = (value: Fields, keys: readonly string[]) =>
  Array.isArray(value['groups']) &&
  value['groups'].every((group) => isObject(group) && keys.some((k) => Array.isArray(group[k])));

/**
 * list_discoveries' groups hold their items under keys that say the run type; `other` items (a
 * run type the server does not know) and the older `discoveries` list carry their own.
 */
const DISCOVERY_KEYS: readonly (readonly [string, string | undefined])[] = [
  ['scheduled', 'Scheduled'],
  ['ad_hoc', 'AdHoc'],
  ['run_records', 'Historical'],
  ['other', undefined],
  ['discoveries', undefined],
];
const DISCOVERY_GROUP_KEYS = DISCOVERY_KEYS.map(([key]) => key);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A schedule's words by its cron and zone; undefined where the server gave none. */
type ScheduleWordsOf = (cron: string | undefined, zone: string | undefined) => string | undefined;

/**
 * The words list_discoveries put in the result's `_meta` for its page's schedules (structuredContent
 * carries only cron and zone), read loosely: anything but a map of strings is ignored.
 */
function scheduleWordsOf(meta: unknown): ScheduleWordsOf {
  const given = isObject(meta) ? meta[SCHEDULE_WORDS_META_KEY] : undefined;
  // Keyed by the service's crons: no prototype, so only what the map gives is ever found.
  const words: Record<string, string> = Object.create(null);
  if (isObject(given)) {
    for (const [key, said] of Object.entries(given))
      if (typeof said === 'string') words[key] = said;
  }
  return (cron, zone) =>
    cron === undefined ? undefined : words[scheduleWordsKey(cron, zone ?? 'UTC')];
}

/** One item of the server's grouped shape, as the view reads it: its group's ids and its run type beside it. */
function fromGrouped(
  item: Fields,
  group: Fields,
  runType: string | undefined,
  wordsOf: ScheduleWordsOf,
): DiscoveryItem {
  const outcome = isObject(item['last_outcome']) ? item['last_outcome'] : undefined;
  const cron = text(item['cron_schedule']);
  const zone = text(item['timezone']);
  const run: Fields = {
    type: runType ?? text(item['run_type']) ?? 'unknown',
    cron_schedule: cron,
    timezone: zone,
    schedule: wordsOf(cron, zone),
    enabled: typeof item['enabled'] === 'boolean' ? item['enabled'] : undefined,
    last_run: text(item['last_run']),
    phase: text(item['phase']),
    progress: typeof item['progress'] === 'number' ? item['progress'] : undefined,
    error: text(item['error']),
    finished_at: text(item['finished_at']),
  };
  return {
    id: String(item['id']),
    name: String(item['name']),
    network_id: text(group['network_id']),
    daemon_id: text(group['daemon_id']),
    tags: Array.isArray(item['tags']) ? (item['tags'] as string[]) : undefined,
    discovery_type: { type: text(item['discovery_type']) ?? 'unknown' },
    run_type: run as unknown as DiscoveryItem['run_type'],
    last_outcome: outcome
      ? {
          phase: text(outcome['phase']),
          error: text(outcome['error']),
          finished_at: text(outcome['finished_at']),
        }
      : undefined,
  } as DiscoveryItem;
}

/**
 * list_discoveries groups its items under their network and daemon, names inline; the view reads
 * a flat list and a names map, made here from the groups (the older flat shape passes as is), each
 * schedule in the words the result's `_meta` gives (`meta`), where it gives them.
 */
export function asDiscoveryList(
  value: unknown,
  toolName?: string,
  meta?: unknown,
): DiscoveryList | undefined {
  if (!isObject(value)) return undefined;
  if (Array.isArray(value['discoveries'])) return value as unknown as DiscoveryList;
  if (!Array.isArray(value['groups']) || !groupsHolding(value, DISCOVERY_GROUP_KEYS)) {
    return undefined;
  }
  // No groups at all: a host list looks the same, so the tool's name decides where the host gave it.
  if (value['groups'].length === 0 && toolName !== undefined && toolName !== 'list_discoveries') {
    return undefined;
  }
  // Keyed by the service's ids: no prototype, so an id like "constructor" finds nothing inherited.
  const names: Record<string, string> = Object.create(null);
  const discoveries: DiscoveryItem[] = [];
  const wordsOf = scheduleWordsOf(meta);
  for (const group of value['groups'].filter(isObject)) {
    for (const kind of ['network', 'daemon'] as const) {
      const id = text(group[`${kind}_id`]);
      const name = text(group[kind]);
      if (id && name) names[id] = name;
    }
    for (const [key, runType] of DISCOVERY_KEYS) {
      const items = Array.isArray(group[key]) ? group[key].filter(isObject) : [];
      for (const item of items) discoveries.push(fromGrouped(item, group, runType, wordsOf));
    }
  }
  // Items carry tag names (an id where a name could pass for something else); tag_names maps
  // each tag's id to its name once, so an id an item carries is shown by its name.
  const tagNames = value['tag_names'];
  if (isObject(tagNames)) {
    for (const [id, name] of Object.entries(tagNames))
      if (typeof name === 'string') names[id] = name;
  }
  return { ...(value as unknown as DiscoveryList), discoveries, names };
}

const CREDENTIAL_STATUSES: ReadonlySet<string> = new Set<CredentialResult['status']>([
  'preview',
  'updated',
  'declined',
  'cancelled',
  'not_written',
  'unknown',
]);

export function asCredentialResult(value: unknown): CredentialResult | undefined {
  if (!isObject(value)) return undefined;
  const status = value['status'];
  return typeof status === 'string' && CREDENTIAL_STATUSES.has(status)
    ? (value as unknown as CredentialResult)
    : undefined;
}

export function approvalOf(meta: unknown): AppApproval | undefined {
  const approval = isObject(meta) ? meta[APPROVAL_META_KEY] : undefined;
  return isObject(approval) && typeof approval['handle'] === 'string'
    ? (approval as unknown as AppApproval)
    : undefined;
}

/** The text of a result's first text block (an error's message). */
export function textOf(result: { content?: unknown }): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const first = blocks.find((block) => isObject(block) && block['type'] === 'text');
  return isObject(first) && typeof first['text'] === 'string' ? first['text'] : '';
}

/** A credential or discovery link as the view shows it: its id, and its name from the answer. */
type Named<T> = T & { readonly name?: string };
/**
 * A host as the view reads it: the server's item (src/views/hosts/host-shapes.ts is the one source of the
 * shape) with its tags by name and its credentials' and discoveries' names beside their ids.
 */
type WithNames<T extends HostItemOutput> = Omit<
  T,
  'snmp_credentials' | 'first_found_by' | 'last_touched_by'
> & {
  readonly snmp_credentials: readonly Named<HostItemOutput['snmp_credentials'][number]>[];
  readonly first_found_by?: Named<NonNullable<HostItemOutput['first_found_by']>>;
  readonly last_touched_by?: Named<NonNullable<HostItemOutput['last_touched_by']>>;
};
export type HostItem = WithNames<HostItemOutput>;
export type HostDetail = WithNames<HostDetailOutput>;
/** list_hosts' structured answer, its hosts named. */
export type HostList = Omit<HostListOutput, 'groups'> & {
  readonly groups: readonly (Omit<HostListOutput['groups'][number], 'hosts'> & {
    readonly hosts: readonly HostItem[];
  })[];
};
/** get_host's structured answer: the host in full, or the candidates of an ambiguous name. */
export type HostLookup = Omit<HostLookupOutput, 'host'> & { readonly host?: HostDetail };

/** One of the answer's id -> name maps, read without a prototype: an id like "constructor" finds nothing. */
function namesIn(value: Fields, key: string): (id: string) => string | undefined {
  const names: Record<string, string> = Object.create(null);
  const given = value[key];
  if (isObject(given)) {
    for (const [id, name] of Object.entries(given)) if (typeof name === 'string') names[id] = name;
  }
  return (id) => names[id];
}

/**
 * The host with names where the answer gives them: items carry tag, credential and discovery ids
 * (a tag named like another's id stays a name there), and the view shows a person the names.
 */
function named<T extends HostItemOutput>(host: T, answer: Fields): WithNames<T> {
  const tag = namesIn(answer, 'tag_names');
  const credential = namesIn(answer, 'credential_names');
  const discovery = namesIn(answer, 'discovery_names');
  const link = (l: HostItemOutput['first_found_by']) => {
    const name = l?.id === undefined ? undefined : discovery(l.id);
    return l && name !== undefined ? { ...l, name } : l;
  };
  const first = link(host.first_found_by);
  const last = link(host.last_touched_by);
  return {
    ...host,
    ...(host.tags ? { tags: host.tags.map((id) => tag(id) ?? id) } : {}),
    snmp_credentials: (Array.isArray(host.snmp_credentials) ? host.snmp_credentials : []).map(
      (c) => {
        const name = credential(c.id);
        return name === undefined ? c : { ...c, name };
      },
    ),
    ...(first ? { first_found_by: first } : {}),
    ...(last ? { last_touched_by: last } : {}),
  };
}

/**
 * A list_hosts answer: groups of `hosts`. An answer with no groups is told by the tool's name the
 * host gave, else by its counts (hosts counts have `by_service`).
 */
export function asHostList(value: unknown, toolName?: string): HostList | undefined {
  if (!isObject(value) || typeof value['summary'] !== 'string') return undefined;
  if (!Array.isArray(value['groups']) || !groupsHolding(value, ['hosts'])) return undefined;
  const empty = value['groups'].length === 0;
  const counts = value['counts'];
  if (empty && toolName !== 'list_hosts' && !(isObject(counts) && 'by_service' in counts)) {
    return undefined;
  }
  const list = value as unknown as HostListOutput;
  return {
    ...list,
    groups: list.groups.map((group) => ({
      ...group,
      hosts: group.hosts.map((host) => named(host, value)),
    })),
  };
}

/** A get_host answer: one host, or the candidates of an ambiguous name. */
export function asHostLookup(value: unknown): HostLookup | undefined {
  if (!isObject(value) || typeof value['summary'] !== 'string') return undefined;
  const host = value['host'];
  const found = isObject(host) && typeof host['id'] === 'string';
  if (!found && !Array.isArray(value['candidates'])) return undefined;
  const { host: given, ...lookup } = value as unknown as HostLookupOutput;
  return given ? { ...lookup, host: named(given, value) } : lookup;
}
