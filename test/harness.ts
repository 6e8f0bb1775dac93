// Connects a real SDK Client to the server under test over an in-memory transport.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type CallToolResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { createApiClient } from '../src/api/client.js';
import { createInventoryPool } from '../src/api/inventory/kept-inventory.js';
import { createNameDirectory } from '../src/api/name-directory.js';
import { describeRetry, type RetryPolicy } from '../src/api/transport/retry.js';
import { createTransport } from '../src/api/transport/transport.js';
import type { AppApprovals } from '../src/confirm/app-approval.js';
import type { AuditSink } from '../src/confirm/audit.js';
import type { CredentialWrite } from '../src/confirm/credential-values.js';
import { createLogger } from '../src/log.js';
import { APPS_EXTENSION } from '../src/mcp/app-resource.js';
import { createServer } from '../src/mcp/server.js';
import { createRedactor } from '../src/safety/redact.js';
import type { SampleApiOptions } from '../src/sample-api/server.js';
import { APP_VIEW_MIME } from '../src/views/common/app-view.js';
import { fixedClock } from './clock.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';

export type ElicitAnswer = 'accept' | 'decline' | 'cancel' | 'accept-false';

export interface HarnessOptions {
  readonly sample?: SampleApiOptions;
  /** null: no key configured. */
  readonly apiKey?: string | null;
  readonly sessionId?: string;
  readonly readOnly?: boolean;
  readonly timeoutMs?: number;
  /** Phase timeouts under timeoutMs (see HttpSenderOptions). */
  readonly connectTimeoutMs?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyTimeoutMs?: number;
  /** The client-side quota; off unless given, so tests that make many calls stay fast. */
  readonly rateLimit?: {
    readonly perMinute: number;
    readonly burst: number;
    readonly maxQueuedPerCaller?: number;
  };
  readonly retry?: Partial<RetryPolicy>;
  /** NETWORK_DISCOVERY_EMAIL / NETWORK_DISCOVERY_PASSWORD. */
  readonly login?: { readonly email: string; readonly password: string };
  readonly maxResultBytes?: number;
  readonly maxResponseBytes?: number;
  /** The process-wide budget of response bytes in flight, and its longest wait. */
  readonly responseBytesInFlight?: number;
  readonly responseBudgetWaitMs?: number;
  readonly baseUrl?: URL;
  readonly now?: () => number;
  /** When set, the client declares elicitation and answers every request this way. */
  readonly elicit?: ElicitAnswer;
  /** Where write attempts are recorded (none by default). */
  readonly audit?: AuditSink;
  /** Marks every result as demo data, as --demo does. */
  readonly demo?: boolean;
  /** The client says it renders MCP Apps views (capabilities.extensions). */
  readonly apps?: boolean;
  /** false: the server offers no Confirm button, as over --http. */
  readonly appConfirm?: boolean;
  /** Approvals shared with another harness (one process, two callers). */
  readonly approvals?: AppApprovals<CredentialWrite>;
  /** NETWORK_DISCOVERY_CONFIRM (auto by default). */
  readonly confirm?: 'auto' | 'elicitation' | 'token';
  /** NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS: below the sample's hosts, no host copy can be kept. */
  readonly inventoryMaxHosts?: number;
}

