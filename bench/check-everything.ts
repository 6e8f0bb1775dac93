// Target 13: "check an answer against everything": for each question kind, the bytes of the question-shaped call and of a full read with `fields` of the scope it asked about, at 3,000 hosts / 12,000 ports and 2,500 discoveries on ten networks, on 0.14.13 and 0.17.22.
import { sampleData } from '../src/sample-api/data.js';
import { INVENTORY_DISCOVERIES } from '../src/sample-api/inventory-data.js';
import { namesOfManySites } from '../src/sample-api/names-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { type SampleApi, startSampleApi } from '../src/sample-api/server.js';
import { generateInventory, startInventoryApi } from './lib/inventory.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { API_KEY, callTool, serverEnv, startServer, textOf } from './lib/server.js';

type Tool = 'list_hosts' | 'list_discoveries';

interface Check {
  readonly ask: string;
  readonly tool: Tool;
  /** The question-shaped call. */
  readonly args: Record<string, unknown>;
  /** The full read of the scope it asked about, with the columns that check the answer. */
  readonly check: Record<string, unknown>;
}

const SITE = 'Site 3';

/** A question about one scope, and its check: that scope read whole with `fields`. */
const about =
  (tool: Tool, network: string, limit?: number) =>
  (ask: string, filters: Record<string, unknown>, fields: string): Check => ({
    ask,
    tool,
    args: { network, ...filters, ...(limit === undefined ? {} : { limit }) },
    check: { network, fields },
  });

const onSite = about('list_discoveries', SITE);
const DISCOVERY_CHECKS: readonly Check[] = [
  onSite(
    `Which jobs on ${SITE} run at 03:00 Europe/Berlin?`,
    { runs_at: '03:00', zone: 'Europe/Berlin' },
    'name,enabled,schedule',
  ),
  onSite(
    `What runs on ${SITE} in the next 6 hours?`,
    { next_run: 'PT6H' },
    'name,enabled,next_run',
  ),
  onSite(
    `Which jobs on ${SITE} last failed?`,
    { last_run: 'failed' },
    'name,run_type,last_outcome',
  ),
  onSite(
    `Which ${SITE} self-report jobs are disabled?`,
    { discovery_type: 'SelfReport', enabled: false },
    'name,discovery_type,enabled',
  ),
];

const inLab = about('list_hosts', 'Lab', 20);
const HOST_CHECKS: readonly Check[] = [
  inLab('Which Lab hosts run PostgreSQL?', { service: 'PostgreSQL' }, 'name,services'),
  inLab('Which Lab hosts have telnet (23) open?', { port: 23 }, 'name,ports'),
  about('list_hosts', 'Branch office', 20)(
    'Which Branch office hosts have no SNMP credential?',
    { snmp_credential: 'none' },
    'name,snmp_credentials',
  ),
  {
    ask: 'Which hosts did the failed lab run last touch?',
    tool: 'list_hosts',
    args: { found_by: INVENTORY_DISCOVERIES.labRun, limit: 20 },
    check: { network: 'Lab', fields: 'name,last_touched_by' },
  },
  about('list_hosts', 'Office', 20)(
    'Which Office hosts run SSH? (the largest network)',
    { service: 'SSH' },
    'name,ips',
  ),
];

/** Each channel of one call is held to this on a full read. */
const MAX_CHANNEL_BYTES = 64_000;
const VERSIONS = ['0.14.13', '0.17.22'] as const;

interface Row {
  readonly version: string;
  readonly check: Check;
  readonly answer: { text: number; structured: number };
  readonly items: number;
  readonly calls: number;
  /** The largest call of the full read, per channel. */
  readonly largest: { text: number; structured: number };
  readonly total: { text: number; structured: number };
}

type Server = Awaited<ReturnType<typeof startServer>>;

const sizes = (result: Awaited<ReturnType<typeof callTool>>) => ({
  text: Buffer.byteLength(textOf(result)),
  structured: Buffer.byteLength(JSON.stringify(result.structuredContent ?? {})),
});

