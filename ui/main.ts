// The MCP Apps view's entry: connects to the host, follows its theme and size, and draws each tool result.
import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import { askText } from './ask-message.js';
import { asChangeList, type ChangesState, renderChanges } from './changes-view.js';
import { renderCredentialResult } from './confirm-panel.js';
import { currentFilters, renderDiscoveries } from './discoveries-view.js';
import { withDiscoveryFilters } from './discovery-filter.js';
import { el } from './dom.js';
import { type HostFilters, isCut, withServerFilters } from './host-filter.js';
import { currentHostFilters, type HostsState, renderHosts } from './hosts-view.js';
import { asLinkList, type LinkList, renderLinks } from './links-view.js';
import {
  approvalOf,
  asCredentialResult,
  asDiscoveryList,
  asHostList,
  asHostLookup,
  type DiscoveryList,
  textOf,
} from './tool-result.js';

const root = document.getElementById('app') as HTMLElement;
const app = new App({ name: 'network-discovery', version: '1' }, {}, { autoResize: true });

type Tab = 'discoveries' | 'hosts' | 'links' | 'changes';
const TOOL: Record<Tab, string> = {
  discoveries: 'list_discoveries',
  hosts: 'list_hosts',
  links: 'list_links',
  changes: 'list_changes',
};
const TAB_LABEL: Record<Tab, string> = {
  discoveries: 'Discoveries',
  hosts: 'Hosts',
  links: 'Links',
  changes: 'Changes',
};

/** What the view holds between redraws: each tab's data and the arguments Refresh calls it with. */
const view = {
  tab: 'discoveries' as Tab,
  /** The arguments each list tool was called with: Refresh keeps the same scope. */
  args: { discoveries: {}, hosts: {}, links: {}, changes: {} } as Record<
    Tab,
    Record<string, unknown>
  >,
  links: undefined as LinkList | undefined,
  changes: undefined as ChangesState | undefined,
  discoveries: undefined as DiscoveryList | undefined,
  /** The arguments the discoveries were asked with, and whether filters go to the service. */
  discoveriesAsked: {} as Record<string, unknown>,
  discoveriesServerSide: false,
  hosts: {} as HostsState,
  /** The last tool input, until its result says which tool it was for. */
  input: {} as Record<string, unknown>,
  demo: false,
};

/** The shell around a list: the demo mark, the tabs, one error line, and the active tab's panel. */
const shell = {
  alert: el('div', { class: 'alert' }),
  panel: el('div', { class: 'panel' }),
  tabs: el('div', { class: 'tabs', role: 'tablist' }),
};

function followHost(context: ReturnType<App['getHostContext']>) {
  if (!context) return;
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  const size = context.containerDimensions as
    | { width?: number; maxWidth?: number; height?: number; maxHeight?: number }
    | undefined;
  const width = size?.width ?? size?.maxWidth;
  const height = size?.height ?? size?.maxHeight;
  root.style.maxWidth = width ? `${width}px` : '';
  root.style.maxHeight = height ? `${height}px` : '';
}

const toolName = () => app.getHostContext()?.toolInfo?.tool.name;

/** The demo's results say so (`demo` in structuredContent): the person must not take them for a network. */
const demoMark = () =>
  view.demo
    ? el('p', { class: 'demo', role: 'note' }, 'Demo data: a built-in sample, not a real network.')
    : undefined;

/** One error line: a newer error replaces the older, and a good answer clears it. */
function showError(text: string) {
  shell.alert.replaceChildren(el('p', { class: 'status status-error', role: 'alert' }, text));
}

async function callTool(name: string, args: Record<string, unknown>) {
  const result = await app.callServerTool({ name, arguments: args }).catch((error: unknown) => ({
    isError: true,
    content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
    structuredContent: undefined,
  }));
  if (result.isError) {
    showError(textOf(result) || `${name} failed.`);
    return {};
  }
  shell.alert.replaceChildren();
  // `_meta` too: list_discoveries gives the view its schedules in words there.
  return result as { structuredContent?: unknown; _meta?: unknown };
}

