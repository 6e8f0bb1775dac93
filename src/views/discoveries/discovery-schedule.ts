// When scheduled jobs run: next runs and local-time questions from cron + time zone, through croner, imported on first use (off the start-up path).
import { scheduleWordsKey } from '../common/app-meta.js';
import { pairKey } from '../common/pair-key.js';
import { isUtc, wallClock, zonedInstant } from '../common/time-window.js';

/** Scanopy reads a schedule without a time zone as UTC (RunType.timezone: "None = UTC"). */
export const DEFAULT_ZONE = 'UTC';

/*
 * croner reads a schedule in a named zone through Intl.DateTimeFormat, whose first use loads ICU's
 * locale data: 8.6 MiB resident for the process's life (a bare Node process: 40.7 -> 49.3 MiB),
 * where a fixed offset of 0 is plain arithmetic (+0.7 MiB) with the same runs. Scanopy's own default
 * is UTC, so most lists never need ICU.
 */
/** croner's options for a zone: a fixed offset of 0 for UTC, the zone by name otherwise. */
export const cronerZone = (zone: string | undefined) =>
  zone === undefined || isUtc(zone) ? { utcOffset: 0 } : { timezone: zone };

const scheduleKeys = pairKey(2_000, scheduleWordsKey);
/** A schedule's cron and zone (UTC where none is given) as one key, the same string for a pair. */
export const scheduleKeyOf = (cron: string, zone: string | undefined) =>
  scheduleKeys(cron, zone ?? DEFAULT_ZONE);

/** "Runs at HH:MM in `zone` on these weekdays (0 = Sunday)". */
export interface RunsAt {
  readonly minuteOfDay: number;
  readonly days: readonly number[];
  readonly zone: string;
}

export interface ScheduleClock {
  /** The first run strictly after `after` (epoch ms); undefined when the schedule cannot be read. */
  next(cron: string, zone: string | undefined, after: number): number | undefined;
  /** Whether the job runs at that local time on each of those weekdays in the week from `now`. */
  runsAt(cron: string, zone: string | undefined, question: RunsAt, now: number): boolean;
  /** Whether croner can read the schedule in its zone. */
  readable(cron: string, zone: string | undefined): boolean;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

type Croner = typeof import('croner');
let loading: Promise<ScheduleClock> | undefined;

/** croner, loaded once: a list with no schedule never pays for it. */
export function loadScheduleClock(): Promise<ScheduleClock> {
  loading ??= import('croner').then(clockOf);
  return loading;
}

/**
 * croner jobs held at once. Each holds croner's year table (10,000 entries, ~78 KB on Node 20): the
 * 2,000 jobs this clock once held kept 159.8 MiB, and a page of 50 ~2.9 MiB (a heap snapshot
 * after 200 calls, docs/performance.md). Next runs and readability are remembered apart, small.
 */
const MAX_JOBS = 4;
/** Schedules whose readability (and next run) is remembered: many, each a few bytes. */
const MAX_REMEMBERED = 2_000;

function clockOf({ Cron }: Croner): ScheduleClock {
  type Job = InstanceType<typeof Cron>;
  /** The most recently used jobs, oldest first (a Map keeps insertion order). */
  const jobs = new Map<string, Job>();
  const readable = new Map<string, boolean>();
  const answers = new Map<string, boolean>();
  const jobOf = (cron: string, zone: string | undefined): Job | null => {
    const key = scheduleKeyOf(cron, zone);
    const held = jobs.get(key);
    if (held) {
      jobs.delete(key);
      jobs.set(key, held);
      return held;
    }
    if (readable.get(key) === false) return null;
    let job: Job | null;
    try {
      job = new Cron(cron, { ...cronerZone(zone), paused: true });
      job.nextRun(new Date(0));
    } catch {
      job = null;
    }
    if (readable.size >= MAX_REMEMBERED) readable.clear();
    readable.set(key, job !== null);
    if (job) {
      jobs.set(key, job);
      if (jobs.size > MAX_JOBS) jobs.delete(jobs.keys().next().value as string);
    }
    return job;
  };
  // The last next run found per schedule, with the moment it was asked from. A run is the first one
  // strictly after a moment, so for any moment from `from` up to (not including) `at` it is the same
  // run: a list asked again before that run needs no croner walk (its search was ~18% of the CPU a
  // warm list_discoveries of 50 took, docs/performance.md).
  const found = new Map<string, { readonly from: number; readonly at: number }>();
  const next = (cron: string, zone: string | undefined, after: number) => {
    const key = scheduleKeyOf(cron, zone);
    const known = found.get(key);
    if (known && after >= known.from && after < known.at) return known.at;
    const job = jobOf(cron, zone);
    if (!job) return undefined;
    let at: number | undefined;
    try {
      at = job.nextRun(new Date(after))?.getTime();
    } catch {
      return undefined;
    }
    if (at !== undefined && at > after) {
      if (found.size > MAX_REMEMBERED) found.clear();
      found.set(key, { from: after, at });
    }
    return at;
  };
  return {
    next,
    readable: (cron, zone) => readable.get(scheduleKeyOf(cron, zone)) ?? jobOf(cron, zone) !== null,
    runsAt(cron, zone, question, now) {
      // The same question over the same week has one answer: asked once per schedule and day.
      const today = wallClock(now, question.zone);
      const key = `${cron}\n${zone}\n${question.minuteOfDay}\n${question.days.join()}\n${question.zone}\n${today.year}-${today.month}-${today.day}`;
      const known = answers.get(key);
      if (known !== undefined) return known;
      let runs = true;
      for (let k = 0; k < 7 && runs; k++) {
        const day = wallClock(now + k * DAY_MS, question.zone);
        if (!question.days.includes(day.weekday)) continue;
        const at = zonedInstant(
          {
            year: day.year,
            month: day.month,
            day: day.day,
            hour: Math.floor(question.minuteOfDay / 60),
            minute: question.minuteOfDay % 60,
          },
          question.zone,
        );
        const run = next(cron, zone, at - 1);
        runs = run !== undefined && run < at + MINUTE_MS;
      }
      if (answers.size > 5_000) answers.clear();
      answers.set(key, runs);
      return runs;
    },
  };
}
