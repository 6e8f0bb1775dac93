// Which switches' last walk was partial (0.17.15+ run warnings: "<addresses> did not finish reporting LLDP neighbours"), matched to the caller's hosts by address.
import type { InventoryHost } from '../../api/inventory-model.js';
import type { Discovery } from '../../api/schemas.js';
import type { PartialWalk } from './link-graph.js';

const SHORT_WALK = /did not finish reporting (?:[^.]*?)(?:LLDP|CDP) neighbou?rs/i;
/** The addresses a warning line leads with ("10.0.0.5, 10.0.0.6 and fe80::1 did not finish ..."). */
const LEADING_ADDRESSES = /^([0-9A-Fa-f.:,\s]|and\s)+/;

const textOf = (warning: unknown): string | undefined => {
  if (typeof warning === 'string') return warning;
  if (warning && typeof warning === 'object') {
    const message = (warning as Record<string, unknown>)['message'];
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
};

interface FinishedRun {
  readonly discovery: Discovery;
  readonly network?: string | undefined;
  readonly finishedAt: string;
  readonly warnings: readonly unknown[];
}

function finishedRuns(discoveries: Iterable<Discovery>): FinishedRun[] {
  const runs: FinishedRun[] = [];
  for (const discovery of discoveries) {
    if (discovery.run_type.type !== 'Historical') continue;
    const results = (discovery.run_type['results'] ?? {}) as Record<string, unknown>;
    const finishedAt = results['finished_at'];
    if (typeof finishedAt !== 'string') continue;
    const warnings = Array.isArray(results['warnings']) ? (results['warnings'] as unknown[]) : [];
    runs.push({ discovery, network: discovery.network_id, finishedAt, warnings });
  }
  return runs;
}

/**
 * Hosts whose network's latest finished run says their LLDP/CDP walk fell short: their links are
 * what an earlier complete scan found. A later complete run clears it. Versions before 0.17.15 never
 * say so: the map is then empty, and the answers say this version cannot tell.
 */
export function partialWalks(
  discoveries: Iterable<Discovery> | undefined,
  hosts: readonly InventoryHost[],
): Map<string, PartialWalk> {
  const out = new Map<string, PartialWalk>();
  if (!discoveries) return out;
  const latest = new Map<string, FinishedRun>();
  for (const run of finishedRuns(discoveries)) {
    const key = run.network ?? '';
    const held = latest.get(key);
    if (!held || held.finishedAt < run.finishedAt) latest.set(key, run);
  }
  for (const run of latest.values()) {
    const addresses = new Set<string>();
    for (const warning of run.warnings) {
      const line = textOf(warning);
      if (!line || !SHORT_WALK.test(line)) continue;
      const lead = LEADING_ADDRESSES.exec(line)?.[0] ?? '';
      for (const word of lead.split(/[,\s]+/))
        if (word.includes('.') || word.includes(':')) addresses.add(word.toLowerCase());
    }
    if (addresses.size === 0) continue;
    const walk = { runId: run.discovery.id, runName: run.discovery.name, at: run.finishedAt };
    for (const host of hosts) {
      if (run.network !== undefined && host.network_id !== run.network) continue;
      if (host.addresses.some((a) => addresses.has(a.ip.toLowerCase()))) out.set(host.id, walk);
    }
  }
  return out;
}
