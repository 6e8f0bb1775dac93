// One large body (a 7 MB topology bundle's size) read through the transport in a fresh process, with and without the scavenge a megabyte: the buffers and resident memory it adds. Usage: tsx bench/body-read.ts [rounds]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createHttpSender } from '../src/api/transport/http.js';

const SIZE = 7_000_000;
const MB = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The child: serve one body on 127.0.0.1, read it once, print the buffers and RSS it added. */
async function child(collect: boolean) {
  // A gc of our own in the global stands in for the transport's: a no-op turns the collections off.
  if (!collect) (globalThis as { gc?: () => void }).gc = () => {};
  const body = Buffer.alloc(SIZE, 0x61);
  body.write('{"success":true,"data":"', 0);
  body.write('"}', SIZE - 2);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(SIZE) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const peak = () =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
  const sender = createHttpSender({ timeoutMs: 10_000, maxResponseBytes: 30_000_000 });
  const before = { buffers: process.memoryUsage().arrayBuffers, peak: peak() };
  const response = await sender.send({
    endpoint: { method: 'GET', path: '/api/v1/topology/data' },
    url: new URL(`http://127.0.0.1:${port}/api/v1/topology/data`),
    headers: {},
  });
  if (response.bytes?.byteLength !== SIZE) throw new Error('the body did not come back whole');
  const after = { buffers: process.memoryUsage().arrayBuffers, peak: peak() };
  console.log(
    JSON.stringify({ buffers: after.buffers - before.buffers, peak: after.peak - before.peak }),
  );
  await sender.close();
  server.close();
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] === 'on');
} else {
  const rounds = Number(process.argv[2] ?? 5);
  const results: Record<'on' | 'off', { buffers: number; peak: number }[]> = { on: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['off', 'on'] as const) {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode],
        { encoding: 'utf8' },
      );
      results[mode].push(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'));
    }
  }
  for (const mode of ['off', 'on'] as const) {
    const rows = results[mode];
    console.log(
      `scavenge a megabyte ${mode}: buffers +${rows.map((r) => MB(r.buffers)).join(' / ')} MB, peak RSS +${rows.map((r) => MB(r.peak)).join(' / ')} MB (a ${MB(SIZE)} MB body, ${rounds} fresh processes each, alternated)`,
    );
  }
}
