// list_discoveries: the discoveries the key can see, named and grouped by network and daemon, within the result budget.
import * as z from 'zod';
import type { NamedKind } from '../api/client.js';
import type { Names } from '../api/name-directory.js';
import { ToolMessageError } from '../errors.js';
import { VIEW_TOOL_META } from '../views/app-view.js';
import type { Place } from '../views/discovery-format.js';
import {
  type DiscoveryListView,
  discoveriesStructured,
  discoveriesText,
} from '../views/discovery-list-view.js';
import { presentWithinBudget } from '../views/result-budget.js';
import { discoveryListOutput } from '../views/shapes.js';
import { defineTool, READ_ONLY, type ToolContext } from './define-tool.js';
import { type CollectedDiscoveries, collectDiscoveries } from './discovery-pages.js';
import { resolveName } from './name-arguments.js';
import { uuid } from './uuid-argument.js';

/** Read beside every list; hosts only when a shown discovery names one (their list is heavy). */
const LIST_KINDS: readonly NamedKind[] = ['networks', 'daemons', 'tags'];

interface Args {
  readonly network_id?: string | undefined;
  readonly daemon_id?: string | undefined;
  readonly network?: string | undefined;
  readonly daemon?: string | undefined;
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
        `${argument} "${name}" is ${resolved}, not the ${argument}_id ${id} also given: pass one of them; nothing was listed.`,
      );
    }
    return resolved;
  };
  return {
    network_id: pick('networks', 'network', args.network_id, args.network),
    daemon_id: pick('daemons', 'daemon', args.daemon_id, args.daemon),
  };
}

function viewOf(
  collected: CollectedDiscoveries,
  scopeIds: Args,
  names: Names,
  place: Place,
): DiscoveryListView {
  const label = (kind: string, id: string | undefined) =>
    id === undefined ? undefined : `${kind} ${names.nameOf(id) ?? id}`;
  const scope = [label(place, scopeIds.network_id), label('daemon', scopeIds.daemon_id)];
  return {
    ...collected,
    place,
    scope: scope.filter((part): part is string => part !== undefined),
    nameOf: (id) => names.nameOf(id),
    nameNotes: names.notes,
  };
}

async function listed(args: Args & { limit: number; offset: number }, context: ToolContext) {
  const { api, signal } = context;
  const reading = context.names.read(api, LIST_KINDS, signal);
  // A rejected read is handled by whoever awaits it; this keeps Node from calling it unhandled.
  reading.catch(() => {});
  // Memoized by the client: the listing and the name lists have asked the version already.
  const place = async (): Promise<Place> =>
    (await api.service(signal)).sites ? 'site' : 'network';
  const filters = await filtersOf(args, reading, place);
  const collected = await collectDiscoveries({ ...args, ...filters }, context);
  const hosts = collected.discoveries.some((d) => d.discovery_type.host_id !== undefined);
  const names = hosts
    ? await context.names.read(api, [...LIST_KINDS, 'hosts'], signal)
    : await reading;
  return presentWithinBudget(
    viewOf(collected, filters, names, await place()),
    context.maxResultBytes,
    (view) => ({ structured: discoveriesStructured(view), text: discoveriesText(view) }),
  );
}

export const listDiscoveries = defineTool({
  name: 'list_discoveries',
  title: 'List network discoveries',
  description:
    'Discovery jobs (network, self-report and Docker scans) by network and daemon, with names: schedule, enabled state, last run. For what runs where and what is disabled or failing. Long lists are cut to a budget, with the offset to go on from.',
  inputSchema: {
    network_id: uuid().optional().describe('Network id'),
    daemon_id: uuid().optional().describe('Daemon id'),
    network: z.string().optional().describe('Network name'),
    daemon: z.string().optional().describe('Daemon name'),
    limit: z.number().int().min(0).max(1000).default(50).describe('Page size; 0 = all'),
    offset: z.number().int().min(0).max(2_147_483_647).default(0).describe('Items to skip'),
  },
  outputSchema: discoveryListOutput,
  annotations: READ_ONLY,
  meta: VIEW_TOOL_META,
  writes: false,
  handler: listed,
});
