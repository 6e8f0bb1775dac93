// Target 5: list_discoveries, both channels, in bytes and tokens (gpt-tokenizer) against the service's raw JSON.
import { countTokens } from 'gpt-tokenizer';
import { quote } from '../src/safety/quote.js';
import { generateDiscoveries, sampleData } from '../src/sample-api/data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import {
  API_KEY,
  type CallToolResult,
  callTool,
  serverEnv,
  startServer,
  textOf,
} from './lib/server.js';

const PAGE = 50;
const MAX_TEXT = 0.25;
// Tags go by id (a tag's name may be another tag's UUID), where names made 40% hold.
const MAX_STRUCTURED = 0.45;
/** Generated items are already lean (little besides what the view keeps): two quotes per name weigh more. */
const MAX_GENERATED_TEXT = 0.26;
/** config.ts: NETWORK_DISCOVERY_MAX_RESULT_BYTES' default. */
const DEFAULT_BUDGET = 100_000;

type Raw = Record<string, unknown> & {
  id: string;
  name: string;
  network_id: string;
  daemon_id: string;
  discovery_type: { type: string };
  run_type: Record<string, unknown> & { type: string };
};

interface Lean {
  id: string;
  name: string;
  network_id?: string;
  daemon_id?: string;
  discovery_type: string;
  run_type: string;
  cron_schedule?: string;
  enabled?: boolean;
  last_run?: string;
}

/** The structured items out of their network-and-daemon groups, each with its group's ids. */
function leanItems(structured: unknown): Lean[] {
  const groups = (structured as { groups: (Partial<Lean> & { discoveries: Lean[] })[] }).groups;
  return groups.flatMap((g) =>
    g.discoveries.map((d) => ({ network_id: g.network_id, daemon_id: g.daemon_id, ...d }) as Lean),
  );
}

const UUID = /\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/;

/** What the text says of each discovery: its line, and its group's network and daemon ids. */
function parseText(text: string) {
  const ids = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!/^(Networks|Daemons): /.test(line)) continue;
    for (const pair of line.replace(/^\w+: /, '').split('; ')) {
      const [name, id] = pair.split(' = ');
      if (name && id) ids.set(name.replace(/^"|"$/g, ''), id);
    }
  }
  const lines = new Map<string, { line: string; network: string; daemon: string }>();
  let network = '';
  let daemon = '';
  for (const line of text.split('\n')) {
    const heading = /^## Network "?(.+?)"? · daemon "?(.+?)"? \(\d+\)$/.exec(line);
    if (heading) {
      network = ids.get(heading[1] ?? '') ?? heading[1] ?? '';
      daemon = ids.get(heading[2] ?? '') ?? heading[2] ?? '';
    }
    const id = UUID.exec(line)?.[0];
    if (line.startsWith('- ') && id) lines.set(id, { line, network, daemon });
  }
  return lines;
}

/** What a model needs of one discovery that a channel does not carry. */
function missing(raw: Raw, text: ReturnType<typeof parseText>, lean: Lean | undefined): string[] {
  const run = raw.run_type;
  const found = text.get(raw.id);
  const line = found?.line ?? '';
  const lastRun = typeof run['last_run'] === 'string' ? run['last_run'].slice(0, 10) : undefined;
  const wanted: [string, boolean, boolean][] = [
    ['name', line.startsWith(`- ${quote(raw.name)}; `), lean?.name === raw.name],
    ['network', found?.network === raw.network_id, lean?.network_id === raw.network_id],
    ['daemon', found?.daemon === raw.daemon_id, lean?.daemon_id === raw.daemon_id],
    [
      'type',
      line.includes(raw.discovery_type.type),
      lean?.discovery_type === raw.discovery_type.type,
    ],
  ];
  if (run.type === 'Scheduled') {
    const cron = String(run['cron_schedule']);
    const off = run['enabled'] === false;
    // The text gives the schedule in words with its zone; the hour is in both.
    const hour = `${String(cron.split(' ')[1]).padStart(2, '0')}:`;
    wanted.push(
      ['schedule', line.includes(hour), lean?.cron_schedule === cron],
      ['enabled state', line.includes('DISABLED') === off, lean?.enabled === !off],
    );
  }
  if (run.type !== 'Historical') {
    wanted.push([
      'last run',
      lastRun ? line.includes(lastRun) : line.includes('never run'),
      lastRun ? String(lean?.last_run).startsWith(lastRun) : !lean?.last_run,
    ]);
  }
  return wanted.flatMap(([field, inText, inJson]) => [
    ...(inText ? [] : [`text lacks ${field}`]),
    ...(inJson ? [] : [`structured lacks ${field}`]),
  ]);
}

