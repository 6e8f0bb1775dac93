// list_discoveries' question filters from its arguments: the tag resolved by name, described for people, sent where the service can apply them.
import type { Names } from '../../api/name-directory.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { serviceText } from '../../safety/sanitize.js';
import { describeWindow, isZone, parseTimeWindow } from '../../views/common/time-window.js';
import { said } from '../../views/discoveries/discovery-format.js';
import {
  DEFAULT_ZONE,
  loadScheduleClock,
  type RunsAt,
} from '../../views/discoveries/discovery-schedule.js';
import { resolveName } from '../common/name-arguments.js';
import { isUuid } from '../common/uuid-argument.js';
import type { ToolContext } from '../define-tool.js';
import {
  type DiscoveryFilters,
  type FilterArguments,
  normalizeFilters,
  serviceQuery,
} from './discovery-filters.js';
import type { Filtering } from './discovery-pages.js';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_WORDS: Readonly<Record<string, readonly number[]>> = {
  daily: [0, 1, 2, 3, 4, 5, 6],
  weekdays: [1, 2, 3, 4, 5],
  weekends: [0, 6],
};
const refuse = (text: string) => new ToolMessageError(`${text} Nothing was listed.`);

/** "Mon-Fri", "Sat,Sun", "weekdays", "daily": weekday numbers, 0 = Sunday. */
function daysOf(text: string): number[] {
  const words = DAY_WORDS[text.trim().toLowerCase()];
  if (words) return [...words];
  const day = (name: string) => WEEKDAYS.indexOf(name.trim().slice(0, 3).toLowerCase());
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from = '', to, ...rest] = part.split('-');
    const a = day(from);
    const b = to === undefined ? a : day(to);
    if (a < 0 || b < 0 || rest.length > 0) {
      throw refuse(
        `days ${quote(text, 60)} is not a list of weekdays: give Mon-Fri, Sat,Sun, weekdays, weekends or daily.`,
      );
    }
    for (let d = a; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === b) break;
    }
  }
  return [...days].sort();
}

function zoneOf(zone: string | undefined): string {
  if (zone === undefined) return DEFAULT_ZONE;
  if (!isZone(zone.trim())) {
    throw refuse(
      `zone ${quote(zone, 64)} is not a time zone: give an IANA name such as Europe/Paris, America/New_York or UTC.`,
    );
  }
  return zone.trim();
}

function runsAtOf(args: FilterArguments, zone: string): RunsAt | undefined {
  if (args.runs_at === undefined) {
    if (args.days !== undefined)
      throw refuse('days goes with runs_at (the local time on those days).');
    return undefined;
  }
  const time = /^(\d{1,2}):(\d{2})$/.exec(args.runs_at.trim());
  const hour = Number(time?.[1]);
  const minute = Number(time?.[2]);
  if (!time || hour > 23 || minute > 59) {
    throw refuse(
      `runs_at ${quote(args.runs_at, 40)} is not a time of day: give HH:MM, such as 03:00.`,
    );
  }
  const days = args.days === undefined ? (DAY_WORDS['daily'] ?? []) : daysOf(args.days);
  return { minuteOfDay: hour * 60 + minute, days, zone };
}

/** The question filters, the tag resolved by name like networks and daemons (an id passes as is). */
export async function questionFilters(args: FilterArguments, reading: Promise<Names>, now: number) {
  const tag =
    args.tag === undefined || isUuid(args.tag)
      ? args.tag?.toLowerCase()
      : resolveName(await reading, 'tags', 'tag', args.tag);
  const zone = zoneOf(args.zone);
  const runsAt = runsAtOf(args, zone);
  const window = (argument: string, text: string | undefined, bare: 'past' | 'future') =>
    text === undefined ? undefined : parseTimeWindow(argument, text, { zone, now, bare });
  const nextRun = window('next_run', args.next_run, 'future');
  const finished = window('finished', args.finished, 'past');
  // croner is loaded only for a question about when jobs run.
  const clock = runsAt || nextRun ? { cron: await loadScheduleClock(), now } : undefined;
  return normalizeFilters({
    tag_id: tag,
    discovery_type: args.discovery_type,
    run_type: args.run_type,
    enabled: args.enabled,
    last_run: args.last_run,
    search: args.search,
    runs_at: runsAt,
    next_run: nextRun,
    finished,
    clock,
  });
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "runs_at 03:00 Europe/Paris every day" / "... on Mon, Fri". */
function describeRunsAt(runsAt: RunsAt): string {
  const days =
    runsAt.days.length === 7
      ? 'every day'
      : `on ${runsAt.days.map((d) => DAY_NAMES[d]).join(', ')}`;
  return `runs_at ${hhmm(runsAt.minuteOfDay)} ${runsAt.zone} ${days}`;
}

/** "tag core, run_type Scheduled, search "lan"": the filters as a person reads them. */
function describeFilters(filters: DiscoveryFilters, names: Names): string {
  const parts: string[] = [];
  if (filters.tag_id !== undefined)
    parts.push(`tag ${said(names.nameOf(filters.tag_id) ?? filters.tag_id)}`);
  if (filters.discovery_type !== undefined)
    parts.push(`discovery_type ${serviceText(filters.discovery_type, 40)}`);
  if (filters.run_type !== undefined) parts.push(`run_type ${serviceText(filters.run_type, 40)}`);
  if (filters.enabled !== undefined) parts.push(`enabled ${filters.enabled}`);
  if (filters.last_run !== undefined) parts.push(`last_run ${filters.last_run}`);
  if (filters.search !== undefined) parts.push(`search ${said(serviceText(filters.search, 100))}`);
  if (filters.runs_at !== undefined) parts.push(describeRunsAt(filters.runs_at));
  if (filters.next_run !== undefined) parts.push(`next_run ${describeWindow(filters.next_run)}`);
  if (filters.finished !== undefined) parts.push(`finished ${describeWindow(filters.finished)}`);
  return parts.join(', ');
}

/** The filtering of one call: the local test, and what this version's service can apply itself. */
export async function filteringOf(
  filters: DiscoveryFilters,
  reading: Promise<Names>,
  context: Pick<ToolContext, 'api' | 'signal'>,
): Promise<Filtering> {
  const offered = (await context.api.service(context.signal)).discoveryFilters;
  return {
    filters,
    described: describeFilters(filters, await reading),
    service: offered ? serviceQuery(filters) : { query: {}, applied: [] },
  };
}
