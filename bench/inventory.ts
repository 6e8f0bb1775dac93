// Target 12: a session of inventory questions (list_hosts, get_host) at 3,000 and at 20,000 hosts with 100,000 ports, on 0.14.13 and 0.17.22, against a sample enforcing Scanopy's quota: requests, wall time, 429s, bytes per channel, the server's peak RSS, one copy's heap.
import { readFileSync, writeFileSync } from 'node:fs';
import { benchSection, PERFORMANCE_PATH, replaceBetween } from '../scripts/docs.js';
import { INVENTORY_DISCOVERIES } from '../src/sample-api/inventory-data.js';
import type { SampleApi } from '../src/sample-api/server.js';
import { copyBytes } from './lib/copy-size.js';
import { generateInventory, SCANOPY_QUOTA, startInventoryApi } from './lib/inventory.js';
import { machine } from './lib/machine.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { rssOf } from './lib/rss.js';
import { API_KEY, callTool, serverEnv, startServer, textOf } from './lib/server.js';

interface Question {
  readonly ask: string;
  readonly tool: 'list_hosts' | 'get_host';
  readonly args: Record<string, unknown>;
  /** The answer is a count or one host: held to the one-call target at every size. */
  readonly small?: boolean;
}

/** The session's first question: the cold read. */
const FIRST: Question = {
  ask: 'Which hosts are there?',
  tool: 'list_hosts',
  args: { limit: 20 },
};

/** Twelve different questions after it. */
const QUESTIONS: readonly Question[] = [
  {
    ask: 'How many hosts run SSH?',
    tool: 'list_hosts',
    args: { service: 'SSH', counts_only: true },
    small: true,
  },
  {
    ask: 'Which Lab hosts run PostgreSQL?',
    tool: 'list_hosts',
    args: { network: 'Lab', service: 'PostgreSQL', limit: 20 },
  },
  {
    ask: 'How many hosts have telnet (23) open?',
    tool: 'list_hosts',
    args: { port: 23, counts_only: true },
    small: true,
  },
  {
    ask: 'Which hosts in 10.0.1.0/24 have port 23 open?',
    tool: 'list_hosts',
    args: { ip: '10.0.1.0/24', port: 23, limit: 20 },
  },
  {
    ask: 'How many hosts in 10.0.0.0/24, by service?',
    tool: 'list_hosts',
    args: { ip: '10.0.0.0/24', counts_only: true },
    small: true,
  },
  {
    ask: 'Which hosts are new since 2026-11-19?',
    tool: 'list_hosts',
    args: { new_since: '2026-11-19', limit: 20 },
  },
  {
    ask: 'How many hosts have no SNMP credential?',
    tool: 'list_hosts',
    args: { snmp_credential: 'none', counts_only: true },
    small: true,
  },
  {
    ask: 'How many hosts per network, service, port, OS, subnet?',
    tool: 'list_hosts',
    args: { counts_only: true },
    small: true,
  },
  { ask: 'Which host has 10.0.1.2?', tool: 'get_host', args: { host: '10.0.1.2' }, small: true },
  {
    ask: 'How many hosts did the failed lab run touch?',
    tool: 'list_hosts',
    args: { found_by: INVENTORY_DISCOVERIES.labRun, counts_only: true },
    small: true,
  },
  {
    ask: 'Which hosts were not seen since 2026-11-10?',
    tool: 'list_hosts',
    args: { not_seen_since: '2026-11-10', limit: 20 },
  },
  {
    ask: 'Everything about lab-grafana',
    tool: 'get_host',
    args: { host: 'lab-grafana' },
    small: true,
  },
];

const MAX_ANSWER_BYTES = 10_000;
const MAX_LISTED = 20;
/** Issue 31's targets: with one caller's copy at 20,000 hosts held. */
const MAX_PEAK_RSS = 200 * 2 ** 20;
const MAX_WARM_REQUESTS = 2;
const MAX_WARM_MEDIAN_MS = 150;
const MAX_SESSION_REQUESTS = 150;
const MAX_COLD_REQUESTS = 90;
const SIZES = [
  { hosts: 3_000, portsPerHost: undefined },
  { hosts: 20_000, portsPerHost: 5 },
] as const;
const VERSIONS = ['0.14.13', '0.17.22'] as const;