interface Measured {
  readonly raw: { bytes: number; tokens: number };
  readonly text: { bytes: number; tokens: number };
  readonly structured: { bytes: number; tokens: number };
  readonly gaps: string[];
  readonly shown: number;
}

const size = (value: string) => ({ bytes: Buffer.byteLength(value), tokens: countTokens(value) });

async function measure(discoveries: Record<string, unknown>[], limit: number): Promise<Measured> {
  const api = await startSampleApi({ apiKey: API_KEY, data: { ...sampleData(), discoveries } });
  const server = await startServer(serverEnv(api.url));
  try {
    const result: CallToolResult = await callTool(server, 'list_discoveries', { limit });
    const response = await fetch(new URL(`/api/v1/discovery?limit=${limit}&offset=0`, api.url), {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    const raw = await response.text();
    const text = textOf(result);
    const json = JSON.stringify(result.structuredContent);
    const items = (JSON.parse(raw) as { data: Raw[] }).data;
    const lean = leanItems(result.structuredContent);
    const byId = new Map(lean.map((item) => [item.id, item]));
    const parsed = parseText(text);
    const gaps = items.flatMap((item) =>
      missing(item, parsed, byId.get(item.id)).map((gap) => `${item.id}: ${gap}`),
    );
    return { raw: size(raw), text: size(text), structured: size(json), gaps, shown: lean.length };
  } finally {
    await server.close();
    await api.close();
  }
}

const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

function describe(label: string, m: Measured): string {
  return `${label}: raw ${m.raw.bytes} B / ${m.raw.tokens} tok; text ${m.text.bytes} B / ${m.text.tokens} tok (${pct(m.text.bytes, m.raw.bytes)} / ${pct(m.text.tokens, m.raw.tokens)}); structured ${m.structured.bytes} B / ${m.structured.tokens} tok (${pct(m.structured.bytes, m.raw.bytes)} / ${pct(m.structured.tokens, m.raw.tokens)})`;
}

export async function resultSizeBench(): Promise<BenchResult> {
  const real = await measure(realisticDiscoveries(1_000), PAGE);
  const generated = await measure(generateDiscoveries(1_000), PAGE);
  const whole = await measure(realisticDiscoveries(137), 0);
  const gaps = [...real.gaps, ...generated.gaps, ...whole.gaps];
  const wholeBytes = whole.text.bytes + whole.structured.bytes;
  const pass =
    real.shown === PAGE &&
    real.text.bytes / real.raw.bytes <= MAX_TEXT &&
    real.structured.bytes / real.raw.bytes <= MAX_STRUCTURED &&
    generated.text.bytes / generated.raw.bytes <= MAX_GENERATED_TEXT &&
    whole.shown === 137 &&
    wholeBytes <= DEFAULT_BUDGET &&
    gaps.length === 0;
  return {
    name: '5. Result size',
    figure: `text ${pct(real.text.bytes, real.raw.bytes)}, structured ${pct(real.structured.bytes, real.raw.bytes)} of the raw JSON`,
    target: `50 items: text <= ${MAX_TEXT * 100}% (generated ${MAX_GENERATED_TEXT * 100}%), structured <= ${MAX_STRUCTURED * 100}%; 137 whole; nothing needed lost`,
    pass,
    detail: [
      describe(`${PAGE} ordinary discoveries`, real),
      describe(`${PAGE} generated (lean) discoveries`, generated),
      `137 ordinary with limit 0: ${whole.shown} shown, text + structured ${wholeBytes} B of the ${DEFAULT_BUDGET} B budget (raw ${whole.raw.bytes} B)`,
      gaps.length === 0
        ? 'every id, name, network, daemon, type, schedule, enabled state and last run in each channel'
        : `missing ${gaps.slice(0, 3).join('; ')}`,
    ].join('; '),
  };
}

await runIfMain(import.meta.url, resultSizeBench);
