// Target 5: list_discoveries, both channels, in bytes and tokens (gpt-tokenizer) against the service's raw JSON, on every sample version.
import { countTokens } from 'gpt-tokenizer';
import { quote } from '../src/safety/quote.js';
import { generateDiscoveries, SAMPLE_VERSIONS, sampleData } from '../src/sample-api/data.js';
import { sampleNames } from '../src/sample-api/names-data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { discoveryItems } from './lib/discovery-items.js';
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
/** Held on 0.14.13, the version this target was set on; the others are shown beside it. */
const MAX_TEXT = 0.25;
/** Issue 30: on every version the sample plays (0.16.2 and later add each job's last outcome). */
const MAX_STRUCTURED = 0.4;
/** Generated items are already lean (little besides what the view keeps): two quotes per name weigh more. */
const MAX_GENERATED_TEXT = 0.26;
/** config.ts: NETWORK_DISCOVERY_MAX_RESULT_BYTES' default. */
const DEFAULT_BUDGET = 100_000;

type Raw = Record<string, unknown> & {
  id: string;
  name: string;
  /** site_id on 0.17.22, which calls networks sites. */
  network_id?: string;
  site_id?: string;
  daemon_id: string;
  discovery_type: { type: string };
  run_type: Record<string, unknown> & { type: string };
  tags?: string[];
};

interface Lean {
  id: string;
  name: string;
  network_id?: string;
  daemon_id?: string;
  discovery_type: string;
  run_type: string;
  cron_schedule?: string;
  timezone?: string;
  enabled?: boolean;
  last_run?: string;
  tags?: string[];
}

/** The sample's tag names by id, lower-cased (the service writes some ids in capitals). */
const TAG_NAMES = new Map(
  sampleNames().tags.map((t) => [String(t['id']).toLowerCase(), String(t['name'])]),
);

/** Whether an item's tags hold each of its raw tags, by name or by id, the page's tag_names joining the two. */
function tagsHeld(raw: Raw, lean: Lean | undefined, tagNames: Record<string, string>): boolean {
  const byId = new Map(Object.entries(tagNames).map(([id, name]) => [id.toLowerCase(), name]));
  const held = new Set((lean?.tags ?? []).map((t) => t.toLowerCase()));
  return (raw.tags ?? []).every((id) => {
    const name = byId.get(id.toLowerCase());
    return held.has(id.toLowerCase()) || (name !== undefined && held.has(name.toLowerCase()));
  });
}

const UUID = /\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/;

/** What the text says of each discovery: its line, and its group's network and daemon ids. */
function parseText(text: string) {
  const ids = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!/^(Networks|Sites|Daemons): /.test(line)) continue;
    for (const pair of line.replace(/^\w+: /, '').split('; ')) {
      const [name, id] = pair.split(' = ');
      if (name && id) ids.set(name.replace(/^"|"$/g, ''), id);
    }
  }
  const lines = new Map<string, { line: string; network: string; daemon: string }>();
  let network = '';
  let daemon = '';
  for (const line of text.split('\n')) {
    const heading = /^## (?:Network|Site) "?(.+?)"? · daemon "?(.+?)"? \(\d+\)$/.exec(line);
    if (heading) {
      network = ids.get(heading[1] ?? '') ?? heading[1] ?? '';
      daemon = ids.get(heading[2] ?? '') ?? heading[2] ?? '';
    }
    const id = UUID.exec(line)?.[0];
    if (line.startsWith('- ') && id) lines.set(id, { line, network, daemon });
  }
  return lines;
}

/** The run type a text line says: a run record's and an ad hoc job's own words, else a schedule. */
const textRunType = (line: string) =>
  line.includes('; run record: ')
    ? 'Historical'
    : line.includes('; ad hoc')
      ? 'AdHoc'
      : 'Scheduled';

