// The composition root: one config -> token signer, approvals and, on the first tool call, the shared API side (compose-api.ts) -> MCP servers on demand.
import type { McpServer } from '@modelcontextprotocol/server';
import { createCallerQueues } from './api/transport/caller-queues.js';
import type { ApiWorld } from './compose-api.js';
import type { Config } from './config.js';
import { createAppApprovals } from './confirm/app-approval.js';
import { createAuditSink } from './confirm/audit.js';
import { createTokenSigner } from './confirm/confirmation-token.js';
import type { CredentialWrite } from './confirm/credential-values.js';
import { memorySpentStore, type SpentStore } from './confirm/spent-store.js';
import { sha256Base64url } from './lazy-crypto.js';
import type { Logger } from './log.js';
import type { CallerServices } from './mcp/register.js';
import { createServer } from './mcp/server.js';
import type { Redactor } from './safety/redact.js';

export interface RuntimeOptions {
  readonly config: Config;
  /** The address actually used (the sample API's in demo mode). */
  readonly baseUrl: URL;
  readonly redactor: Redactor;
  readonly log: Logger;
  /**
   * Appends one audit line (a file, or stderr). Each server redacts its records with its own
   * caller's redactor first: over HTTP, a community a caller sent is known only to that redactor.
   */
  readonly audit: (line: string) => void;
  readonly demo?: boolean;
  /** `mcpb` when the .mcpb bundle started the server: its key is a setting, not a variable. */
  readonly keySource?: 'env' | 'mcpb';
  /** How the person runs this server (src/cli/command-name.ts), for hints naming a command. */
  readonly command?: string | undefined;
  /** Where spent tokens and approvals are recorded (confirm/spent-store.ts); this process by default. */
  readonly spent?: SpentStore;
}

/** The --http listener's caps, from NETWORK_DISCOVERY_HTTP_* (src/cli/http.ts takes them). */
export interface HttpLimits {
  readonly maxConnections: number;
  readonly maxHeaderSockets: number;
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
  readonly maxBodySockets: number;
  readonly maxConnectionsPerAddress: number;
}

/** stdio: one client, the operator. http: any caller that reaches the port, each request apart. */
export type Channel = 'stdio' | 'http';

export interface Runtime {
  /**
   * A server using the configured key, or `apiKey` when a caller brings its own (HTTP mode), for a
   * caller connecting from `address` (HTTP mode: whose quota queue an unaccepted key waits in).
   */
  createServer(apiKey?: string, channel?: Channel, address?: string): McpServer;
  /** NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS, for --http. */
  readonly httpMaxConnections: number;
  /** NETWORK_DISCOVERY_HTTP_MAX_HEADER_SOCKETS, for --http. */
  readonly httpMaxHeaderSockets: number;
  /** Every NETWORK_DISCOVERY_HTTP_* limit of the listener, as --http's options take them. */
  readonly httpLimits: HttpLimits;
  /** Whether --http offers the write tool (NETWORK_DISCOVERY_HTTP_WRITES and not read-only). */
  readonly httpWrites: boolean;
  /** Whether the service has answered a request carrying `apiKey` with success (HTTP mode). */
  acceptedKey(apiKey: string | undefined): boolean;
  /** Where spent tokens and approvals are recorded, in words ("this process only" when not shared). */
  readonly spentStore: string;
  close(): Promise<void>;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { config, redactor } = options;
  // Which keys the service accepted: --http asks before any call, so these are kept from the start.
  const queues = createCallerQueues();
  // The HTTP pool, session, host copies and names every server shares (compose-api.ts), loaded on
  // the first tool call: initialize and tools/list never need them, and start-up compiles none.
  let world: Promise<ApiWorld> | undefined;
  const apiWorld = () => {
    world ??= import('./compose-api.js').then((m) =>
      m.createApiWorld({ config, baseUrl: options.baseUrl, redactor, log: options.log, queues }),
    );
    return world;
  };
  // HTTP mode builds a server per request: they share one signer, so a token issued by one request
  // is accepted by the next and redeemed only once. Replicas share the secret and, through the
  // spent store (a directory beside the audit log, or Redis), the record of used tokens.
  const spent = options.spent ?? memorySpentStore(Date.now);
  const tokens = createTokenSigner(config.tokenSecret, Date.now, spent);
  const approvals = createAppApprovals<CredentialWrite>(Date.now, spent);
  return {
    createServer(apiKey, channel = 'stdio', address) {
      const key = apiKey ?? config.apiKey;
      // The operator's session (configured or logged in) goes only with the operator's own key: a
      // caller with another key, valid or bogus, must not read release notes as the operator.
      const operator = key === config.apiKey;
      // Over HTTP every request redacts with its own child: what one caller adds (a community, its
      // key) never masks words in another caller's results.
      const callerRedactor = channel === 'http' ? redactor.withSecret(key) : redactor;
      let services: Promise<CallerServices> | undefined;
      return createServer({
        services: () => {
          services ??= apiWorld().then((w) =>
            w.servicesFor({
              key,
              operator,
              redactor: callerRedactor,
              ...(channel === 'http' ? { http: { id: callerId(apiKey), address } } : {}),
            }),
          );
          return services;
        },
        redactor: callerRedactor,
        log: options.log,
        audit: createAuditSink(options.audit, callerRedactor),
        // Over HTTP a 2025-11-25 client cannot show a form (stateless) and any caller reaching the port could
        // write with the token path alone: the write tool is offered only when asked for.
        readOnly: config.readOnly || (channel === 'http' && !config.httpWrites),
        maxResultBytes: config.maxResultBytes,
        apiKey: key,
        tokens,
        confirmMode: config.confirm,
        formTimeoutMs: config.formTimeoutMs,
        // The Confirm button needs the client's capabilities and a connection that outlives the
        // preview: stdio has both, stateless HTTP neither.
        appConfirm: channel === 'stdio',
        approvals,
        demo: options.demo ?? false,
        // Over HTTP the caller changes only its own request: its Authorization header.
        keySource: channel === 'http' ? 'http' : (options.keySource ?? 'env'),
        command: options.command,
      });
    },
    httpMaxConnections: config.httpMaxConnections,
    httpMaxHeaderSockets: config.httpMaxHeaderSockets,
    httpLimits: {
      maxConnections: config.httpMaxConnections,
      maxHeaderSockets: config.httpMaxHeaderSockets,
      maxBodyBytes: config.httpMaxBodyBytes,
      bodyTimeoutMs: config.httpBodyTimeoutMs,
      maxBodySockets: config.httpMaxBodySockets,
      maxConnectionsPerAddress: config.httpMaxConnectionsPerAddress,
    },
    httpWrites: config.httpWrites && !config.readOnly,
    acceptedKey: (apiKey) => {
      const id = callerId(apiKey);
      return id !== undefined && queues.queueFor(id) === id;
    },
    spentStore: spent.where,
    close: async () => {
      await Promise.all([world?.then((w) => w.close()), spent.close()]);
    },
  };
}

/** A short digest naming a caller's key for the quota's turns (never the key itself); none without one. */
function callerId(key: string | undefined): string | undefined {
  return key === undefined ? undefined : sha256Base64url(key).slice(0, 16);
}
