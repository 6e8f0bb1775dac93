// The composition root: one config -> shared HTTP pool, redactor and logger -> MCP servers on demand.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createApiClient } from './api/client.js';
import { createNameDirectories } from './api/name-directory.js';
import { describeRetry } from './api/retry.js';
import { createVersionMemo } from './api/service-profile.js';
import { createSessionStore } from './api/session.js';
import { createTransport } from './api/transport.js';
import type { Config } from './config.js';
import type { AuditSink } from './confirm/audit.js';
import { createTokenSigner } from './confirm/confirmation-token.js';
import type { Logger } from './log.js';
import { createServer } from './mcp/server.js';
import type { Redactor } from './safety/redact.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

export interface RuntimeOptions {
  readonly config: Config;
  /** The address actually used (the sample API's in demo mode). */
  readonly baseUrl: URL;
  readonly redactor: Redactor;
  readonly log: Logger;
  readonly audit: AuditSink;
  readonly demo?: boolean;
}

export interface Runtime {
  /** A server using the configured key, or `apiKey` when a caller brings its own (HTTP mode). */
  createServer(apiKey?: string): McpServer;
  close(): Promise<void>;
}

export function createRuntime(options: RuntimeOptions): Runtime {
  const { config, redactor } = options;
  // One pool, one rate limiter and one login session for every server: keep-alive connections and
  // the service's quota are shared across callers.
  const sender = createTransport({
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    rateLimit: { perMinute: config.rateLimitPerMinute, burst: config.rateLimitBurst },
    onRetry: (event) => options.log.debug(describeRetry(event)),
  });
  const login =
    config.email && config.password
      ? { email: config.email, password: config.password }
      : undefined;
  const session = createSessionStore({ sessionId: config.sessionId, canLogin: Boolean(login) });
  // One service, one version: HTTP mode's per-request clients ask GET /api/version once between them.
  const versionMemo = createVersionMemo();
  // HTTP mode builds a server per request: they share one signer, so a token issued by one request
  // is accepted by the next and redeemed only once. Replicas share the secret, not the used-token
  // record: across replicas a token is bounded by its 5 minutes and its exact arguments.
  const tokens = createTokenSigner(config.tokenSecret, Date.now);
  // Names are cached per key: one key's rights never show through another's results.
  const names = createNameDirectories();
  return {
    createServer(apiKey) {
      const key = apiKey ?? config.apiKey;
      const callerRedactor = apiKey ? redactor.withSecret(apiKey) : redactor;
      const api = createApiClient({
        baseUrl: options.baseUrl,
        apiKey: key,
        sessionId: config.sessionId,
        login,
        session,
        versionMemo,
        userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
        sender,
        redactor: callerRedactor,
      });
      return createServer({
        api,
        names: names.forCaller(key),
        redactor: callerRedactor,
        log: options.log,
        audit: options.audit,
        readOnly: config.readOnly,
        maxResultBytes: config.maxResultBytes,
        apiKey: key,
        tokens,
        demo: options.demo ?? false,
      });
    },
    close: () => sender.close(),
  };
}
