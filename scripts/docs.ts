// Regenerates the docs' tables from the live definitions (`npm run docs`): README tools and settings, docs/testing.md tests.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchResult, mergeRows } from '../bench/lib/result.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';
import type { AnyToolDefinition } from '../src/tools/define-tool.js';
import { envSettings } from './env-settings.js';
import { toolListing } from './tool-listing.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const README_PATH = join(ROOT, 'README.md');
export const TESTING_PATH = join(ROOT, 'docs', 'testing.md');
/** `npm run bench` writes its table here (bench/run.ts); `npm run docs` leaves it alone. */
export const PERFORMANCE_PATH = join(ROOT, 'docs', 'performance.md');
const TEST_DIR = join(ROOT, 'test');

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly default?: unknown;
  readonly description?: string;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

/** Table cells hold no pipes or line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

const SAMPLE_UUID = '0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f';

/** Ids may be declared by pattern alone (a short pattern keeps the catalog small). */
function isUuidPattern(pattern: string | undefined): boolean {
  if (!pattern) return false;
  const regex = new RegExp(pattern);
  return regex.test(SAMPLE_UUID) && !regex.test('office') && !regex.test(`${SAMPLE_UUID}0`);
}

function typeOf(schema: JsonSchema): string {
  // A list of types (`fields`: a comma string or a list of strings), each said as alone.
  if (Array.isArray(schema.type)) {
    return schema.type.map((type: string) => typeOf({ ...schema, type })).join(' or ');
  }
  if (schema.enum) return schema.enum.map((value) => `\`${String(value)}\``).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (schema.format === 'uuid' || isUuidPattern(schema.pattern)) return 'UUID';
  if (schema.type === 'integer' && schema.minimum !== undefined) {
    const max = schema.maximum !== undefined && schema.maximum < 2_147_483_647;
    return max ? `integer ${schema.minimum}..${schema.maximum}` : `integer >= ${schema.minimum}`;
  }
  if (schema.type === 'string' && schema.maxLength !== undefined) {
    return schema.minLength
      ? `string ${schema.minLength}..${schema.maxLength} chars`
      : `string up to ${schema.maxLength} chars`;
  }
  return typeof schema.type === 'string' ? schema.type : 'any';
}

/** The inputs as clients see them in tools/list (the conversion `npm run listing` makes). */
function inputsOf(tool: AnyToolDefinition): string {
  const schema = toolListing([tool])[0]?.inputSchema as JsonSchema;
  const required = new Set(schema.required ?? []);
  const inputs = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const facts = [
      typeOf(property),
      required.has(name) ? 'required' : 'optional',
      property.default !== undefined ? `default ${JSON.stringify(property.default)}` : undefined,
    ].filter(Boolean);
    return `\`${name}\` (${facts.join(', ')})${property.description ? `: ${property.description}` : ''}`;
  });
  return inputs.length > 0 ? inputs.join('<br>') : 'none';
}

