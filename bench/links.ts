// Target 16 (the 15th bench of run.ts: `npm run bench -- 15`): list_links at 3,000 and 20,000 hosts on 0.14.13 and 0.17.22, against a sample enforcing Scanopy's quota: a network's links in one call, bytes per channel, requests cold and warm, topology bundles read, the server's RSS above the kept host copy.
import { neighbourRowBytes } from './lib/bundle-size.js';
import { generateInventory, SCANOPY_QUOTA, startInventoryApi } from './lib/inventory.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { rssOf } from './lib/rss.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';

interface Question {
  readonly ask: string;
  readonly args: Record<string, unknown>;
}

const QUESTIONS: readonly Question[] = [
  { ask: 'How many links, per network, switch, protocol? (cold)', args: { counts_only: true } },
  { ask: "The Office network's links, all in one call", args: { network: 'Office', limit: 0 } },
  { ask: 'What is on sw-2 Gi0/2?', args: { host: 'sw-2', interface: 'Gi0/2' } },
  { ask: 'How does sw-14 reach sw-50?', args: { host: 'sw-14', path_to: 'sw-50' } },
  { ask: 'Draw the Lab', args: { network: 'Lab', format: 'mermaid', limit: 0 } },
];

/** Issue 38's targets. */
const MAX_CHANNEL_BYTES = 64_000;
const MAX_WARM_REQUESTS = 2;
const MAX_LINKS_RSS = 30 * 2 ** 20;
/** LINKS_BENCH=0.17.22:20000 runs one session alone (a quick look after a change). */
const ONLY = process.env['LINKS_BENCH']?.split(':');
const SIZES = ONLY ? [Number(ONLY[1])] : ([3_000, 20_000] as const);
const VERSIONS = ONLY ? [ONLY[0] as string] : (['0.14.13', '0.17.22'] as const);

interface Row {
  readonly version: string;
  readonly hosts: number;
  readonly ask: string;
  readonly requests: number;
  readonly bundles: number;
  readonly ms: number;
  readonly text: number;
  readonly structured: number;
  readonly shown: string;
}

async function session(version: string, hosts: number) {
  const inventory = generateInventory(hosts, hosts === 20_000 ? 5 : undefined);
  const api = await startInventoryApi(version, inventory, SCANOPY_QUOTA);
  const server = await startServer(serverEnv(api.url));
  const rows: Row[] = [];
  try {
    // The host copy first: what links add is measured above it.
    await callTool(server, 'list_hosts', { counts_only: true });
    const copyRss = rssOf(server.pid).current;
    for (const question of QUESTIONS) {
      const from = api.requests.length;
      const started = performance.now();
      const result = await callTool(server, 'list_links', question.args);
      const ms = performance.now() - started;
      const sent = api.requests.slice(from);
      const structured = result.structuredContent ?? {};
      const pagination = structured['pagination'] as { total_count?: number } | undefined;
      const links = structured['links'] as unknown[] | undefined;
      rows.push({
        version,
        hosts,
        ask: question.ask,
        requests: sent.length,
        bundles: sent.filter((r) => r.path === '/api/v1/topology/data').length,
        ms,
        text: Buffer.byteLength(textOf(result)),
        structured: Buffer.byteLength(JSON.stringify(structured)),
        shown: result.isError
          ? 'error'
          : links
            ? `${links.length} of ${pagination?.total_count ?? '?'}`
            : 'counts',
      });
    }
    const after = rssOf(server.pid);
    return { rows, above: after.current - copyRss, peak: after.peak ?? after.current };
  } finally {
    await server.close();
    await api.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export let lastLinkRows: Row[] = [];

export function linksTable(rows: readonly Row[], notes: readonly string[]): string {
  return [
    '| Scanopy | Hosts | Question | Requests | Bundles | Wall | Text | Structured | Links shown |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.version} | ${r.hosts} | ${r.ask} | ${r.requests} | ${r.bundles} | ${Math.round(r.ms)} ms | ${kB(r.text)} | ${kB(r.structured)} | ${r.shown} |`,
    ),
    '',
    ...notes.map((n) => `- ${n}`),
  ].join('\n');
}

export async function linksBench(): Promise<BenchResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const missed: string[] = [];
  for (const version of VERSIONS) {
    for (const hosts of SIZES) {
      const run = await session(version, hosts);
      rows.push(...run.rows);
      notes.push(
        `Scanopy ${version}, ${hosts} hosts: server RSS ${MB(run.above)} above the kept host copy after the links questions, peak ${MB(run.peak)}`,
      );
      const [cold, whole, ...warm] = run.rows;
      for (const r of [whole, ...warm]) {
        if (r && r.requests > MAX_WARM_REQUESTS)
          missed.push(`${version} ${hosts} "${r.ask}" ${r.requests} requests`);
      }
      if (hosts === 3_000 && whole) {
        if (Math.max(whole.text, whole.structured) > MAX_CHANNEL_BYTES)
          missed.push(
            `${version} 3000 a network's links ${kB(Math.max(whole.text, whole.structured))}`,
          );
        if (!whole.shown.startsWith(whole.shown.split(' of ')[1] ?? '-'))
          missed.push(`${version} 3000 a network's links not in one call (${whole.shown})`);
        if (run.above > MAX_LINKS_RSS) missed.push(`${version} 3000 links RSS ${MB(run.above)}`);
      }
      if (version === '0.17.22' && cold && cold.bundles > 3)
        missed.push(`${version} ${hosts} ${cold.bundles} bundles cold`);
    }
  }
  if (VERSIONS.includes('0.17.22')) {
    // What src/api/inventory/kept-links.ts weighs a kept bundle's rows by against the ceiling.
    const hosts = Math.max(...SIZES);
    const size = await neighbourRowBytes(
      '0.17.22',
      generateInventory(hosts, hosts === 20_000 ? 5 : undefined),
    );
    notes.push(
      `A parsed neighbour row (0.17.22, every network's bundle at ${hosts} hosts read 20 times over and held, heap between two full collections): ${Math.round(size.bytesPerRow)} bytes over ${size.rows} rows, ${size.advertised} of them with LLDP or CDP text`,
    );
  }
  lastLinkRows = rows;
  console.log(linksTable(rows, notes));
  return {
    name: '16. Links',
    figure: `a network's links at 3,000 hosts: ${rows
      .filter((r) => r.hosts === 3_000 && r.ask.startsWith('The Office'))
      .map((r) => `${r.version} ${r.shown} in ${kB(Math.max(r.text, r.structured))} a channel`)
      .join(
        ', ',
      )}; warm at most ${Math.max(...rows.filter((r) => !r.ask.endsWith('(cold)')).map((r) => r.requests))} requests`,
    target: `a network's links at 3,000 hosts in one call <= ${kB(MAX_CHANNEL_BYTES)} a channel; warm <= ${MAX_WARM_REQUESTS} requests; one bundle per network per window; <= ${MB(MAX_LINKS_RSS)} above the host copy`,
    pass: missed.length === 0,
    detail: missed.length === 0 ? notes.join('; ') : `missed: ${missed.join('; ')}`,
  };
}

await runIfMain(import.meta.url, linksBench);