/** Redraws the active tab, keeping the person's filters and focus. */
function drawPanel() {
  const focused = (document.activeElement as HTMLInputElement | null)?.name;
  shell.tabs.replaceChildren(
    ...(Object.keys(TAB_LABEL) as Tab[]).map((tab) => {
      const node = el(
        'button',
        { type: 'button', role: 'tab', 'aria-selected': String(tab === view.tab) },
        TAB_LABEL[tab],
      );
      node.addEventListener('click', () => openTab(tab));
      return node;
    }),
  );
  if (view.tab === 'discoveries' && view.discoveries) {
    renderDiscoveries(
      shell.panel,
      view.discoveries,
      {
        refresh: refreshDiscoveries,
        refilter: (filters) =>
          refreshDiscoveries(false, withDiscoveryFilters(view.args.discoveries, filters)),
        ask: askDiscovery,
      },
      {
        given: currentFilters(shell.panel),
        asked: view.discoveriesAsked,
        serverSide: view.discoveriesServerSide,
      },
    );
  } else if (view.tab === 'hosts' && (view.hosts.list || view.hosts.lookup)) {
    renderHosts(
      shell.panel,
      view.hosts,
      {
        refresh: refreshHosts,
        page: (offset, filters) => refreshHosts(filters, offset),
        details: lookUpHost,
        ask: askHost,
      },
      currentHostFilters(shell.panel),
    );
  } else if (view.tab === 'links' && view.links) {
    renderLinks(shell.panel, view.links, { open: openHost });
  } else if (view.tab === 'changes' && view.changes) {
    renderChanges(shell.panel, view.changes, {
      refresh: () => refreshChanges(view.changes?.asked ?? view.args.changes),
      since: (since) => refreshChanges(sinceArgs(since)),
      page: (offset) => refreshChanges({ ...(view.changes?.asked ?? view.args.changes), offset }),
      open: openHost,
    });
  }
  if (focused) (shell.panel.querySelector(`[name="${focused}"]`) as HTMLElement | null)?.focus();
}

function drawShell() {
  root.replaceChildren(...[demoMark(), shell.tabs, shell.alert, shell.panel].filter((n) => !!n));
  drawPanel();
}

/** A tab drawn from what the view holds, or loaded first (the whole first page) when it holds nothing. */
function openTab(tab: Tab) {
  view.tab = tab;
  const loaded = () =>
    ({
      discoveries: view.discoveries,
      hosts: view.hosts.list,
      links: view.links,
      changes: view.changes,
    })[tab];
  const empty = !loaded();
  if (!empty) return drawPanel();
  shell.panel.replaceChildren(el('p', { class: 'empty' }, `Loading ${TAB_LABEL[tab]}…`));
  drawPanel();
  const load = {
    discoveries: () => refreshDiscoveries(false),
    hosts: () => refreshHosts(),
    links: () => refreshLinks(),
    changes: () => refreshChanges({ limit: 0, ...view.args.changes }),
  }[tab]();
  void load.then(() => {
    const still = !loaded();
    if (still && view.tab === tab) {
      shell.panel.replaceChildren(
        el(
          'p',
          { class: 'empty' },
          'Nothing loaded (the error above says why). Choose the tab again to retry.',
        ),
      );
    }
  });
}

async function refreshDiscoveries(all: boolean, filtered?: Record<string, unknown>) {
  const args = filtered ?? { ...view.discoveriesAsked, ...(all ? { limit: 0 } : {}) };
  const result = await callTool(TOOL.discoveries, args);
  const list = asDiscoveryList(result.structuredContent, TOOL.discoveries, result._meta);
  if (!list) return;
  view.discoveries = list;
  view.discoveriesAsked = args;
  view.discoveriesServerSide ||= filtered !== undefined;
  if (view.tab === 'discoveries') drawPanel();
}

async function refreshHosts(filters?: HostFilters, offset?: number) {
  const args = {
    ...(filters ? withServerFilters(view.args.hosts, filters) : view.args.hosts),
    ...(offset === undefined ? {} : { offset }),
  };
  const list = asHostList((await callTool(TOOL.hosts, args)).structuredContent, TOOL.hosts);
  if (!list) return;
  view.hosts.list = list;
  view.hosts.asked = args;
  view.hosts.cut ||= isCut(list);
  if (view.tab === 'hosts') drawPanel();
}

async function refreshLinks() {
  const result = await callTool(TOOL.links, { limit: 0, ...view.args.links });
  const list = asLinkList(result.structuredContent, TOOL.links);
  if (!list) return;
  view.links = list;
  if (view.tab === 'links') drawPanel();
}

/**
 * The arguments for a ready `since` (P7D...): the call's scope and kinds kept, its own since or
 * run replaced, every change listed (counts_only and fields dropped, from the first page).
 */
function sinceArgs(since: string | undefined): Record<string, unknown> {
  if (since === undefined) return { limit: 0, ...view.args.changes };
  const {
    since: _s,
    run: _r,
    offset: _o,
    counts_only: _c,
    fields: _f,
    ...scope
  } = view.args.changes;
  return { ...scope, since, limit: 0 };
}

