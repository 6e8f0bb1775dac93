// list_hosts' filters: resolved from the arguments once, tested on every host locally, and sent to the service where its version applies them.

import { isGoneSince, isNewSince } from '../../api/changes/since.js';
import type { HostQuery, InventoryProfile } from '../../api/families/inventory.js';
import { type CredentialScope, hasSnmpCredential } from '../../api/inventory-facts.js';
import type { InventoryHost } from '../../api/inventory-model.js';
import { quote } from '../../safety/quote.js';
import { serviceText } from '../../safety/sanitize.js';
import { shownInstant } from '../common/date-argument.js';
import { wordsOf } from '../common/free-text.js';
import { type FoundBy, foundByMatch } from './host-discovery-links.js';
import type { IpTest } from './ip-range.js';

export type { CredentialScope };

export interface HostFilters {
  readonly network_id?: string | undefined;
  /** The argument that named the network ('network' or 'network_id'), for the report. */
  readonly network_argument?: 'network' | 'network_id' | undefined;
  readonly tag_id?: string | undefined;
  readonly search?: PreparedSearch | undefined;
  readonly ip?: { readonly text: string; readonly test: IpTest } | undefined;
  readonly service?: string | undefined;
  readonly port?: number | undefined;
  readonly found_by?: FoundBy | undefined;
  readonly new_since?: number | undefined;
  readonly not_seen_since?: number | undefined;
  /** A credential id, or 'none' for hosts without any SNMP credential. */
  readonly snmp_credential?: string | undefined;
}

/** MAC addresses compared without their separators: 00:1A:2B, 00-1a-2b and 001a.2b all match. */
const macDigits = (text: string) => text.toLowerCase().replace(/[^0-9a-f]/g, '');
const MAC_LIKE = /^(?:[0-9a-f]{2}[:-]){1,5}[0-9a-f]{0,2}$|^[0-9a-f]{4}\.[0-9a-f]{0,4}/i;

/** A search split once per call (not once per host): its words lowercased, a MAC-like word's digits. */
export interface PreparedSearch {
  readonly text: string;
  readonly words: readonly { readonly text: string; readonly mac?: string }[];
}

/** `search` as every host is tested against it; its length and words are capped by its schema. */
export function prepareSearch(search: string): PreparedSearch {
  const words = wordsOf(search.toLowerCase()).map((word) =>
    macDigits(word).length >= 4 && MAC_LIKE.test(word)
      ? { text: word, mac: macDigits(word) }
      : { text: word },
  );
  return { text: search, words };
}

/** Every word of `search` in the host's name, hostname, an IP or a MAC (case-insensitive). */
function searchMatches(host: InventoryHost, search: PreparedSearch): boolean {
  const fields = [host.name, host.hostname ?? '', ...host.addresses.map((a) => a.ip)].map((f) =>
    f.toLowerCase(),
  );
  const macs = host.addresses.flatMap((a) => (a.mac ? [macDigits(a.mac)] : []));
  return search.words.every(
    (word) =>
      fields.some((f) => f.includes(word.text)) ||
      (word.mac !== undefined && macs.some((m) => m.includes(word.mac as string))),
  );
}

const hasPort = (host: InventoryHost, port: number) => host.ports.some((p) => p.number === port);
/** `wanted` trimmed and lower case; a service matches by its name or its definition's. */
const hasService = (host: InventoryHost, wanted: string) =>
  host.services.some(
    (s) => s.name.toLowerCase() === wanted || s.definition?.toLowerCase() === wanted,
  );

/** One frozen answer per outcome: a warm question tests every host of a 20,000-host copy. */
const FAIL: { readonly ok: boolean } = Object.freeze({ ok: false });
const PASS: { readonly ok: boolean } = Object.freeze({ ok: true });

/**
 * The local test of every filter, applied whatever the service did; `found` says how a host met
 * found_by ([] when it did not).
 */
