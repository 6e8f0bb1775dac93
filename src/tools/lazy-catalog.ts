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
 * A tool's definition, from the catalog loaded on the first call of any tool: one dynamic import for
 * every tool, because esbuild splits the modules an entry shares with start-up into chunks by which
 * entries reach them (one import per tool made 31 files to read at start-up instead of 18).
 */
async function definition(name: string): Promise<AnyToolDefinition> {
  const { ALL_TOOLS } = await import('./catalog.js');
  const found = ALL_TOOLS.find((tool) => tool.name === name);
  if (!found) throw new Error(`src/tools/catalog.ts has no ${name}`);
  return found;
}

/**
 * ALL_TOOLS (src/tools/catalog.ts) in the same order, each behind a dynamic import: tools/list is
 * answered from src/mcp/tool-listing.json, so no tool's schemas, handler or views are compiled or
 * built before a client calls that tool.
 */
export const LAZY_TOOLS: readonly LazyTool[] = [
  {
    name: 'list_discoveries',
    writes: false,
    appOnly: false,
    load: () => definition('list_discoveries'),
  },
  {
    name: 'list_snmp_credentials',
    writes: false,
    appOnly: false,
    load: () => definition('list_snmp_credentials'),
  },
  {
    name: 'update_snmp_credential',
    writes: true,
    appOnly: false,
    load: () => definition('update_snmp_credential'),
  },
  {
    name: 'get_unseen_release_notes',
    writes: false,
    appOnly: false,
    load: () => definition('get_unseen_release_notes'),
  },
  {
    name: 'get_version',
    writes: false,
    appOnly: false,
    load: () => definition('get_version'),
  },
  {
    name: 'apply_snmp_rotation',
    writes: true,
    appOnly: true,
    load: () => definition('apply_snmp_rotation'),
  },
  {
    name: 'cancel_snmp_rotation',
    writes: true,
    appOnly: true,
    load: () => definition('cancel_snmp_rotation'),
  },
  {
    name: 'list_hosts',
    writes: false,
    appOnly: false,
    load: () => definition('list_hosts'),
  },
  {
    name: 'get_host',
    writes: false,
    appOnly: false,
    load: () => definition('get_host'),
  },
  {
    name: 'list_links',
    writes: false,
    appOnly: false,
    load: () => definition('list_links'),
  },
  {
    name: 'list_changes',
    writes: false,
    appOnly: false,
    load: () => definition('list_changes'),
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
