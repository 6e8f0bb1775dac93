// Target 15 (the 14th bench of run.ts: `npm run bench -- 14`): list_changes at 20,000 hosts with 100,000 ports on 0.17.22 (and 0.14.13), against Scanopy's quota: the cold and warm questions' requests, wall time and bytes per channel, a first page and the counts in one call within the result budget.
import { generateInventory, SCANOPY_QUOTA, startInventoryApi } from './lib/inventory.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { rssOf } from './lib/rss.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';

/** The server's default result budget (NETWORK_DISCOVERY_MAX_RESULT_BYTES). */
const RESULT_BUDGET = 100_000;
const MAX_WARM_REQUESTS = 2;
const HOSTS = 20_000;
const VERSIONS = ['0.17.22', '0.14.13'] as const;

/** Questions in order: the first reads the copy cold, the rest are warm. */
const QUESTIONS = [
  {
    ask: 'What changed since 2026-11-18, in counts?',
    args: { since: '2026-11-18', counts_only: true },
  },
  {
    ask: 'Everything new since 2026-01-01 (every host): counts and a first page',
    args: { since: '2026-01-01', limit: 0 },
  },
  {
    ask: 'What changed on Lab since 2026-11-15?',
    args: { network: 'Lab', since: '2026-11-15', limit: 20 },
  },
  {
    ask: 'What did the lab job\u2019s latest run change?',
    args: { run: 'Lab unified discovery', limit: 20 },
  },
] as const;

interface Row {
  readonly version: string;
  readonly ask: string;
  readonly requests: number;
  readonly ms: number;
  readonly bytes: number;
  readonly shown: number;
  readonly counted: number | undefined;
  readonly error: boolean;
}

async function session(version: string): Promise<{ rows: Row[]; peak: number }> {
  const inventory = generateInventory(HOSTS, 5);
  const api = await startInventoryApi(version, inventory, SCANOPY_QUOTA);
  const server = await startServer(serverEnv(api.url));
  const rows: Row[] = [];
  try {
    for (const question of QUESTIONS) {
      const from = api.requests.length;
      const started = performance.now();
      const result = await callTool(server, 'list_changes', question.args);
      const ms = performance.now() - started;
      const structured = result.structuredContent ?? {};
      const changes = structured['changes'] as unknown[] | undefined;
      const counts = structured['counts'] as { hosts_new?: number } | undefined;
      rows.push({
        version,
        ask: question.ask,
        requests: api.requests.length - from,
        ms,
        bytes: Buffer.byteLength(textOf(result)) + Buffer.byteLength(JSON.stringify(structured)),
        shown: changes?.length ?? 0,
        counted: counts?.hosts_new,
        error: result.isError === true,
      });
    }
    return { rows, peak: rssOf(server.pid).peak ?? rssOf(server.pid).current };
  } finally {
    await server.close();
    await api.close();
  }
}

export async function changesBench(): Promise<BenchResult> {
  const rows: Row[] = [];
  const missed: string[] = [];
  for (const version of VERSIONS) {
    const answer = await session(version);
    rows.push(...answer.rows);
    for (const [i, row] of answer.rows.entries()) {
      console.log(
        `${row.version} ${i === 0 ? 'cold' : 'warm'} "${row.ask}": ${row.requests} requests, ${Math.round(row.ms)} ms, ${(row.bytes / 1000).toFixed(1)} kB, ${row.shown} rows shown, hosts new ${row.counted ?? '-'}`,
      );
      if (row.error && !(version === '0.14.13' && row.ask.includes('run')))
        missed.push(`${version} "${row.ask}" failed`);
      if (row.bytes > RESULT_BUDGET) missed.push(`${version} "${row.ask}" ${row.bytes} bytes`);
      if (i > 0 && row.requests > MAX_WARM_REQUESTS)
        missed.push(`${version} warm "${row.ask}" ${row.requests} requests`);
    }
    console.log(`${version}: server peak RSS ${(answer.peak / 2 ** 20).toFixed(0)} MB`);
  }
  const warm = rows.filter((_, i) => i % QUESTIONS.length !== 0);
  const all = rows.find((r) => r.ask.startsWith('Everything') && r.version === '0.17.22');
  return {
    name: '15. Changes',
    figure: `at ${HOSTS} hosts: every host new counted (${all?.counted ?? '?'}) with ${all?.shown ?? '?'} rows in ${((all?.bytes ?? 0) / 1000).toFixed(1)} kB, one call; warm questions at most ${Math.max(...warm.map((r) => r.requests))} requests`,
    target: `one call within ${RESULT_BUDGET / 1000} kB with counts and a first page; warm <= ${MAX_WARM_REQUESTS} requests`,
    pass: missed.length === 0,
    detail:
      missed.length === 0
        ? `${QUESTIONS.length} questions on ${VERSIONS.join(' and ')}`
        : `missed: ${missed.join('; ')}`,
  };
}

await runIfMain(import.meta.url, changesBench);
