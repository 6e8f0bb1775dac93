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
  readonly status: 'preview' | 'updated' | 'declined';
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

export function asDiscoveryList(value: unknown): DiscoveryList | undefined {
  return isObject(value) && Array.isArray(value['discoveries'])
    ? (value as unknown as DiscoveryList)
    : undefined;
}

export function asCredentialResult(value: unknown): CredentialResult | undefined {
  if (!isObject(value)) return undefined;
  const status = value['status'];
  return status === 'preview' || status === 'updated' || status === 'declined'
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
