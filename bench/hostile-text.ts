// Hostile text (issue 33): one 20 MB page of 200 hosts whose every field is 1,000 "[": how long list_hosts takes, and how long a cached get_version waits meanwhile.
import { startSampleApi } from '../src/sample-api/server.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { API_KEY, callTool, DIST_ENTRY, serverEnv, startServer, textOf } from './lib/server.js';
import { mb, median, ms, since } from './lib/stats.js';

const HOSTS = 200;
const ADDRESSES = 30;
const FIELD = '['.repeat(1_000);
/** What "a fraction of a second" means here: the longest any other caller may wait. */
const MAX_WAIT_MS = 500;
/** Cached get_version calls asked alone first: the floor the waits are compared with. */
const FLOOR_CALLS = 20;

/** 200 hosts shaped like the sample's first one, every text field and address 1,000 "[". */
function hostilePage(template: Record<string, unknown>): string {
  const [iface] = template['interfaces'] as Record<string, unknown>[];
  const hosts = Array.from({ length: HOSTS }, (_, h) => ({
    ...template,
    id: `00000000-0000-4000-8000-${String(h).padStart(12, '0')}`,
    name: FIELD,
    hostname: FIELD,
    interfaces: Array.from({ length: ADDRESSES }, (_, a) => ({
      ...iface,
      id: `00000000-0000-4000-9000-${String(h * ADDRESSES + a).padStart(12, '0')}`,
      ip_address: FIELD,
      mac_address: FIELD,
      subnet_id: FIELD,
    })),
  }));
  return JSON.stringify({
    success: true,
    data: hosts,
    meta: {
      api_version: 1,
      server_version: '0.14.13',
      pagination: { total_count: HOSTS, limit: 1000, offset: 0, has_more: false },
    },
  });
}

/** `entry`: another build to measure (a before/after comparison in one run); default dist/. */
export async function hostileTextBench(entry = DIST_ENTRY): Promise<BenchResult> {
  const api = await startSampleApi({ apiKey: API_KEY });
  const first = await fetch(new URL('/api/v1/hosts?limit=1', api.url), {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  const template = ((await first.json()) as { data: Record<string, unknown>[] }).data[0] ?? {};
  const page = hostilePage(template);
  api.setIntercept((req, res) => {
    if (req.path !== '/api/v1/hosts') return false;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(page);
    return true;
  });
  const server = await startServer(serverEnv(api.url), entry);
  try {
    await callTool(server, 'get_version', {});
    const floor: number[] = [];
    for (let call = 0; call < FLOOR_CALLS; call++) {
      const asked = process.hrtime.bigint();
      await callTool(server, 'get_version', {});
      floor.push(since(asked));
    }
    const start = process.hrtime.bigint();
    let done = false;
    const listed = callTool(server, 'list_hosts', { limit: 50 }).finally(() => {
      done = true;
    });
    const waits: number[] = [];
    while (!done) {
      const asked = process.hrtime.bigint();
      await callTool(server, 'get_version', {});
      waits.push(since(asked));
    }
    const result = await listed;
    const elapsed = since(start);
    const longest = Math.max(0, ...waits);
    return {
      name: 'Hostile text (one 20 MB host page)',
      figure: `list_hosts ${ms(elapsed, 0)}, others waited at most ${ms(longest, 0)}`,
      target: `others wait < ${ms(MAX_WAIT_MS, 0)}`,
      pass: longest < MAX_WAIT_MS && !result.isError,
      detail: `${HOSTS} hosts x ${ADDRESSES} addresses, name, hostname, IP, MAC and subnet of 1,000 "[" (${mb(page.length)}); ${waits.length} cached get_version meanwhile, median ${ms(median(waits.length > 0 ? waits : [0]))}; floor (${FLOOR_CALLS} alone before) median ${ms(median(floor))}, longest ${ms(Math.max(...floor))}; list_hosts ${result.isError ? `failed: ${textOf(result).slice(0, 120)}` : 'answered'}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, hostileTextBench);
