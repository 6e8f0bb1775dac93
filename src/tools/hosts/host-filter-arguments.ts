// list_hosts' filter arguments resolved to ids and tests: names by the rules every tool uses, dates and IPs read strictly.
import type { Named, NamedKind } from '../../api/client.js';
import type { Names } from '../../api/name-directory.js';
import { ToolMessageError } from '../../errors.js';
import { quote } from '../../safety/quote.js';
import { instantOf } from '../common/date-argument.js';
import { resolveName } from '../common/name-arguments.js';
import { isUuid } from '../common/uuid-argument.js';
import type { HostListArguments } from './host-arguments.js';
import { foundByOf } from './host-discovery-links.js';
import { type HostFilters, prepareSearch } from './host-filters.js';
import type { HostWorld } from './host-world.js';
import { ipTest } from './ip-range.js';

/** A list of this call's own (credentials, discoveries) in the shape resolveName reads. */
function namesOver(list: readonly Named[] | undefined, failure: string): Names {
  return {
    nameOf: (id) => list?.find((item) => item.id === id)?.name,
    unseen: () => false,
    list: () => list,
    failure: () => (list ? undefined : failure),
    notes: [],
  };
}

/** A name among `list` (exact, else one case-insensitive match), or an id as given. */
export function resolveAmong(
  list: readonly Named[] | undefined,
  argument: string,
  value: string,
  noun: { one: string; many: string },
): string {
  if (isUuid(value)) return value.toLowerCase();
  const names = namesOver(list, `the ${noun.many} could not be listed.`);
  // The kind is not read by resolveName beyond these names: any stands in.
  return resolveName(names, 'hosts' as NamedKind, argument, value, noun);
}

export function resolveHostFilters(args: HostListArguments, world: HostWorld): HostFilters {
  const networkNoun =
    world.place === 'site' ? { one: 'site', many: 'sites' } : { one: 'network', many: 'networks' };
  let network_id = args.network_id?.toLowerCase();
  if (args.network !== undefined) {
    const resolved = resolveName(world.names, 'networks', 'network', args.network, networkNoun);
    if (network_id !== undefined && network_id !== resolved) {
      throw new ToolMessageError(
        `network ${quote(args.network, 100)} is ${resolved}, not the network_id ${network_id} also given: pass one of them; nothing was listed.`,
      );
    }
    network_id = resolved;
  }
  const tag_id =
    args.tag === undefined
      ? undefined
      : isUuid(args.tag)
        ? args.tag.toLowerCase()
        : resolveName(world.names, 'tags', 'tag', args.tag);
  const snmp =
    args.snmp_credential === undefined
      ? undefined
      : args.snmp_credential.trim().toLowerCase() === 'none'
        ? 'none'
        : resolveAmong(world.credentials, 'snmp_credential', args.snmp_credential, {
            one: 'SNMP credential',
            many: 'SNMP credentials',
          });
  const foundBy =
    args.found_by === undefined
      ? undefined
      : resolveAmong(world.discoveryNames, 'found_by', args.found_by, {
          one: 'discovery',
          many: 'discoveries',
        });
  return {
    network_id,
    network_argument:
      args.network !== undefined ? 'network' : args.network_id ? 'network_id' : undefined,
    tag_id,
    search:
      args.search === undefined || args.search.trim() === ''
        ? undefined
        : prepareSearch(args.search),
    ip: args.ip === undefined ? undefined : { text: args.ip, test: ipTest(args.ip) },
    service: args.service,
    port: args.port,
    found_by:
      foundBy === undefined
        ? undefined
        : foundByOf(world.discoveries ?? { byId: new Map(), spans: [] }, foundBy),
    new_since: args.new_since === undefined ? undefined : instantOf('new_since', args.new_since),
    not_seen_since:
      args.not_seen_since === undefined
        ? undefined
        : instantOf('not_seen_since', args.not_seen_since),
    snmp_credential: snmp,
  };
}
