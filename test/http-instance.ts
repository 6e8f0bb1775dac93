// An --http server inside the test process, configured from env as the entry would be: runtime, handle and close.
import { type HttpOptions, type HttpServerHandle, startHttpServer } from '../src/cli/http.js';
import { createRuntime, type Runtime } from '../src/compose.js';
import { parseConfig } from '../src/config.js';
import type { SpentStore } from '../src/confirm/spent-store.js';
import { createLogger } from '../src/log.js';
import { createRedactor } from '../src/safety/redact.js';

export interface HttpInstance {
  readonly handle: HttpServerHandle;
  readonly runtime: Runtime;
  /** Stops the server, then the runtime's connection pool. */
  close(): Promise<void>;
}

export interface HttpInstanceOptions {
  /** Listener options beyond the loopback defaults. */
  readonly http?: Partial<HttpOptions>;
  /** Receives each audit line (already redacted for its caller); dropped by default. */
  readonly audit?: (line: unknown) => void;
  /** Where spent tokens and form states are recorded; this process's memory by default. */
  readonly spent?: SpentStore;
}

/**
 * `env` as NETWORK_DISCOVERY_* variables over a service at `baseUrl`, served on a free port of
 * 127.0.0.1 with the runtime's own caps, as `--http` does. Throws on invalid configuration.
 */
export async function startHttpInstance(
  baseUrl: URL,
  env: Record<string, string>,
  options: HttpInstanceOptions = {},
): Promise<HttpInstance> {
  const parsed = parseConfig({ NETWORK_DISCOVERY_BASE_URL: baseUrl.href, ...env });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const redactor = createRedactor();
  const log = createLogger(redactor, () => {});
  const runtime = createRuntime({
    config: parsed.config,
    baseUrl,
    redactor,
    log,
    audit: options.audit ?? (() => {}),
    ...(options.spent ? { spent: options.spent } : {}),
  });
  const handle = await startHttpServer(
    runtime,
    {
      host: '127.0.0.1',
      port: 0,
      allowedHosts: [],
      ...runtime.httpLimits,
      ...options.http,
    },
    log,
  );
  return { handle, runtime, close: () => handle.close().then(runtime.close) };
}
