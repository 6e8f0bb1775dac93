// Spawns the built server and speaks raw JSON-RPC lines to it, keeping every stdout byte as sent.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { DIST_ENTRY, ROOT } from './build-dist.js';

export type Message = Record<string, unknown>;

export interface RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every byte the server wrote to stdout, in order. */
  stdoutBytes(): Buffer;
  stderrText(): string;
  readonly exited: Promise<{ code: number | null; signal: string | null; at: number }>;
  /** Writes one line as is (for malformed input). */
  writeLine(line: string): void;
  /** Writes one request line as is (JSON no serializer would write) and resolves with the answer to `id`. */
  requestLine(line: string, id: number | string): Promise<Message>;
  notify(method: string, params?: object): void;
  /** Sends a request and resolves with its response; `id` is chosen unless given. */
  request(method: string, params?: object, id?: number | string): Promise<Message>;
  /** Sends initialize and notifications/initialized. */
  initialize(capabilities?: object): Promise<Message>;
}

const initializeParams = (clientName: string, capabilities: object = {}) => ({
  protocolVersion: '2025-06-18',
  capabilities,
  clientInfo: { name: clientName, version: '1.0.0' },
});

/** The initialize request a client sends first (id 1), for tests that write it by hand. */
export function initializeRequest(clientName: string): Message {
  return { jsonrpc: '2.0', id: 1, method: 'initialize', params: initializeParams(clientName) };
}

export function spawnRaw(env: Record<string, string>): RawServer {
  const child = spawn(process.execPath, [DIST_ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
  });
  const chunks: Buffer[] = [];
  let stderr = '';
  let pending = '';
  let nextId = 1;
  const waiting = new Map<string, (message: Message) => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    pending += chunk.toString('utf8');
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
      let message: Message;
      try {
        message = JSON.parse(line) as Message;
      } catch {
        continue; // the stdout test reports it from the raw bytes
      }
      const id = message['id'];
      if ((typeof id === 'number' || typeof id === 'string') && !('method' in message)) {
        waiting.get(String(id))?.(message);
        waiting.delete(String(id));
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>(
    (resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const write = (message: Message) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const server: RawServer = {
    child,
    stdoutBytes: () => Buffer.concat(chunks),
    stderrText: () => stderr,
    exited,
    writeLine: (line) => child.stdin.write(`${line}\n`),
    requestLine(line, id) {
      const answered = new Promise<Message>((resolve) => waiting.set(String(id), resolve));
      child.stdin.write(`${line}\n`);
      return answered;
    },
    notify: (method, params) => write({ method, ...(params ? { params } : {}) }),
    request(method, params, id = nextId++) {
      const answered = new Promise<Message>((resolve) => waiting.set(String(id), resolve));
      write({ id, method, ...(params ? { params } : {}) });
      return answered;
    },
    async initialize(capabilities = {}) {
      const result = await server.request(
        'initialize',
        initializeParams('raw-stdio-test', capabilities),
      );
      server.notify('notifications/initialized');
      return result;
    },
  };
  return server;
}
