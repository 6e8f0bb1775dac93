// Order statistics for timing samples.

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