interface Row {
  readonly version: string;
  readonly hosts: number;
  readonly question: Question;
  readonly first: boolean;
  readonly listed: number | undefined;
  readonly requests: number;
  readonly ms: number;
  readonly limited: number;
  /** Bytes of the service's answers: what a raw passthrough would hand the model. */
  readonly serviceBytes: number;
  readonly text: number;
  readonly structured: number;
  readonly held: boolean | undefined;
}

/** The bytes of each distinct request's answer, read once more from `twin` (the answers are deterministic). */
async function answerBytes(
  twin: SampleApi,
  requests: readonly { path: string; query: URLSearchParams }[],
  cache: Map<string, number>,
) {
  let total = 0;
  for (const request of requests) {
    const url = `${request.path}?${request.query.toString()}`;
    let bytes = cache.get(url);
    if (bytes === undefined) {
      const response = await fetch(new URL(url, twin.url), {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      bytes = (await response.arrayBuffer()).byteLength;
      cache.set(url, bytes);
    }
    total += bytes;
  }
  return total;
}

const shownHosts = (structured: Record<string, unknown> | undefined) => {
  const groups = structured?.['groups'];
  return Array.isArray(groups)
    ? groups.reduce((n: number, g: { hosts?: unknown[] }) => n + (g.hosts?.length ?? 0), 0)
    : undefined;
};

async function ask(version: string, size: (typeof SIZES)[number]) {
  const inventory = generateInventory(size.hosts, size.portsPerHost);
  const api = await startInventoryApi(version, inventory, SCANOPY_QUOTA);
  // The raw-passthrough bytes are read from a twin without the quota: they must not spend it.
  const twin = await startInventoryApi(version, inventory);
  const server = await startServer(serverEnv(api.url));
  const cache = new Map<string, number>();
  const rows: Row[] = [];
  let peak = 0;
  try {
    for (const question of [FIRST, ...QUESTIONS]) {
      const from = api.requests.length;
      const limitedBefore = api.rateLimited();
      const started = performance.now();
      const result = await callTool(server, question.tool, question.args);
      const ms = performance.now() - started;
      const requests = api.requests.length - from;
      const text = Buffer.byteLength(textOf(result));
      const structured = Buffer.byteLength(JSON.stringify(result.structuredContent ?? {}));
      const matched = (
        result.structuredContent?.['pagination'] as { total_count?: number } | undefined
      )?.total_count;
      const targeted = question.small === true || (matched !== undefined && matched <= MAX_LISTED);
      rows.push({
        version,
        hosts: size.hosts,
        question,
        first: question === FIRST,
        listed: question.small ? undefined : shownHosts(result.structuredContent),
        requests,
        ms,
        limited: api.rateLimited() - limitedBefore,
        serviceBytes: await answerBytes(twin, api.requests.slice(from), cache),
        text,
        structured,
        held: targeted
          ? !result.isError && text <= MAX_ANSWER_BYTES && structured <= MAX_ANSWER_BYTES
          : undefined,
      });
    }
    peak = rssOf(server.pid).peak ?? rssOf(server.pid).current;
  } finally {
    await server.close();
    await twin.close();
    await api.close();
  }
  return { rows, peak, copy: await copyBytes(version, inventory) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export function inventoryTable(rows: readonly Row[], peaks: readonly string[]): string {
  const head = [
    '| Scanopy | Hosts | Question | Call | Requests | Wall | 429s | Service bytes (raw passthrough) | Text | Structured | Target |',
    '| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const lines = rows.map((r) => {
    const args = Object.entries(r.question.args)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ');
    const target =
      r.held === undefined
        ? `lists ${r.listed ?? '?'} (more than ${MAX_LISTED} match)`
        : r.held
          ? 'held'
          : 'MISSED';
    const ask = r.first ? `**first:** ${r.question.ask}` : r.question.ask;
    return `| ${r.version} | ${r.hosts} | ${ask} | \`${r.question.tool}(${args})\` | ${r.requests} | ${Math.round(r.ms)} ms | ${r.limited} | ${kB(r.serviceBytes)} | ${kB(r.text)} | ${kB(r.structured)} | ${target} |`;
  });
  return [...head, ...lines, '', ...peaks.map((p) => `- ${p}`)].join('\n');
}

export let lastInventoryRows: Row[] = [];
export let lastInventoryPeaks: string[] = [];

/**
 * One session's figures against issue 31's targets, the missed ones named. The cold question is the
 * one that read the whole host list (the most requests); the questions after it are warm.
 */
function sessionOf(rows: readonly Row[], hosts: number) {
  const after = rows.filter((r) => !r.first);
  const first = rows.find((r) => r.first);
  const coldAt = after.reduce(
    (best, r, i) => (r.requests > (after[best]?.requests ?? 0) ? i : best),
    0,
  );
  const cold = after[coldAt];
  const warm = after.slice(coldAt + 1);
  const twelve = after.reduce((n, r) => n + r.requests, 0);
  const limited = rows.reduce((n, r) => n + r.limited, 0);
  const most = Math.max(...warm.map((r) => r.requests));
  const warmMedian = median(warm.map((r) => r.ms));
  const missed = [
    ...warm
      .filter((r) => r.requests > MAX_WARM_REQUESTS)
      .map((r) => `warm "${r.question.ask}" ${r.requests} requests`),
    ...(warmMedian > MAX_WARM_MEDIAN_MS ? [`warm median ${Math.round(warmMedian)} ms`] : []),
    ...(twelve > MAX_SESSION_REQUESTS ? [`twelve questions ${twelve} requests`] : []),
    ...(limited > 0 ? [`${limited} 429s`] : []),
    ...(hosts === 20_000 && (cold?.requests ?? 0) > MAX_COLD_REQUESTS ? ['cold requests'] : []),
  ];
  const line = `first question ${first?.requests} requests in ${Math.round(first?.ms ?? 0)} ms; cold read ("${cold?.question.ask}") ${cold?.requests} requests in ${Math.round(cold?.ms ?? 0)} ms; twelve after the first ${twelve} requests in all; the ${warm.length} warm ones at most ${most} requests, median ${Math.round(warmMedian)} ms; ${limited} answered 429`;
  return { line, missed };
}

export async function inventoryBench(): Promise<BenchResult> {
  const rows: Row[] = [];
  const peaks: string[] = [];
  const missed: string[] = [];
  let worstPeak = 0;
  for (const version of VERSIONS) {
    for (const size of SIZES) {
      const answer = await ask(version, size);
      rows.push(...answer.rows);
      const session = sessionOf(answer.rows, size.hosts);
      peaks.push(
        `Scanopy ${version}, ${size.hosts} hosts: ${session.line}; server peak RSS ${MB(answer.peak)}; one copy ${MB(answer.copy)} of heap`,
      );
      missed.push(...session.missed.map((m) => `${version} ${size.hosts}: ${m}`));
      if (size.hosts === 20_000) worstPeak = Math.max(worstPeak, answer.peak);
    }
  }
  lastInventoryRows = rows;
  lastInventoryPeaks = peaks;
  const targeted = rows.filter((r) => r.held !== undefined);
  const unheld = targeted.filter((r) => !r.held);
  missed.push(...unheld.map((r) => `${r.version} ${r.hosts} ${r.question.ask}`));
  if (worstPeak > MAX_PEAK_RSS) missed.push(`peak RSS ${MB(worstPeak)}`);
  const largest = Math.max(...targeted.map((r) => Math.max(r.text, r.structured)));
  return {
    name: '12. Inventory',
    figure: `${targeted.length - unheld.length} of ${targeted.length} count or <= ${MAX_LISTED}-host answers in one call; largest ${kB(largest)}; peak RSS ${MB(worstPeak)} at 20,000 hosts`,
    target: `one call of <= ${kB(MAX_ANSWER_BYTES)}; warm <= ${MAX_WARM_REQUESTS} requests, median <= ${MAX_WARM_MEDIAN_MS} ms; twelve <= ${MAX_SESSION_REQUESTS} requests, no 429; cold <= ${MAX_COLD_REQUESTS} at 20,000; peak RSS <= ${MB(MAX_PEAK_RSS)}`,
    pass: missed.length === 0,
    detail:
      missed.length === 0
        ? `a first question and ${QUESTIONS.length} after it at 3,000 and 20,000 hosts on ${VERSIONS.join(' and ')}, quota 300/min burst 150`
        : `missed: ${missed.join('; ')}`,
  };
}

await runIfMain(import.meta.url, async () => {
  const result = await inventoryBench();
  const table = inventoryTable(lastInventoryRows, lastInventoryPeaks);
  console.log(table);
  // `--write`: this target's own section of docs/performance.md, without a whole bench run.
  if (process.argv.includes('--write')) {
    const doc = readFileSync(PERFORMANCE_PATH, 'utf8');
    const section = benchSection(table, new Date(), machine()).replace(
      '`npm run bench`',
      '`tsx bench/inventory.ts --write`',
    );
    writeFileSync(PERFORMANCE_PATH, replaceBetween(doc, 'inventory', section));
  }
  return result;
});
