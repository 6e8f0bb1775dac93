// What every bench script reports: one row of the table, and a way to run the script on its own.
import { pathToFileURL } from 'node:url';

export interface BenchResult {
  /** The target's number and name, e.g. "1. Start-up". */
  readonly name: string;
  /** What was measured, with its unit. */
  readonly figure: string;
  /** The target it is held to. */
  readonly target: string;
  readonly pass: boolean;
  /** Context: the raw numbers behind a ratio, counts, sizes. */
  readonly detail?: string;
}

/** One row, or several when one measurement answers several targets (start-up, footprint). */
export type Bench = () => Promise<BenchResult | readonly BenchResult[]>;

/** A markdown table with padded columns (the layout Biome gives the README). */
export function formatTable(results: readonly BenchResult[]): string {
  const rows = [
    ['Target', 'Figure', 'Held to', 'Result', 'Detail'],
    ...results.map((r) => [r.name, r.figure, r.target, r.pass ? 'pass' : 'FAIL', r.detail ?? '']),
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join(' | ')} |`;
  const rule = line(widths?.map((width) => '-'.repeat(width)) ?? []);
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

/** Runs `bench` when its file is executed directly (`npx tsx bench/startup.ts`). */
export async function runIfMain(moduleUrl: string, bench: Bench): Promise<void> {
  if (process.argv[1] === undefined || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  const results = [await bench()].flat();
  console.log(formatTable(results));
  if (results.some((result) => !result.pass)) process.exitCode = 1;
}

/** A target's number, from its row's name: "1b. Start-up vs SDK" is target 1's. */
const targetOf = (name: string) => Number.parseInt(name, 10);

/**
 * A table formatTable wrote, with the rows of the targets `results` measured put in place of
 * theirs; a target the table did not have yet takes its place by number. Every other line is kept
 * as it was written, in its order.
 */
export function mergeRows(table: string, results: readonly BenchResult[]): string {
  const measured = new Set(results.map((r) => targetOf(r.name)));
  const [head = '', rule = '', ...body] = table.split('\n');
  // A body row's first cell is its target's name: "| 5. Result size   | ...".
  const rowTarget = (line: string) => targetOf(line.replace(/^\|\s*/, ''));
  const rows = results.map(
    (r) =>
      `| ${[r.name, r.figure, r.target, r.pass ? 'pass' : 'FAIL', r.detail ?? ''].join(' | ')} |`,
  );
  const kept = body.filter((line) => !measured.has(rowTarget(line)));
  // Stable: rows of one target (2. on each version) keep the order they were measured in.
  const merged = [...kept, ...rows].sort((a, b) => rowTarget(a) - rowTarget(b));
  return [head, rule, ...merged].join('\n');
}