export interface Harness {
  readonly client: Client;
  readonly api: SampleApi;
  readonly logs: string[];
  readonly elicitations: ElicitRequest['params'][];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const api = await startFakeApi(options.sample);
  const redactor = createRedactor();
  const apiKey = options.apiKey === null ? undefined : (options.apiKey ?? TEST_API_KEY);
  redactor.add(apiKey);
  redactor.add(options.sessionId);
  redactor.add(options.login?.password);
  const logs: string[] = [];
  const log = createLogger(redactor, (line) => logs.push(line));
  const apiClient = createApiClient({
    baseUrl: options.baseUrl ?? api.url,
    apiKey,
    sessionId: options.sessionId,
    login: options.login,
    userAgent: 'network-discovery-mcp/test',
    sender: createTransport({
      timeoutMs: options.timeoutMs ?? 5_000,
      connectTimeoutMs: options.connectTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? 24_000_000,
      responseBytesInFlight: options.responseBytesInFlight,
      responseBudgetWaitMs: options.responseBudgetWaitMs,
      rateLimit: options.rateLimit,
      retry: options.retry,
      onRetry: (event) => log.debug(describeRetry(event)),
    }),
    redactor,
    // As compose.ts does: a whole side list counts as one answer.
    sideListBytes: options.maxResponseBytes ?? 24_000_000,
  });
  const server = createServer({
    api: apiClient,
    redactor,
    log,
    readOnly: options.readOnly ?? false,
    maxResultBytes: options.maxResultBytes ?? 100_000,
    apiKey,
    // Fixed unless a test brings its own: nothing a call returns may depend on today's date.
    now: options.now ?? fixedClock,
    ...(options.audit ? { audit: options.audit } : {}),
    ...(options.demo ? { demo: true } : {}),
    ...(options.confirm ? { confirmMode: options.confirm } : {}),
    ...(options.appConfirm === undefined ? {} : { appConfirm: options.appConfirm }),
    ...(options.approvals ? { approvals: options.approvals } : {}),
    ...(options.inventoryMaxHosts === undefined
      ? {}
      : {
          names: createNameDirectory(
            undefined,
            createInventoryPool({ maxHosts: options.inventoryMaxHosts }),
          ),
        }),
  });
  const elicitations: ElicitRequest['params'][] = [];
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    {
      capabilities: {
        ...(options.elicit ? { elicitation: { form: {} } } : {}),
        ...(options.apps
          ? { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_VIEW_MIME] } } }
          : {}),
      },
    },
  );
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, async (request): Promise<ElicitResult> => {
      elicitations.push(request.params);
      if (answer === 'accept') return { action: 'accept', content: { confirm: true } };
      if (answer === 'accept-false') return { action: 'accept', content: { confirm: false } };
      return { action: answer };
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  let closing: Promise<void> | undefined;
  return {
    client,
    api,
    logs,
    elicitations,
    call: async (name, args = {}) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
    close() {
      // Once only: a test may close early what its afterEach closes again.
      closing ??= (async () => {
        await client.close();
        await server.close();
        await apiClient.close();
        await api.close();
      })();
      return closing;
    },
  };
}

/**
 * Registers an afterEach (in the file or describe block that calls it) closing every harness the
 * returned function started during the test.
 */
export function useHarness(): (options?: HarnessOptions) => Promise<Harness> {
  const started: Harness[] = [];
  afterEach(async () => {
    for (const harness of started.splice(0).reverse()) await harness.close();
  });
  return async (options = {}) => {
    const harness = await startHarness(options);
    started.push(harness);
    return harness;
  };
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first && first.type === 'text' ? first.text : '';
}

/** A list_discoveries item as the tests read it: its group's network and daemon ids and its run type beside its own fields. */
export type ListedDiscovery = Record<string, unknown> & {
  id: string;
  name: string;
  network_id?: string;
  daemon_id?: string;
  run_type?: string;
};

/** The keys a group holds its items under, and the run type each key stands for. */
export const DISCOVERY_BUCKETS = [
  ['scheduled', 'Scheduled'],
  ['ad_hoc', 'AdHoc'],
  ['run_records', 'Historical'],
  ['other', undefined],
] as const;

/**
 * The items of a list_discoveries result, taken out of their network-and-daemon groups and their
 * run-type keys (scheduled, ad_hoc, run_records, other: groups hold them in that order), with the
 * run type the key stands for (items under `other` carry their own).
 */
export function discoveriesOf(result: object): ListedDiscovery[] {
  const { structuredContent } = result as { structuredContent?: { groups?: unknown[] } };
  const groups = (structuredContent?.groups ?? []) as Record<string, unknown>[];
  return groups.flatMap((group) =>
    DISCOVERY_BUCKETS.flatMap(([key, runType]) =>
      ((group[key] ?? []) as ListedDiscovery[]).map((item) => ({
        ...(group['network_id'] ? { network_id: group['network_id'] as string } : {}),
        ...(group['daemon_id'] ? { daemon_id: group['daemon_id'] as string } : {}),
        ...(runType ? { run_type: runType } : {}),
        ...item,
      })),
    ),
  );
}
