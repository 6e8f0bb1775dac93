// The MCP Apps view's entry: connects to the host, follows its theme and size, and draws each tool result.
import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import { renderCredentialResult } from './confirm-panel.js';
import { currentFilters, renderDiscoveries } from './discoveries-view.js';
import { el } from './dom.js';
import {
  approvalOf,
  asCredentialResult,
  asDiscoveryList,
  type DiscoveryList,
  textOf,
} from './tool-result.js';

const root = document.getElementById('app') as HTMLElement;
const app = new App({ name: 'network-discovery', version: '1' }, {}, { autoResize: true });

/** The arguments list_discoveries was called with: Refresh keeps the same scope. */
let listArguments: Record<string, unknown> = {};

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

function showError(text: string) {
  root.append(el('p', { class: 'status status-error', role: 'alert' }, text));
}

async function refresh(all: boolean) {
  const focused = (document.activeElement as HTMLInputElement | null)?.name;
  const result = await app
    .callServerTool({
      name: 'list_discoveries',
      arguments: { ...listArguments, ...(all ? { limit: 0 } : {}) },
    })
    .catch((error: unknown) => ({
      isError: true,
      content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
    }));
  if (result.isError) return showError(textOf(result) || 'list_discoveries failed.');
  const list = asDiscoveryList((result as { structuredContent?: unknown }).structuredContent);
  if (list) drawDiscoveries(list);
  if (focused) (root.querySelector(`[name="${focused}"]`) as HTMLElement | null)?.focus();
}

function drawDiscoveries(list: DiscoveryList) {
  renderDiscoveries(
    root,
    list,
    {
      refresh: (all) => void refresh(all),
      ask: (item, state, where) =>
        void app.sendMessage({
          role: 'user',
          content: [
            {
              type: 'text',
              text: `Tell me about the discovery ${JSON.stringify(item.name)} (id ${item.id}; ${where}; state: ${state}). What does it scan, and is anything wrong with it?`,
            },
          ],
        }),
    },
    currentFilters(root),
  );
}

app.ontoolinput = ({ arguments: args }) => {
  listArguments = { ...(args ?? {}) };
  delete listArguments['limit'];
};

app.ontoolresult = (result) => {
  if (result.isError) {
    root.replaceChildren();
    return showError(textOf(result) || 'The tool call failed.');
  }
  const list = asDiscoveryList(result.structuredContent);
  if (list) return drawDiscoveries(list);
  const credential = asCredentialResult(result.structuredContent);
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
  }
};

app.onhostcontextchanged = followHost;

app.connect().then(
  () => followHost(app.getHostContext()),
  (error: unknown) => showError(`Could not connect to the host: ${String(error)}`),
);
