// `npm run bench`: every performance target measured against the built dist/index.js, as one table
// printed and written into docs/performance.md (between its bench-table markers) when every target
// ran; `npm run bench -- 5 --write` puts the rows of the targets it ran in place of theirs.
import { readFileSync, writeFileSync } from 'node:fs';
import { benchSection, PERFORMANCE_PATH, replaceBetween, withBenchRows } from '../scripts/docs.js';
import { bigAnswerBench } from './big-answer.js';
import { catalogBench } from './catalog.js';
import { changesBench } from './changes.js';
import { checkEverythingBench, checkTable, lastCheckRows } from './check-everything.js';
import { connectionsBench } from './connections.js';
import { eraOverheadBench } from './era-overhead.js';
import { footprintBench } from './footprint.js';
import { httpClientMemoryBench } from './http-client-memory.js';
import {
  inventoryBench,
  inventoryTable,
  lastInventoryPeaks,
  lastInventoryRows,
} from './inventory.js';
import { machine } from './lib/machine.js';
import { type Bench, type BenchResult, formatTable } from './lib/result.js';
import { linksBench } from './links.js';
import { memoryBench } from './memory.js';
import { overheadBench } from './overhead.js';
import { lastQuestionRows, questionsBench, questionsTable } from './questions.js';
import { resultSizeBench } from './result-size.js';
import { startupBench } from './startup.js';

const BENCHES: readonly Bench[] = [
  startupBench,
  overheadBench,
  connectionsBench,
  catalogBench,
  resultSizeBench,
  bigAnswerBench,
  memoryBench,
  footprintBench,
  httpClientMemoryBench,
  questionsBench,
  inventoryBench,
  checkEverythingBench,
  // The era rows (14.) before changes, so the numbers `npm run bench -- N` takes stay those of the targets before them.
  eraOverheadBench,
  changesBench,
  linksBench,
];

/** `npm run bench -- 1 4` runs targets 1 and 4 only. */
const only = new Set(
  process.argv
    .slice(2)
    .filter((arg) => arg !== '--write')
    .map(Number)
    .filter(Number.isInteger),
);
// A number past the list would run nothing and still stamp the doc as measured again.
const unknown = [...only].filter((n) => n < 1 || n > BENCHES.length);
if (unknown.length > 0) {
  console.error(
    `bench: no bench number ${unknown.join(', ')}; the benches are 1-${BENCHES.length} in bench/run.ts' order (the 15th, links, writes the row labelled 16.)`,
  );
  process.exit(2);
}
/** With some targets only: write their rows into the doc's table, the other rows kept. */
const write = process.argv.includes('--write');

const results: BenchResult[] = [];
console.log(`Machine: ${machine()}`);
for (const [index, bench] of BENCHES.entries()) {
  if (only.size > 0 && !only.has(index + 1)) continue;
  for (const result of [await bench()].flat()) {
    console.log(`${result.pass ? 'pass' : 'FAIL'}  ${result.name}: ${result.figure}`);
    results.push(result);
  }
}
console.log(`\n${formatTable(results)}`);
if (only.size === 0) {
  // A partial run would drop the other targets' rows, so only a whole run updates the doc.
  const doc = readFileSync(PERFORMANCE_PATH, 'utf8');
  const section = benchSection(formatTable(results), new Date(), machine());
  const questions = benchSection(questionsTable(lastQuestionRows), new Date(), machine());
  const inventory = benchSection(
    inventoryTable(lastInventoryRows, lastInventoryPeaks),
    new Date(),
    machine(),
  );
  const check = benchSection(checkTable(lastCheckRows), new Date(), machine());
  const tables = { 'bench-table': section, questions, inventory, 'check-everything': check };
  writeFileSync(
    PERFORMANCE_PATH,
    Object.entries(tables).reduce(
      (text, [marker, table]) => replaceBetween(text, marker, table),
      doc,
    ),
  );
  console.log('\ndocs/performance.md: bench table rewritten');
} else if (write) {
  const doc = readFileSync(PERFORMANCE_PATH, 'utf8');
  writeFileSync(PERFORMANCE_PATH, withBenchRows(doc, results, [...only], new Date(), machine()));
  console.log('\ndocs/performance.md: the rows of these targets rewritten');
}
const failed = results.filter((result) => !result.pass);
if (failed.length > 0) {
  console.log(`\n${failed.length} target(s) missed: ${failed.map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
