// Target 11: everyday questions, each answered by its best single list_discoveries call, in bytes per channel against the service's raw items.
import { sampleData } from '../src/sample-api/data.js';
import { realisticDiscoveries } from '../src/sample-api/realistic-data.js';
import { startSampleApi } from '../src/sample-api/server.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { API_KEY, callTool, serverEnv, startServer, textOf } from './lib/server.js';

type Raw = Record<string, unknown>;
const run = (d: Raw) => d['run_type'] as Raw;
const kind = (d: Raw) => (d['discovery_type'] as Raw)['type'];
const isJob = (d: Raw) => run(d)['type'] !== 'Historical';

/** Sample ids (src/sample-api/data.ts): the questions name them as a person would. */
const CORE_TAG = 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b';
const OFFICE = '5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const OFFICE_GW = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';

interface Question {
  readonly ask: string;
  readonly args: Record<string, unknown>;
  /** The raw items the answer is about: what a model would otherwise read. */
  readonly about: (d: Raw) => boolean;
  /** Counts only: the answer is a number. */
  readonly count?: boolean;
}

const QUESTIONS: readonly Question[] = [
  {
    ask: 'How many discoveries carry the tag core?',
    args: { tag: 'core', counts_only: true },
    about: (d) => (d['tags'] as string[]).includes(CORE_TAG),
    count: true,
  },
  {
    ask: 'Which runs failed?',
    args: { run_type: 'Historical', last_run: 'failed', limit: 0 },
    about: (d) => !isJob(d) && (run(d)['results'] as Raw)['phase'] === 'Failed',
  },
  {
    ask: 'How many Docker scans?',
    args: { discovery_type: 'Docker', counts_only: true },
    about: (d) => kind(d) === 'Docker',
    count: true,
  },
  {
    ask: 'Which Office jobs are scheduled and enabled?',
    args: { network: 'Office', run_type: 'Scheduled', enabled: true, limit: 0 },
    about: (d) =>
      d['network_id'] === OFFICE && run(d)['type'] === 'Scheduled' && run(d)['enabled'] === true,
  },
  {
    ask: 'Which jobs run daily at 03:00 Europe/Berlin?',
    args: { run_type: 'Scheduled', limit: 0 },
    about: (d) => run(d)['type'] === 'Scheduled',
  },
  {
    ask: 'How many scheduled jobs are disabled?',
    args: { run_type: 'Scheduled', enabled: false, counts_only: true },
    about: (d) => run(d)['type'] === 'Scheduled' && run(d)['enabled'] === false,
    count: true,
  },
  {
    ask: 'How many jobs never ran?',
    args: { last_run: 'never', counts_only: true },
    about: (d) => isJob(d) && !run(d)['last_run'],
    count: true,
  },
  {
    ask: 'How many jobs, how many run records, per network?',
    args: { counts_only: true },
    about: () => true,
    count: true,
  },
  {
    ask: 'Which discoveries are named like "SelfReport discovery 42"?',
    args: { search: 'SelfReport discovery 42', limit: 0 },
    about: (d) => String(d['name']).includes('SelfReport discovery 42'),
  },
  {
    ask: 'Which runs on daemon office-gw failed?',
    args: { daemon: 'office-gw', last_run: 'failed', limit: 0 },
    about: (d) =>
      d['daemon_id'] === OFFICE_GW && !isJob(d) && (run(d)['results'] as Raw)['phase'] === 'Failed',
  },
  {
    ask: 'Which Lab self-report jobs are disabled?',
    args: { network: 'Lab', discovery_type: 'SelfReport', enabled: false, limit: 0 },
    about: (d) =>
      d['network_id'] !== OFFICE &&
      kind(d) === 'SelfReport' &&
      run(d)['type'] === 'Scheduled' &&
      run(d)['enabled'] === false,
  },
];

/** One call's answer must fit this in either channel when it is a count or names <= 20 items. */
const MAX_ANSWER_BYTES = 10_000;
const MAX_NAMED = 20;

interface Row {
  readonly size: number;
  readonly question: Question;
  readonly matches: number;
  readonly raw: number;
  readonly text: number;
  readonly structured: number;
  readonly cut: boolean;
  readonly held: boolean | undefined;
}

async function ask(size: number): Promise<Row[]> {
  const discoveries = realisticDiscoveries(size);
  const api = await startSampleApi({ apiKey: API_KEY, data: { ...sampleData(), discoveries } });
  const server = await startServer(serverEnv(api.url));
  try {
    const rows: Row[] = [];
    for (const question of QUESTIONS) {
      const about = discoveries.filter(question.about);
      const result = await callTool(server, 'list_discoveries', question.args);
      const text = Buffer.byteLength(textOf(result));
      const structured = Buffer.byteLength(JSON.stringify(result.structuredContent ?? {}));
      const targeted = question.count === true || about.length <= MAX_NAMED;
      rows.push({
        size,
        question,
        matches: about.length,
        raw: Buffer.byteLength(JSON.stringify(about)),
        text,
        structured,
        cut: result.structuredContent?.['truncated'] === true || result.isError === true,
        held: targeted
          ? !result.isError && text <= MAX_ANSWER_BYTES && structured <= MAX_ANSWER_BYTES
          : undefined,
      });
    }
    return rows;
  } finally {
    await server.close();
    await api.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The markdown table docs/performance.md carries between its questions markers. */
export function questionsTable(rows: readonly Row[]): string {
  const head = [
    '| Discoveries | Question | Call | Items | Raw items | Text | Structured | Target |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  const lines = rows.map((r) => {
    const target =
      r.held === undefined
        ? `lists ${r.matches}${r.cut ? ', cut to the budget' : ''}`
        : r.held
          ? 'held'
          : 'MISSED';
    const args = Object.entries(r.question.args)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ');
    return `| ${r.size} | ${r.question.ask} | \`${args}\` | ${r.matches} | ${kB(r.raw)} | ${kB(r.text)} | ${kB(r.structured)} | ${target} |`;
  });
  return [...head, ...lines].join('\n');
}

export let lastQuestionRows: Row[] = [];

export async function questionsBench(): Promise<BenchResult> {
  const rows = [...(await ask(137)), ...(await ask(20_000))];
  lastQuestionRows = rows;
  const targeted = rows.filter((r) => r.held !== undefined);
  const missed = targeted.filter((r) => !r.held);
  const largest = Math.max(...targeted.map((r) => Math.max(r.text, r.structured)));
  return {
    name: '11. Questions',
    figure: `${targeted.length - missed.length} of ${targeted.length} count or <= ${MAX_NAMED}-item answers in one call; largest ${kB(largest)}`,
    target: `one call of <= ${kB(MAX_ANSWER_BYTES)} in either channel, at 137 and 20,000`,
    pass: missed.length === 0,
    detail:
      missed.length === 0
        ? `${QUESTIONS.length} questions at each size`
        : `missed: ${missed.map((r) => `${r.size} ${r.question.ask}`).join('; ')}`,
  };
}

await runIfMain(import.meta.url, async () => {
  const result = await questionsBench();
  console.log(questionsTable(lastQuestionRows));
  return result;
});