export function hostMatches(
  host: InventoryHost,
  filters: HostFilters,
  profile: InventoryProfile,
  scope: CredentialScope,
): { readonly ok: boolean; readonly found?: ('first' | 'last')[] } {
  const fail = FAIL;
  if (filters.network_id !== undefined && host.network_id !== filters.network_id) return fail;
  if (filters.tag_id !== undefined && !host.tags.includes(filters.tag_id)) return fail;
  if (filters.search !== undefined && !searchMatches(host, filters.search)) return fail;
  if (filters.ip && !host.addresses.some((a) => filters.ip?.test(a.ip))) return fail;
  if (filters.service !== undefined && !hasService(host, filters.service.trim().toLowerCase()))
    return fail;
  if (filters.port !== undefined && !hasPort(host, filters.port)) return fail;
  if (filters.new_since !== undefined && !isNewSince(host, filters.new_since)) return fail;
  if (filters.not_seen_since !== undefined && !isGoneSince(host, filters.not_seen_since))
    return fail;
  if (filters.snmp_credential !== undefined) {
    const wanted = filters.snmp_credential;
    if (
      wanted === 'none' ? hasSnmpCredential(host, scope) : !hasSnmpCredential(host, scope, wanted)
    )
      return fail;
  }
  if (filters.found_by) {
    const found = foundByMatch(host, profile, filters.found_by);
    return found.length > 0 ? { ok: true, found } : fail;
  }
  return PASS;
}

/** The argument names of the filters given, in the order the tool lists them. */
export function givenFilters(filters: HostFilters): string[] {
  const given: string[] = [];
  if (filters.network_id !== undefined) given.push(filters.network_argument ?? 'network_id');
  const rest: [keyof HostFilters, string][] = [
    ['tag_id', 'tag'],
    ['search', 'search'],
    ['ip', 'ip'],
    ['service', 'service'],
    ['port', 'port'],
    ['found_by', 'found_by'],
    ['new_since', 'new_since'],
    ['not_seen_since', 'not_seen_since'],
    ['snmp_credential', 'snmp_credential'],
  ];
  for (const [key, argument] of rest) if (filters[key] !== undefined) given.push(argument);
  return given;
}

/**
 * The filters this version's host list applies itself, and the query that asks for them. Every
 * version filters by network; 0.17.21+ by tag, service name, search and credential too. A
 * search that looks like a MAC stays local: the service's search is not known to cover MACs.
 */
export function serviceSide(filters: HostFilters, profile: InventoryProfile) {
  const applied: string[] = [];
  const query: Omit<HostQuery, 'limit' | 'offset'> & Record<string, unknown> = {};
  const push = (argument: string, key: keyof HostQuery, value: string | undefined) => {
    if (value === undefined) return;
    applied.push(argument);
    (query as Record<string, unknown>)[key] = value;
  };
  push(filters.network_argument ?? 'network_id', 'network_id', filters.network_id);
  if (profile.hostFilters) {
    // tag_ids is a list parameter; how 0.14-0.16 read one from a query is not documented.
    push('tag', 'tag_id', filters.tag_id);
    push('service', 'service_name', filters.service);
    const search = filters.search?.text.trim();
    if (search && !/\s/.test(search) && !MAC_LIKE.test(search)) push('search', 'search', search);
    if (filters.snmp_credential !== 'none') {
      push('snmp_credential', 'credential_id', filters.snmp_credential);
    }
  }
  return { applied, query: query as Omit<HostQuery, 'limit' | 'offset'> };
}

/** The filters as a person reads them: network "Office", service "SSH", port 23, new_since 2026-11-20 00:00Z. */
export function describeHostFilters(
  filters: HostFilters,
  nameOf: (id: string) => string | undefined,
): string {
  const named = (id: string) => {
    const name = nameOf(id);
    return name === undefined ? id : quote(name, 100);
  };
  const parts: string[] = [];
  if (filters.network_id !== undefined) parts.push(`network ${named(filters.network_id)}`);
  if (filters.tag_id !== undefined) parts.push(`tag ${named(filters.tag_id)}`);
  if (filters.search !== undefined)
    parts.push(`search ${quote(serviceText(filters.search.text, 100))}`);
  if (filters.ip) parts.push(`ip ${quote(serviceText(filters.ip.text, 60))}`);
  if (filters.service !== undefined)
    parts.push(`service ${quote(serviceText(filters.service, 60))}`);
  if (filters.port !== undefined) parts.push(`port ${filters.port}`);
  if (filters.found_by) {
    const name = filters.found_by.name;
    parts.push(`found_by ${name === undefined ? filters.found_by.id : quote(name, 100)}`);
  }
  if (filters.new_since !== undefined) parts.push(`new_since ${shownInstant(filters.new_since)}`);
  if (filters.not_seen_since !== undefined)
    parts.push(`not_seen_since ${shownInstant(filters.not_seen_since)}`);
  if (filters.snmp_credential !== undefined) {
    parts.push(
      `snmp_credential ${filters.snmp_credential === 'none' ? 'none' : named(filters.snmp_credential)}`,
    );
  }
  return parts.join(', ');
}
