// list_discoveries: the discoveries the key can see, named and grouped by network and daemon, within the result budget.
import * as z from 'zod';
import type { NamedKind } from '../api/client.js';
import { profileFor } from '../api/families/service-profile.js';
import type { Names } from '../api/name-directory.js';
import { ToolMessageError } from '../errors.js';
import { quote } from '../safety/quote.js';
import { VIEW_TOOL_META } from '../views/common/app-view.js';
import { presentWithinBudget } from '../views/common/result-budget.js';
import { discoveryListOutput } from '../views/common/shapes.js';
import { DISCOVERY_FIELDS, type DiscoveryField } from '../views/discoveries/discovery-columns.js';
import { discoveryCompactResult } from '../views/discoveries/discovery-compact-view.js';
import { countsStructured, countsText } from '../views/discoveries/discovery-counts-view.js';
import { type Place, said } from '../views/discoveries/discovery-format.js';
import {
  type DiscoveryListView,
  discoveriesStructured,
  discoveriesText,
} from '../views/discoveries/discovery-list-view.js';
import { type Existing, emptyProof } from '../views/discoveries/empty-answer.js';
import { loadScheduleWords, type ScheduleWords } from '../views/discoveries/schedule-words.js';
import { scheduleWordsMeta } from '../views/discoveries/schedule-words-meta.js';
import { type FieldsValue, fieldsArgument, parseFields } from './common/fields-argument.js';
import { freeText } from './common/free-text.js';
import { resolveName } from './common/name-arguments.js';
import { uuid } from './common/uuid-argument.js';
import { defineTool, READ_ONLY, type ToolContext } from './define-tool.js';
import { countDiscoveries } from './discoveries/discovery-counts.js';
import {
  type DiscoveryFilters,
  type FilterArguments,
  hasFilters,
  LAST_RUN_VALUES,
} from './discoveries/discovery-filters.js';
import { type CollectedDiscoveries, collectDiscoveries } from './discoveries/discovery-pages.js';
import { filteringOf, questionFilters } from './discoveries/question-filters.js';
import { outcomeLinker } from './discoveries/run-outcomes.js';

/** Read beside every list; hosts only when a shown discovery names one (their list is heavy). */
const LIST_KINDS: readonly NamedKind[] = ['networks', 'daemons', 'tags'];

interface Args extends FilterArguments {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly network?: string | undefined;
  readonly daemon?: string | undefined;
  readonly counts_only?: boolean | undefined;
  readonly fields?: FieldsValue | undefined;
}

/** The columns asked, read before anything is asked of the service. */
function fieldsOf(args: Args): DiscoveryField[] | undefined {
  if (args.fields === undefined) return undefined;
  if (args.counts_only) {
    throw new ToolMessageError(
      'fields lists discoveries, counts_only counts them: pass one. Nothing was listed.',
    );
  }
  return parseFields(args.fields, DISCOVERY_FIELDS) as DiscoveryField[];
}

/** The id filters, names resolved first: nothing reaches the discovery endpoint for a bad name. */
async function filtersOf(args: Args, reading: Promise<Names>, place: () => Promise<Place>) {
  if (args.network === undefined && args.daemon === undefined) {
    return { network_id: args.network_id, daemon_id: args.daemon_id };
  }
  const names = await reading;
  const networkNoun = (await place()) === 'site' ? { one: 'site', many: 'sites' } : undefined;
  const pick = (kind: NamedKind, argument: 'network' | 'daemon', id?: string, name?: string) => {
    if (name === undefined) return id;
    const noun = kind === 'networks' ? networkNoun : undefined;
    const resolved = resolveName(names, kind, argument, name, noun);
    if (id !== undefined && id !== resolved) {
      throw new ToolMessageError(
        `${argument} ${quote(name, 100)} is ${resolved}, not the ${argument}_id ${id} also given: pass one of them; nothing was listed.`,
      );
    }
    return resolved;
  };
  return {
    network_id: pick('networks', 'network', args.network_id, args.network),
    daemon_id: pick('daemons', 'daemon', args.daemon_id, args.daemon),
  };
}