function kindOf(tool: AnyToolDefinition): string {
  const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
  if (readOnlyHint) return 'read-only';
  return [
    'writes',
    destructiveHint ? 'destructive' : 'not destructive',
    idempotentHint ? 'idempotent' : undefined,
    'asks the user first',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The tools a model is offered; the app-only Confirm button is the view's, not the model's. */
const MODEL_TOOLS = ALL_TOOLS.filter((tool) => !tool.appOnly);

export function toolsTable(tools: readonly AnyToolDefinition[] = MODEL_TOOLS): string {
  const rows = tools.map(
    (tool) =>
      `| \`${tool.name}\` | ${cell(tool.title)} | ${cell(kindOf(tool))} | ${cell(inputsOf(tool))} |`,
  );
  return ['| Tool | Title | Kind | Inputs |', '|---|---|---|---|', ...rows].join('\n');
}

export function configTable(): string {
  const rows = envSettings().map(
    ({ name, meaning, required, secret }) =>
      `| \`${name}\` | ${required ? 'yes' : 'no'} | ${secret ? 'yes' : 'no'} | ${cell(meaning)} |`,
  );
  return ['| Variable | Required | Secret | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** What a test file covers: its leading comment lines (every file opens with one). */
function purposeOf(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, ''));
  }
  return lines.join(' ').trim();
}

/** One row per test file, from its header comment, so the table cannot fall behind the suite. */
export function testsTable(dir: string = TEST_DIR): string {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
  const rows = files.map(
    (name) => `| \`test/${name}\` | ${cell(purposeOf(readFileSync(join(dir, name), 'utf8')))} |`,
  );
  return ['| File | Covers |', '|---|---|', ...rows].join('\n');
}

/** `text` with what lies between `<!-- marker:start -->` and `<!-- marker:end -->` replaced. */
export function replaceBetween(text: string, marker: string, content: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) {
    throw new Error(`the document lacks the ${start} ... ${end} markers`);
  }
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

/** The README with its generated tables (tools, settings) brought up to date; everything else untouched. */
export function renderReadme(readme: string): string {
  const tables: [string, string][] = [
    ['tools-table', toolsTable()],
    ['config-table', configTable()],
  ];
  return tables.reduce((text, [marker, table]) => replaceBetween(text, marker, table), readme);
}

/** docs/testing.md with its table of test files brought up to date. */
export function renderTesting(testing: string): string {
  return replaceBetween(testing, 'tests-table', testsTable());
}

const stampOf = (when: Date) => `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What `npm run bench` writes between the bench-table markers of docs/performance.md. */
export function benchSection(table: string, when: Date, machine: string): string {
  return `Measured by \`npm run bench\` on ${stampOf(when)}: ${machine}.\n\n${table}`;
}

/**
 * docs/performance.md after `npm run bench -- 5 --write`: the rows of the targets run put in place
 * of theirs, and a line under the stamp saying which were measured again, when and where (the
 * other rows keep the stamp of their run).
 */
export function withBenchRows(
  doc: string,
  results: readonly BenchResult[],
  targets: readonly number[],
  when: Date,
  machine: string,
): string {
  const start = '<!-- bench-table:start -->';
  const section = doc.slice(
    doc.indexOf(start) + start.length,
    doc.indexOf('<!-- bench-table:end -->'),
  );
  const lines = section.trim().split('\n');
  const [stamp = '', ...notes] = lines.filter((line) => line !== '' && !line.startsWith('|'));
  const list = [...targets].sort((a, b) => a - b);
  const run = `${list.length === 1 ? 'Target' : 'Targets'} ${list.join(', ')} measured again by \`npm run bench -- ${list.join(' ')} --write\` on `;
  // The same targets measured again: the newer line stands for them.
  const others = notes.filter((note) => !note.startsWith(run));
  const table = mergeRows(lines.filter((line) => line.startsWith('|')).join('\n'), results);
  const again = `${run}${stampOf(when)}: ${machine}.`;
  return replaceBetween(doc, 'bench-table', [stamp, ...others, again, '', table].join('\n'));
}

/** Every document with generated tables, and how to bring it up to date. */
export const GENERATED_DOCS: readonly { path: string; render: (text: string) => string }[] = [
  { path: README_PATH, render: renderReadme },
  { path: TESTING_PATH, render: renderTesting },
];

function main(argv: readonly string[]): void {
  for (const { path, render } of GENERATED_DOCS) {
    const name = relative(ROOT, path);
    const current = readFileSync(path, 'utf8');
    const next = render(current);
    if (argv.includes('--check')) {
      if (next !== current) {
        console.error(`${name} tables are out of date: run npm run docs`);
        process.exitCode = 1;
      }
      continue;
    }
    if (next !== current) writeFileSync(path, next);
    console.error(next === current ? `${name} is up to date` : `${name} tables regenerated`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2));
}
