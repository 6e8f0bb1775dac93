// Target 10: why src/api/transport/http.ts uses node:http: RSS of a process after one request with node:http, with undici, with neither.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startApiProcess } from './lib/api-process.js';
import { API_HEADERS } from './lib/fake-api.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { cleanEnv } from './lib/server.js';
import { mb, median } from './lib/stats.js';

const RUNS = 3;
const UNDICI = pathToFileURL(createRequire(import.meta.url).resolve('undici')).href;

/** Each client fetches one page of 50 and parses it, as the server does on its first call. */
const CLIENTS = {
  none: '',
  'node:http': `import http from 'node:http';
const agent = new http.Agent({ keepAlive: true });
await new Promise((done, fail) => http.get(URL, { agent, headers: HEADERS }, (res) => {
  let body = ''; res.setEncoding('utf8').on('data', (d) => { body += d; });
  res.on('end', () => { JSON.parse(body); done(); });
}).on('error', fail));`,
  undici: `import { Agent, request } from ${JSON.stringify(UNDICI)};
const res = await request(URL, { dispatcher: new Agent(), headers: HEADERS });
await res.body.json();`,
} as const;

/** RSS in bytes of a fresh process (clean environment) 300 ms after `code` ran. */
function rssAfter(code: string, url: string): Promise<number> {
  const program = `${code.replace('URL', JSON.stringify(url)).replace('HEADERS', JSON.stringify(API_HEADERS))}
await new Promise((done) => setTimeout(done, 300));
process.stdout.write(String(process.memoryUsage().rss));`;
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', program],
      { env: cleanEnv() },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(Number(stdout))),
    ),
  );
}

export async function httpClientMemoryBench(): Promise<BenchResult> {
  const api = await startApiProcess(1_000);
  const url = new URL('/api/v1/discovery?limit=50&offset=0', api.url).href;
  const samples: Record<keyof typeof CLIENTS, number[]> = { none: [], 'node:http': [], undici: [] };
  try {
    // Interleaved, so background load hits every client alike.
    for (let i = 0; i < RUNS; i++) {
      for (const name of Object.keys(CLIENTS) as (keyof typeof CLIENTS)[]) {
        samples[name].push(await rssAfter(CLIENTS[name], url));
      }
    }
  } finally {
    await api.close();
  }
  const [none, nodeHttp, undici] = [samples.none, samples['node:http'], samples.undici].map(median);
  const extra = (rss = 0) => mb(rss - (none ?? 0));
  return {
    name: '10. HTTP client RSS',
    figure: `node:http +${extra(nodeHttp)}, undici +${extra(undici)}`,
    target: 'node:http below undici',
    pass: (nodeHttp ?? 0) < (undici ?? 0),
    detail: `RSS of a bare process after one GET of 50 discoveries, median of ${RUNS}: none ${mb(none ?? 0)}, node:http ${mb(nodeHttp ?? 0)}, undici 7 ${mb(undici ?? 0)}`,
  };
}

await runIfMain(import.meta.url, httpClientMemoryBench);
