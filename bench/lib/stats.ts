// Order statistics for timing samples, and the machine's load to note beside them.
import { readFileSync } from 'node:fs';

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Milliseconds since `start` (from process.hrtime.bigint()). */
export const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** The 1, 5 and 15 minute load averages (Linux), to note beside a figure on a shared machine. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
