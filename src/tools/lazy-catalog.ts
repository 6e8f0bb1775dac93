// The catalog as start-up sees it: each tool's name and the two facts selection needs; its definition is loaded on its first call.
import type { AnyToolDefinition } from './define-tool.js';

/** A tool before its module is loaded (test/lazy-tools.test.ts holds these to catalog.ts). */
export interface LazyTool {
  readonly name: string;
  /** As the definition's `writes`: left out in read-only mode. */
  readonly writes: boolean;
  /** As the definition's `appOnly`: offered only where an app can press it. */
  readonly appOnly: boolean;
  readonly load: () => Promise<AnyToolDefinition>;
}

/**
 * ALL_TOOLS (src/tools/catalog.ts) in the same order, each behind a dynamic import of its own:
 * tools/list is answered from src/mcp/tool-listing.json, so no tool's schemas, handler or views are
 * compiled or built before a client calls that tool, and a call loads that tool alone. (One import
 * for every tool was the choice while each lazy part added files to start-up; since the build's
 * joinStartup it adds none, and a first list_discoveries took 220.0 -> 193.7 ms: docs/performance.md.)
 */
export const LAZY_TOOLS: readonly LazyTool[] = [
  {
    name: 'list_discoveries',
    writes: false,
    appOnly: false,
    load: async () => (await import('./list-discoveries.js')).listDiscoveries,
  },
  {
    name: 'list_snmp_credentials',
    writes: false,
    appOnly: false,
    load: async () => (await import('./list-snmp-credentials.js')).listSnmpCredentials,
  },
  {
    name: 'update_snmp_credential',
    writes: true,
    appOnly: false,
    load: async () => (await import('./update-snmp-credential.js')).updateSnmpCredential,
  },
  {
    name: 'get_unseen_release_notes',
    writes: false,
    appOnly: false,
    load: async () => (await import('./get-unseen-release-notes.js')).getUnseenReleaseNotes,
  },
  {
    name: 'get_version',
    writes: false,
    appOnly: false,
    load: async () => (await import('./get-version.js')).getVersion,
  },
  {
    name: 'apply_snmp_rotation',
    writes: true,
    appOnly: true,
    load: async () => (await import('./apply-snmp-rotation.js')).applySnmpRotation,
  },
  {
    name: 'cancel_snmp_rotation',
    writes: true,
    appOnly: true,
    load: async () => (await import('./cancel-snmp-rotation.js')).cancelSnmpRotation,
  },
  {
    name: 'list_hosts',
    writes: false,
    appOnly: false,
    load: async () => (await import('./list-hosts.js')).listHosts,
  },
  {
    name: 'get_host',
    writes: false,
    appOnly: false,
    load: async () => (await import('./get-host.js')).getHost,
  },
  {
    name: 'list_links',
    writes: false,
    appOnly: false,
    load: async () => (await import('./list-links.js')).listLinks,
  },
  {
    name: 'list_changes',
    writes: false,
    appOnly: false,
    load: async () => (await import('./list-changes.js')).listChanges,
  },
];

/**
 * The tools to register: writes are left out entirely in read-only mode, and the app's Confirm
 * tool where no app can press it (over stateless HTTP).
 */
export function selectTools<T extends { readonly writes: boolean; readonly appOnly?: boolean }>(
  tools: readonly T[],
  options: { readonly readOnly: boolean; readonly appConfirm?: boolean },
): T[] {
  return tools.filter(
    (tool) => !(options.readOnly && tool.writes) && !(tool.appOnly && !options.appConfirm),
  );
}
