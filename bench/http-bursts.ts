// Bursts of ordinary --http calls: how many of 384 well-formed calls, sent 24-40 at once, are answered, refused 503 or lost.
import { request } from 'node:http';
import { startSampleApi } from '../src/sample-api/server.js';
import type { BenchResult } from './lib/result.js';
import { API_KEY } from './lib/server.js';

/** Starts the built server with --http over `baseUrl` (bench/hostile-memory.ts's helper). */
export type HttpServerStarter = (
  baseUrl: URL,
) => Promise<{ readonly url: URL; close(): Promise<void> }>;

const BURSTS = [24, 32, 40, 24, 32, 40, 24, 32, 40, 24, 32, 40];

/** One tool call on a connection of its own: its status, or 0 when no answer came (a reset). */
export function postToolCall(url: URL, name: string): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: {} },
  });
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          authorization: `Bearer ${API_KEY}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** 12 bursts of 24-40 get_version calls at once from 127.0.0.1, by a caller the service has accepted. */
export async function httpBursts(start: HttpServerStarter): Promise<BenchResult> {
  const api = await startSampleApi({ apiKey: API_KEY });
  const server = await start(api.url);
  try {
    // One ordinary call first: the service answers the key with success, as it would any user's.
    await postToolCall(server.url, 'list_discoveries');
    const statuses: number[] = [];
    for (const size of BURSTS) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: size }, () => postToolCall(server.url, 'get_version')),
        )),
      );
    }
    const answered = statuses.filter((status) => status === 200).length;
    const busy = statuses.filter((status) => status === 503).length;
    const lost = statuses.filter((status) => status === 0).length;
    return {
      name: 'Bursts of ordinary --http calls',
      figure: `${answered}/${statuses.length} answered, ${busy} refused 503, ${lost} lost`,
      target: 'none lost (a reset); every call answered',
      pass: lost === 0 && answered === statuses.length,
      detail: `bursts of ${Math.min(...BURSTS)}-${Math.max(...BURSTS)} get_version calls at once, each on its own connection`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}