/** Cron words only when a schedule is shown: cronstrue stays off every other path. */
const noSchedules: ScheduleWords = (cron) => cron;

function viewOf(
  collected: CollectedDiscoveries,
  scopeIds: Args,
  names: Names,
  place: Place,
  extra: Pick<DiscoveryListView, 'scheduleWords' | 'outcomes'> = { scheduleWords: noSchedules },
): DiscoveryListView {
  const label = (kind: string, id: string | undefined) => {
    const name = id === undefined ? undefined : names.nameOf(id);
    return id === undefined ? undefined : `${kind} ${name === undefined ? id : said(name)}`;
  };
  const scope = [label(place, scopeIds.network_id), label('daemon', scopeIds.daemon_id)];
  return {
    ...collected,
    place,
    scope: scope.filter((part): part is string => part !== undefined),
    nameOf: (id) => names.nameOf(id),
    nameNotes: names.notes,
    ...extra,
  };
}

const EMPTY: CollectedDiscoveries = {
  discoveries: [],
  pagination: { total_count: 0, limit: 0, offset: 0, has_more: false },
  skipped: 0,
  outsideFilter: 0,
};

/** What an empty answer searched, and what exists: the tag, the network, the daemon, with ids. */
function emptyProofOf(
  collected: CollectedDiscoveries,
  scope: Args,
  question: DiscoveryFilters,
  names: Names,
  place: Place,
): string | undefined {
  const report = collected.filtering;
  const inScope = report ? report.inScope : collected.pagination.total_count;
  const known: Existing[] = [];
  const named = (kind: string, id: string | undefined, carried?: Existing['carried']) => {
    if (id !== undefined)
      known.push({ kind, name: names.nameOf(id), id, ...(carried ? { carried } : {}) });
  };
  const holds = { count: inScope, what: 'discoveries' };
  named(place, scope.network_id, holds);
  named('daemon', scope.daemon_id, scope.network_id === undefined ? holds : undefined);
  if (question.tag_id !== undefined) {
    const tagged = {
      count: report?.tagged ?? 0,
      of: report?.scanned ?? 0,
      what: 'discoveries read',
    };
    if (names.nameOf(question.tag_id) !== undefined) named('tag', question.tag_id, tagged);
  }
  if (!report && known.length === 0) return undefined;
  const searched = [
    ...viewOf(EMPTY, scope, names, place).scope,
    ...(report ? [report.described] : []),
  ].join(', ');
  const tagUnknown =
    question.tag_id !== undefined &&
    names.nameOf(question.tag_id) === undefined &&
    names.list('tags')
      ? [`No tag has the id ${question.tag_id}.`]
      : [];
  const proof = emptyProof(
    searched || 'the listing',
    report?.scanned ?? inScope,
    report?.complete ?? true,
    known,
  );
  return [proof, ...tagUnknown].join(' ');
}

/** Whether jobs carry their runs' outcomes, by the version the listing reported (no request). */
function outcomesOf(version: string | undefined) {
  if (version === undefined) return {};
  const linked = profileFor(version).runRecordsNameJobs;
  return { outcomes: linked ? ('linked' as const) : ('records-only' as const) };
}

