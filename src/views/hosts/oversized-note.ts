// The line an answer carries when hosts were left out of the read because one host's record alone was over the response cap.
import type { OversizedHost } from '../../api/inventory/host-read.js';
import { quote } from '../../safety/quote.js';
import { plural } from '../common/format.js';

/** Hosts named at most: a service with many such hosts gets a count for the rest. */
const NAMED = 5;

const named = (host: OversizedHost) =>
  host.name !== undefined
    ? `${quote(host.name)}${host.id ? ` (id ${host.id})` : ''}`
    : `the host at position ${host.position} of the list (this version cannot send a host without its children, so not even its name could be read)`;

/**
 * Says which hosts are missing and why, so no answer looks whole without them (issue 40: one switch
 * with 20,000 SNMP interfaces made every whole-list read fail). None when nothing was left out.
 */
export function oversizedNotes(hosts: readonly OversizedHost[] | undefined): string[] {
  if (!hosts || hosts.length === 0) return [];
  const shown = hosts.slice(0, NAMED).map(named).join('; ');
  const more = hosts.length > NAMED ? `; and ${hosts.length - NAMED} more` : '';
  const [its, it] = hosts.length === 1 ? ['Its', 'it'] : ["Each one's", 'them'];
  return [
    `${plural(hosts.length, 'host')} left out of this answer: ${shown}${more}. ${its} record with its SNMP interfaces is larger than one answer from the service may be (NETWORK_DISCOVERY_MAX_RESPONSE_BYTES), so its interfaces were too large to read; every other host was read, and counts and matches here leave ${it} out.`,
  ];
}