/** The full read: limit 0 with fields, going on at next_offset until there is none. */
async function fullRead(server: Server, check: Check) {
  let offset = 0;
  let calls = 0;
  let items = 0;
  const largest = { text: 0, structured: 0 };
  const total = { text: 0, structured: 0 };
  for (;;) {
    const result = await callTool(server, check.tool, { ...check.check, limit: 0, offset });
    calls++;
    const size = sizes(result);
    largest.text = Math.max(largest.text, size.text);
    largest.structured = Math.max(largest.structured, size.structured);
    total.text += size.text;
    total.structured += size.structured;
    const structured = (result.structuredContent ?? {}) as Record<string, unknown>;
    items += Array.isArray(structured['rows']) ? structured['rows'].length : 0;
    const next = structured['next_offset'];
    if (result.isError || typeof next !== 'number' || next <= offset || calls >= 50) break;
    offset = next;
  }
  return { calls, items, largest, total };
}

async function measure(version: string, api: SampleApi, checks: readonly Check[]) {
  const server = await startServer(serverEnv(api.url));
  try {
    const rows: Row[] = [];
    for (const check of checks) {
      const answer = sizes(await callTool(server, check.tool, check.args));
      rows.push({ version, check, answer, ...(await fullRead(server, check)) });
    }
    return rows;
  } finally {
    await server.close();
    await api.close();
  }
}

async function discoveryRows(version: string) {
  const { names, networks, daemons } = namesOfManySites(10);
  const discoveries = realisticDiscoveries(2_500, { networks, daemons });
  const api = await startSampleApi({
    apiKey: API_KEY,
    data: { ...sampleData(version), discoveries },
    names: { names },
  });
  return measure(version, api, DISCOVERY_CHECKS);
}

async function hostRows(version: string) {
  const api = await startInventoryApi(version, generateInventory(3_000, 4));
  return measure(version, api, HOST_CHECKS);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The markdown table docs/performance.md carries between its check-everything markers. */
export function checkTable(rows: readonly Row[]): string {
  const head = [
    '| Scanopy | Question | Answer text / structured | Full read with `fields` | Rows | Calls | Largest call text / structured |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: |',
  ];
  const lines = rows.map((r) => {
    const args = Object.entries(r.check.check)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ');
    return `| ${r.version} | ${r.check.ask} | ${kB(r.answer.text)} / ${kB(r.answer.structured)} | \`${args}, limit: 0\` | ${r.items} | ${r.calls} | ${kB(r.largest.text)} / ${kB(r.largest.structured)} |`;
  });
  return [...head, ...lines].join('\n');
}

export let lastCheckRows: Row[] = [];

export async function checkEverythingBench(): Promise<BenchResult> {
  const rows: Row[] = [];
  for (const version of VERSIONS) {
    rows.push(...(await discoveryRows(version)), ...(await hostRows(version)));
  }
  lastCheckRows = rows;
  const within = (r: Row) =>
    r.largest.text <= MAX_CHANNEL_BYTES && r.largest.structured <= MAX_CHANNEL_BYTES;
  const oneCall = rows.filter((r) => r.calls === 1 && within(r));
  const over = rows.filter((r) => !within(r));
  return {
    name: '13. Check everything',
    figure: `${oneCall.length} of ${rows.length} full reads in one call; largest ${kB(Math.max(...rows.map((r) => Math.max(r.largest.text, r.largest.structured))))} a channel`,
    target: `every call of a full read <= ${kB(MAX_CHANNEL_BYTES)} a channel; 2,500 discoveries on 10 networks, 3,000 hosts / 12,000 ports, 0.14.13 and 0.17.22`,
    pass: over.length === 0,
    detail: rows
      .filter((r) => r.calls > 1)
      .map((r) => `${r.version} ${r.check.ask}: ${r.items} rows in ${r.calls} calls`)
      .join('; '),
  };
}

await runIfMain(import.meta.url, async () => {
  const result = await checkEverythingBench();
  console.log(checkTable(lastCheckRows));
  return result;
});