async function refreshChanges(args: Record<string, unknown>) {
  const list = asChangeList((await callTool(TOOL.changes, args)).structuredContent, TOOL.changes);
  if (!list) return;
  view.changes = { list, asked: args, first: view.args.changes };
  if (view.tab === 'changes') drawPanel();
}

/** A device chosen in the Links or Changes tab, opened in the Hosts tab as get_host shows it. */
async function openHost(id: string) {
  const lookup = await lookUpHost(id);
  if (!lookup) return;
  view.hosts = { ...view.hosts, lookup, selected: lookup.host?.id };
  view.tab = 'hosts';
  drawShell();
}

async function lookUpHost(id: string) {
  return asHostLookup((await callTool('get_host', { host: id })).structuredContent);
}

function ask(text: string | undefined) {
  if (text === undefined) return showError('This item has no id the view can ask about.');
  void app.sendMessage({ role: 'user', content: [{ type: 'text', text }] });
}

const askDiscovery: Parameters<typeof renderDiscoveries>[2]['ask'] = (item, state, where) =>
  ask(
    askText({
      kind: 'discovery',
      tool: 'list_discoveries',
      id: item.id,
      name: item.name,
      state,
      context: [
        { kind: 'network', id: where.network_id, name: where.network },
        { kind: 'daemon', id: where.daemon_id, name: where.daemon },
      ],
    }),
  );

const askHost: Parameters<typeof renderHosts>[2]['ask'] = (host, where) =>
  ask(
    askText({
      kind: 'host',
      tool: 'get_host',
      id: host.id,
      name: host.name,
      context: [{ kind: 'network', id: where.network_id, name: where.network }],
    }),
  );

app.ontoolinput = ({ arguments: args }) => {
  view.input = { ...(args ?? {}) };
  delete view.input['limit'];
};

app.ontoolresult = (result) => {
  if (result.isError) {
    root.replaceChildren(shell.alert);
    return showError(textOf(result) || 'The tool call failed.');
  }
  const value = result.structuredContent;
  view.demo = typeof value?.['demo'] === 'string' || value?.['demo'] === true;
  const name = toolName();
  const changes = asChangeList(value, name);
  if (changes) {
    view.args.changes = view.input;
    view.changes = { list: changes, asked: view.input, first: view.input };
    view.tab = 'changes';
    return drawShell();
  }
  const links = asLinkList(value, name);
  if (links && name === TOOL.links) {
    view.args.links = view.input;
    view.links = links;
    view.tab = 'links';
    return drawShell();
  }
  const discoveries = asDiscoveryList(value, name, result._meta);
  const hosts = discoveries ? undefined : asHostList(value, name);
  const lookup = discoveries || hosts ? undefined : asHostLookup(value);
  if (discoveries) {
    view.args.discoveries = view.input;
    view.discoveries = discoveries;
    view.discoveriesAsked = view.input;
    view.discoveriesServerSide = false;
    view.tab = 'discoveries';
    // A new answer shows its own filters, not those of the list drawn before it.
    shell.panel.replaceChildren();
    return drawShell();
  }
  if (hosts || lookup) {
    if (hosts) view.args.hosts = view.input;
    const list = hosts ?? view.hosts.list;
    view.hosts = {
      list,
      lookup,
      selected: lookup?.host?.id,
      cut: hosts ? isCut(hosts) : view.hosts.cut,
      asked: hosts ? view.input : view.hosts.asked,
    };
    view.tab = 'hosts';
    // A new answer shows its own filters, not those of the list drawn before it.
    if (hosts) shell.panel.replaceChildren();
    return drawShell();
  }
  const credential = asCredentialResult(value);
  if (credential) {
    renderCredentialResult(root, credential, approvalOf(result._meta), {
      confirm: (approval) =>
        app.callServerTool({
          name: 'apply_snmp_rotation',
          arguments: { approval: approval.handle },
        }),
      cancel: (approval) =>
        app.callServerTool({
          name: 'cancel_snmp_rotation',
          arguments: { approval: approval.handle },
        }),
      report: (outcome) =>
        void app.updateModelContext({ content: [{ type: 'text', text: outcome }] }),
    });
    const mark = demoMark();
    if (mark) root.prepend(mark);
  }
};

app.onhostcontextchanged = followHost;

app.connect().then(
  () => followHost(app.getHostContext()),
  (error: unknown) => {
    root.replaceChildren(shell.alert);
    showError(`Could not connect to the host: ${String(error)}`);
  },
);
