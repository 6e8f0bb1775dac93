// The Hosts tab's filters, done in the view: text, service and port, over what list_hosts gave.
import type { HostItem, HostList } from './tool-result.js';

export interface HostFilters {
  readonly text: string;
  /** A service name, as the select offers them; '' for any. */
  readonly service: string;
  /** A port number as typed; '' for any. */
  readonly port: string;
}

export const NO_HOST_FILTERS: HostFilters = { text: '', service: '', port: '' };

/** "22/tcp" -> 22; a label that does not start with a port number gives nothing. */
const portNumber = (label: string) => {
  const match = /^(\d{1,5})(?:\/|$)/.exec(label);
  return match ? Number(match[1]) : undefined;
};

/** Every open port of a host, by number: its services' ports and the others. */
export function openPorts(host: HostItem & { readonly ports?: readonly string[] }): number[] {
  const labels = [
    ...(host.services ?? []).flatMap((service) => service.ports ?? []),
    ...(host.other_ports ?? []),
    ...(host.ports ?? []),
  ];
  const numbers = labels.map(portNumber).filter((n): n is number => n !== undefined);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The service names in a list, each once (first spelling kept), sorted without regard to case. */
export function serviceNames(list: HostList): string[] {
  const byKey = new Map<string, string>();
  for (const group of list.groups) {
    for (const host of group.hosts) {
      for (const service of host.services ?? []) {
        const key = service.name.toLowerCase();
        if (!byKey.has(key)) byKey.set(key, service.name);
      }
    }
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Whether a host passes the filters: text in its name, hostname, id, an IP, a MAC, its OS or a tag. */
export function hostMatches(host: HostItem, filters: HostFilters): boolean {
  const text = filters.text.trim().toLowerCase();
  if (text) {
    const haystack = [host.name, host.hostname, host.id, host.os]
      .concat((host.ips ?? []).flatMap((address) => [address.ip, address.mac]))
      .concat(host.tags ?? [])
      .filter((part): part is string => typeof part === 'string')
      .join(' ')
      .toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  const service = filters.service.toLowerCase();
  if (service && !(host.services ?? []).some((s) => s.name.toLowerCase() === service)) {
    return false;
  }
  const port = filters.port.trim();
  if (port) {
    const wanted = Number(port);
    if (!Number.isInteger(wanted) || !openPorts(host).includes(wanted)) return false;
  }
  return true;
}

/**
 * The filters as list_hosts arguments, for a list the service holds more of than the view does:
 * search (name, hostname, IP, MAC), service and port, every page at once. Empty ones are left out.
 */
export function serverFilters(filters: HostFilters): Record<string, string | number> {
  const args: Record<string, string | number> = { limit: 0 };
  const text = filters.text.trim();
  if (text) args['search'] = text;
  if (filters.service) args['service'] = filters.service;
  const port = Number(filters.port.trim());
  if (filters.port.trim() && Number.isInteger(port) && port >= 1 && port <= 65535) {
    args['port'] = port;
  }
  return args;
}

/** The list_hosts arguments the filter controls stand for: a new choice replaces them. */
const FILTER_ARGUMENTS = ['search', 'service', 'port'] as const;

/** `scope` (the call's other arguments: network, tag...) with the filters in place of its own. */
export function withServerFilters(
  scope: Readonly<Record<string, unknown>>,
  filters: HostFilters,
): Record<string, unknown> {
  const args: Record<string, unknown> = { ...scope };
  for (const key of FILTER_ARGUMENTS) delete args[key];
  return { ...args, ...serverFilters(filters) };
}

/** The filters a list_hosts call was asked with, as the controls hold them (others are in its summary). */
export function askedFilters(args: Readonly<Record<string, unknown>> | undefined): HostFilters {
  const given = (key: (typeof FILTER_ARGUMENTS)[number]) => {
    const value = args?.[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  return { text: given('search'), service: given('service'), port: given('port') };
}

/**
 * Whether the service holds hosts the list does not: then filtering must ask it. An empty answer
 * to filters holds none of the others, so a changed filter asks the service too.
 */
export const isCut = (list: HostList) =>
  list.pagination.has_more ||
  list.truncated === true ||
  (list.groups.length === 0 &&
    !list.counts &&
    (list.filters?.service.length ?? 0) + (list.filters?.server.length ?? 0) > 0);
