// What the view reads from a tool result: the shapes of list_discoveries and update_snmp_credential, checked loosely.

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
    /** The cron in words with its time zone, as the server writes it. */
    readonly schedule?: string;
    /** A past run (type Historical): how it ended, and why when it failed. */
    readonly phase?: string;
    readonly error?: string;
    readonly finished_at?: string;
  };
  /** Not sent by today's service; a later server may say a run failed. */
  readonly state?: string;
  readonly last_run_failed?: boolean;
}

export interface DiscoveryList {
  readonly summary: string;
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

export const APPROVAL_META_KEY = 'network-discovery/approval';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** One item of the server's grouped shape, as the view reads it: its group's ids beside it. */
function fromGrouped(item: Fields, group: Fields): DiscoveryItem {
  const outcome = isObject(item['last_outcome']) ? item['last_outcome'] : undefined;
  const run: Fields = {
    type: text(item['run_type']) ?? 'unknown',
    cron_schedule: text(item['cron_schedule']),
    schedule: text(item['schedule']),
    enabled: typeof item['enabled'] === 'boolean' ? item['enabled'] : undefined,
    last_run: text(item['last_run']),
    phase: text(item['phase']),
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
    last_run_failed: outcome?.['phase'] === 'Failed',
  } as DiscoveryItem;
}

/**
 * list_discoveries groups its items under their network and daemon, names inline; the view reads
 * a flat list and a names map, made here from the groups (the older flat shape passes as is).
 */
export function asDiscoveryList(value: unknown): DiscoveryList | undefined {
  if (!isObject(value)) return undefined;
  if (Array.isArray(value['discoveries'])) return value as unknown as DiscoveryList;
  if (!Array.isArray(value['groups'])) return undefined;
  const names: Record<string, string> = {};
  const discoveries: DiscoveryItem[] = [];
  for (const group of value['groups'].filter(isObject)) {
    for (const kind of ['network', 'daemon'] as const) {
      const id = text(group[`${kind}_id`]);
      const name = text(group[kind]);
      if (id && name) names[id] = name;
    }
    const items = Array.isArray(group['discoveries']) ? group['discoveries'].filter(isObject) : [];
    for (const item of items) discoveries.push(fromGrouped(item, group));
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
