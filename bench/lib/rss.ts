// Resident memory of another process: current and peak, from /proc (Linux) or ps (current only); its CPU time from /proc.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Rss {
  /** Bytes resident now. */
  readonly current: number;
  /** Highest resident bytes since the process started (Linux VmHWM), when the OS tells. */
  readonly peak: number | undefined;
}

function fromProc(pid: number): Rss | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  };
  const current = field('VmRSS');
  return current === undefined ? undefined : { current, peak: field('VmHWM') };
}

export function rssOf(pid: number): Rss {
  const proc = fromProc(pid);
  if (proc) return proc;
  const kilobytes = Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  );
  return { current: kilobytes * 1024, peak: undefined };
}

/** Samples the current RSS every few milliseconds until stopped: the peak where the OS keeps none. */
export function watchPeak(pid: number, everyMs = 5): { stop(): number } {
  let peak = 0;
  const sample = () => {
    try {
      const rss = rssOf(pid);
      peak = Math.max(peak, rss.peak ?? 0, rss.current);
    } catch {}
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** CPU milliseconds (user + system) another process has used so far, from /proc (Linux; NaN elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name; ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
