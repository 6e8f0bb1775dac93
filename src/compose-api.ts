// The API side of the composition root: one HTTP pool, login session, version memo, host copies and name caches for every server, loaded on the first tool call.
import { type ApiClient, createApiClient } from './api/client.js';
import { createVersionMemo } from './api/families/service-profile.js';
import { createInventoryPool } from './api/inventory/kept-inventory.js';
import {
  createNameDirectories,
  createNameDirectory,
  type NameDirectory,
} from './api/name-directory.js';
import { createSessionStore, type SessionStore } from './api/session.js';
import type { CallerQueues } from './api/transport/caller-queues.js';
import { describeRetry } from './api/transport/retry.js';
import { createTransport } from './api/transport/transport.js';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import type { Redactor } from './safety/redact.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

/** What one server's tools reach the service through. */
export interface CallerServices {
  readonly api: ApiClient;
  readonly names: NameDirectory;
}

/** Who a server is for: its key, whether it is the operator's, and its redactor. */
export interface CallerOf {
  readonly key: string | undefined;
  readonly operator: boolean;
  /** HTTP mode: the caller's quota queue (a digest of its key) and address; stdio: none. */
  readonly http?: { readonly id: string | undefined; readonly address: string | undefined };
  readonly redactor: Redactor;
}

export interface ApiWorld {
  servicesFor(caller: CallerOf): CallerServices;
  close(): Promise<void>;
}

export interface ApiWorldOptions {
  readonly config: Config;
  readonly baseUrl: URL;
  /** The process-wide redactor: it learns the shared session id on sight. */
  readonly redactor: Redactor;
  readonly log: Logger;
  /** Built at start-up: --http asks which keys the service accepted before any call. */
  readonly queues: CallerQueues;
}

export function createApiWorld(options: ApiWorldOptions): ApiWorld {
  const { config, redactor, queues } = options;
  // One pool, one rate limiter and one login session for every server: keep-alive connections and
  // the service's quota are shared across callers (in turns, per caller key).
  const sender = createTransport({
    queues,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
    // One budget for every caller: the process holds at most this many answer bytes at once.
    responseBytesInFlight: config.responseBytesInFlight,
    rateLimit: {
      perMinute: config.rateLimitPerMinute,
      burst: config.rateLimitBurst,
      maxQueuedPerCaller: config.maxQueuedRequests,
    },
    onRetry: (event) => options.log.debug(describeRetry(event)),
  });
  const login =
    config.email && config.password
      ? { email: config.email, password: config.password }
      : undefined;
  const session = sessionRedactedBy(
    createSessionStore({ sessionId: config.sessionId, canLogin: Boolean(login) }),
    redactor,
  );
  // One service, one version: HTTP mode's per-request clients ask GET /api/version once between them.
  const versionMemo = createVersionMemo();
  // Names are cached per key: one key's rights never show through another's results. The operator's
  // own directory is held directly, so a stdio start hashes nothing (and loads no node:crypto).
  // Host copies too: one pool bounds every caller's together (src/api/inventory/kept-inventory.ts).
  const inventory = createInventoryPool({ maxHosts: config.inventoryMaxHosts });
  const names = createNameDirectories(Date.now, inventory);
  const operatorNames = createNameDirectory(Date.now, inventory, 'operator');
  return {
    servicesFor(caller) {
      const api = createApiClient({
        baseUrl: options.baseUrl,
        apiKey: caller.key,
        ...(caller.operator ? { sessionId: config.sessionId, login, session } : {}),
        versionMemo,
        userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
        sender: caller.http ? sender.forCaller(caller.http.id, caller.http.address) : sender,
        redactor: caller.redactor,
        sideListBytes: config.maxResponseBytes,
      });
      return {
        api,
        names: caller.key === config.apiKey ? operatorNames : names.forCaller(caller.key),
      };
    },
    close: () => sender.close(),
  };
}

/** The shared session id is the operator's secret: the process-wide redactor learns it on sight. */
function sessionRedactedBy(store: SessionStore, redactor: Redactor): SessionStore {
  const learn = <T extends string | undefined>(id: T): T => {
    redactor.add(id);
    return id;
  };
  return {
    available: store.available,
    current: async (...args) => learn(await store.current(...args)),
    renew: async (...args) => learn(await store.renew(...args)),
  };
}
