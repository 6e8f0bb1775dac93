// Spawns the built server (`node dist/index.js`) and speaks newline-delimited JSON-RPC to it, as a client does.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_ENTRY = join(ROOT, 'dist', 'index.js');
export const API_KEY = 'scp_u_BENCHKEY0123456789abcdefABCDEF01';

/**
 * The only inherited variables any measured process gets: NODE_OPTIONS, NODE_EXTRA_CA_CERTS and the
 * like would change both sides of a comparison (a CA file alone adds ~48 ms to `node -e 0`).
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'], HOME: process.env['HOME'] };
}

/** The environment the server runs with: the fake API, its key, and no client-side throttling. */
export function serverEnv(baseUrl: URL, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...cleanEnv(),
    NETWORK_DISCOVERY_BASE_URL: baseUrl.origin,
    NETWORK_DISCOVERY_API_KEY: API_KEY,
    NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: 'true',
    // The bench measures the server, not the quota it keeps for the real service.
    NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: '100000',
    NETWORK_DISCOVERY_RATE_LIMIT_BURST: '100000',
    ...extra,
  };
}

export interface JsonRpcMessage {
  readonly jsonrpc: '2.0';
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string };
}

export interface StdioServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** Notifications received so far (progress, logging). */
  readonly notifications: JsonRpcMessage[];
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  notify(method: string, params?: Record<string, unknown>): void;
  stderr(): string;
  close(): Promise<void>;
}

export const INITIALIZE_PARAMS = {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'network-discovery-mcp-bench', version: '1.0.0' },
};

/**
 * `entry` is dist/index.js unless a bench compares against another server (the SDK floor);
 * `nodeFlags` go before it (bench/profile.ts: --cpu-prof is not allowed in NODE_OPTIONS).
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  entry = DIST_ENTRY,
  nodeFlags: readonly string[] = [],
): StdioServer {
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pending = new Map<number, { resolve(value: JsonRpcMessage): void }>();
  const notifications: JsonRpcMessage[] = [];
  let nextId = 1;
  let buffered = '';
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line.trim() === '') continue;
      const message = JSON.parse(line) as JsonRpcMessage;
      if (message.id !== undefined && !message.method) {
        pending.get(message.id)?.resolve(message);
        pending.delete(message.id);
      } else if (message.method) {
        notifications.push(message);
      }
    }
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    child,
    pid: child.pid ?? -1,
    notifications,
    async request(method, params) {
      const id = nextId++;
      const answer = new Promise<JsonRpcMessage>((resolveAnswer, reject) => {
        pending.set(id, { resolve: resolveAnswer });
        exited.then(() => reject(new Error(`server exited before answering ${method}: ${errors}`)));
      });
      send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
      const message = await answer;
      if (message.error) throw new Error(`${method}: ${message.error.message}`);
      return message.result ?? {};
    },
    notify(method, params) {
      send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
    },
    stderr: () => errors,
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Spawns the server and completes the MCP handshake. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  entry = DIST_ENTRY,
  nodeFlags: readonly string[] = [],
): Promise<StdioServer> {
  const server = spawnServer(env, entry, nodeFlags);
  await server.request('initialize', INITIALIZE_PARAMS);
  server.notify('notifications/initialized');
  return server;
}

/** A tools/call, returning the CallToolResult. */
export async function callTool(
  server: StdioServer,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<CallToolResult> {
  const result = await server.request('tools/call', {
    name,
    arguments: args,
    ...(meta ? { _meta: meta } : {}),
  });
  return result as unknown as CallToolResult;
}

export interface CallToolResult {
  readonly content: { readonly type: string; readonly text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

export const textOf = (result: CallToolResult) => result.content[0]?.text ?? '';