/** What a model needs of one discovery that a channel does not carry. */
function missing(
  raw: Raw,
  text: ReturnType<typeof parseText>,
  lean: Lean | undefined,
  tagNames: Record<string, string>,
): string[] {
  const run = raw.run_type;
  const place = raw.network_id ?? raw.site_id;
  const found = text.get(raw.id);
  const line = found?.line ?? '';
  const lastRun = typeof run['last_run'] === 'string' ? run['last_run'].slice(0, 10) : undefined;
  const wanted: [string, boolean, boolean][] = [
    ['name', line.startsWith(`- ${quote(raw.name)}; `), lean?.name === raw.name],
    ['network', found?.network === place, lean?.network_id === place],
    ['daemon', found?.daemon === raw.daemon_id, lean?.daemon_id === raw.daemon_id],
    [
      'type',
      line.includes(raw.discovery_type.type),
      lean?.discovery_type === raw.discovery_type.type,
    ],
    ['run type', textRunType(line) === run.type, lean?.run_type === run.type],
    [
      'tags',
      (raw.tags ?? []).every((id) => line.includes(quote(TAG_NAMES.get(id.toLowerCase()) ?? id))),
      tagsHeld(raw, lean, tagNames),
    ],
  ];
  if (run.type === 'Scheduled') {
    const cron = String(run['cron_schedule']);
    const zone = typeof run['timezone'] === 'string' ? run['timezone'] : 'UTC';
    const off = run['enabled'] === false;
    // The text gives the schedule in words with its zone; the structured channel the cron and zone.
    const hour = `${String(cron.split(' ')[1]).padStart(2, '0')}:`;
    wanted.push(
      [
        'schedule',
        line.includes(hour) && line.includes(zone),
        lean?.cron_schedule === cron && lean.timezone === zone,
      ],
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

async function measure(
  discoveries: Record<string, unknown>[],
  limit: number,
  version: string = SAMPLE_VERSIONS[0],
): Promise<Measured> {
  const data = { ...sampleData(version), discoveries };
  const api = await startSampleApi({ apiKey: API_KEY, data });
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
    const lean = discoveryItems<Lean>(result.structuredContent);
    const byId = new Map(lean.map((item) => [item.id, item]));
    const parsed = parseText(text);
    const tagNames =
      (result.structuredContent as { tag_names?: Record<string, string> }).tag_names ?? {};
    const gaps = items.flatMap((item) =>
      missing(item, parsed, byId.get(item.id), tagNames).map(
        (gap) => `${version} ${item.id}: ${gap}`,
      ),
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
  const versions: [string, Measured][] = [];
  for (const version of SAMPLE_VERSIONS) {
    versions.push([version, await measure(realisticDiscoveries(1_000), PAGE, version)]);
  }
  const [, real] = versions[0] as [string, Measured];
  const generated = await measure(generateDiscoveries(1_000), PAGE);
  const whole = await measure(realisticDiscoveries(137), 0);
  const gaps = [...versions.flatMap(([, m]) => m.gaps), ...generated.gaps, ...whole.gaps];
  const wholeBytes = whole.text.bytes + whole.structured.bytes;
  const structured = versions.map(([, m]) => m.structured.bytes / m.raw.bytes);
  const pass =
    versions.every(([, m]) => m.shown === PAGE) &&
    real.text.bytes / real.raw.bytes <= MAX_TEXT &&
    structured.every((ratio) => ratio <= MAX_STRUCTURED) &&
    generated.text.bytes / generated.raw.bytes <= MAX_GENERATED_TEXT &&
    whole.shown === 137 &&
    wholeBytes <= DEFAULT_BUDGET &&
    gaps.length === 0;
  const range = (ratios: number[]) =>
    `${pct(Math.min(...ratios), 1)}-${pct(Math.max(...ratios), 1)}`;
  return {
    name: '5. Result size',
    figure: `text ${pct(real.text.bytes, real.raw.bytes)}, structured ${range(structured)} of the raw JSON`,
    target: `50 items: text <= ${MAX_TEXT * 100}% on ${SAMPLE_VERSIONS[0]} (generated ${MAX_GENERATED_TEXT * 100}%), structured <= ${MAX_STRUCTURED * 100}% on ${SAMPLE_VERSIONS.join(', ')}; 137 whole; nothing needed lost`,
    pass,
    detail: [
      ...versions.map(([version, m]) => describe(`${PAGE} ordinary discoveries on ${version}`, m)),
      describe(`${PAGE} generated (lean) discoveries`, generated),
      `137 ordinary with limit 0: ${whole.shown} shown, text + structured ${wholeBytes} B of the ${DEFAULT_BUDGET} B budget (raw ${whole.raw.bytes} B)`,
      gaps.length === 0
        ? 'every id, name, network, daemon, type, run type, tag, schedule with its zone, enabled state and last run in each channel'
        : `missing ${gaps.slice(0, 3).join('; ')}`,
    ].join('; '),
  };
}

await runIfMain(import.meta.url, resultSizeBench);
