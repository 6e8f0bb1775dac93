// node:http <-> web Request/Response for the SDK's fetch-shaped handler (no framework adapter needed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** The request as the SDK reads it: the body already read and bounded by the admission code. */
export function webRequest(req: IncomingMessage, body: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  return new Request(url, { method: req.method ?? 'POST', headers, body, signal });
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** Writes the SDK's answer back, streaming an SSE body as it comes. */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // Hop-by-hop headers are this server's to set: the SDK's `connection: keep-alive` on an SSE
    // answer made node keep the socket open ~5 s after answering and serve pipelined requests on
    // it, though every request gets a connection of its own (docs/security.md).
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve) => {
    body.on('error', () => resolve());
    res.on('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res).on('finish', () => resolve());
  });
}