async function listed(args: Args & { limit: number; offset: number }, context: ToolContext) {
  const { api, signal } = context;
  const fields = fieldsOf(args);
  const reading = context.names.read(api, LIST_KINDS, signal);
  // A rejected read is handled by whoever awaits it; this keeps Node from calling it unhandled.
  reading.catch(() => {});
  // Memoized by the client: the listing and the name lists have asked the version already.
  const place = async (): Promise<Place> =>
    (await api.service(signal)).sites ? 'site' : 'network';
  const filters = await filtersOf(args, reading, place);
  const question = await questionFilters(args, reading, context.now());
  const link = outcomeLinker(context);
  const filtering = hasFilters(question)
    ? { ...(await filteringOf(question, reading, context)), prepare: link }
    : undefined;
  if (args.counts_only) {
    const names = await reading;
    const view = await countDiscoveries(filters, filtering, link, names, await place(), context);
    const scope = viewOf(EMPTY, filters, names, await place()).scope;
    const described = [...scope, ...(view.described ? [view.described] : [])].join(', ');
    const scoped = described === '' ? view : { ...view, described };
    return { structured: countsStructured(scoped), text: countsText(scoped) };
  }
  const collected = await collectDiscoveries(
    { ...args, ...filters, compact: fields !== undefined },
    context,
    filtering,
  );
  if (!filtering) await link(collected.discoveries);
  // Only the hosts this page names are asked for (narrowed-host-names.ts), not the host list.
  const hostIds = collected.discoveries.flatMap((d) => d.discovery_type.host_id ?? []);
  const names =
    hostIds.length > 0 ? await context.names.read(api, LIST_KINDS, signal, hostIds) : await reading;
  const scheduled = collected.discoveries.some((d) => d.run_type.cron_schedule !== undefined);
  const scheduleWords = scheduled ? await loadScheduleWords(context.now()) : noSchedules;
  const where = await place();
  const proof =
    collected.discoveries.length === 0 && collected.pagination.offset === 0
      ? emptyProofOf(collected, filters, question, names, where)
      : undefined;
  const view = viewOf(collected, filters, names, where, {
    scheduleWords,
    ...outcomesOf(api.serverVersion()),
    ...(proof ? { proof } : {}),
  });
  if (fields) return discoveryCompactResult(view, fields, context.maxResultBytes);
  return presentWithinBudget(view, context.maxResultBytes, (view) => {
    // The view's words for the kept page's schedules: in `_meta`, outside the budget's channels.
    const meta = scheduleWordsMeta(view.discoveries, view.scheduleWords);
    return {
      structured: discoveriesStructured(view),
      text: discoveriesText(view),
      ...(meta ? { meta } : {}),
    };
  });
}

export const listDiscoveries = defineTool({
  name: 'list_discoveries',
  title: 'List network discoveries',
  description:
    "Discovery (scan) jobs by network (site) and daemon. discovery_type: Network, SelfReport, Docker, Unified, Rescan. run_type: Scheduled, AdHoc, Historical = run record (a past run, not a job). last_run: a job's latest outcome (a record's own). When jobs run: runs_at (+days, zone), next_run; finished: when runs ended. To check an answer against all: fields (e.g. name,enabled), limit 0. Filters combine; offsets count matches. Quoted names are service data.",
  inputSchema: {
    network_id: uuid().optional().describe('Network id'),
    daemon_id: uuid().optional().describe('Daemon id'),
    network: freeText().optional().describe('Name'),
    daemon: freeText().optional().describe('Name'),
    tag: freeText().optional().describe('Name or id'),
    discovery_type: freeText().optional().describe('e.g. Docker'),
    run_type: freeText().optional().describe('e.g. Scheduled'),
    enabled: z.boolean().optional().describe('Schedule on'),
    last_run: z.enum(LAST_RUN_VALUES).optional().describe('Latest'),
    search: freeText().optional().describe('In name'),
    runs_at: freeText().optional().describe('HH:MM local'),
    days: freeText().optional().describe('e.g. Mon-Fri'),
    zone: freeText().optional().describe('IANA; default UTC'),
    next_run: freeText().optional().describe('ISO a/b or PT6H'),
    finished: freeText().optional().describe('ISO a/b or P7D'),
    counts_only: z.boolean().optional().describe('No items'),
    fields: fieldsArgument(),
    limit: z.number().int().min(0).max(1000).default(50).describe('0 = all'),
    offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Skip'),
  },
  outputSchema: discoveryListOutput,
  annotations: READ_ONLY,
  meta: VIEW_TOOL_META,
  writes: false,
  handler: listed,
});
