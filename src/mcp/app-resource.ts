// The MCP Apps glue: whether a client renders apps, and the view resource, read from its own chunk on first request.
import type { ClientCapabilities, McpServer } from '@modelcontextprotocol/server';
import { APP_VIEW_MIME, APP_VIEW_URI } from '../views/common/app-meta.js';

/** The extension's id in a client's `initialize` capabilities (ext-apps' EXTENSION_ID). */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/**
 * True when the client said it renders MCP Apps views of our type. Only the app-only Confirm tool
 * depends on it: the view itself is always declared (some hosts render it without saying so).
 */
export function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const extension = capabilities?.extensions?.[APPS_EXTENSION] as
    | { readonly mimeTypes?: unknown }
    | undefined;
  if (!extension || typeof extension !== 'object') return false;
  const { mimeTypes } = extension;
  return !Array.isArray(mimeTypes) || mimeTypes.includes(APP_VIEW_MIME);
}

/** ~270 KB of HTML: loaded when a host first asks for it, never by a start that does not. */
let html: Promise<string> | undefined;
const appHtml = () => {
  html ??= import('#app-html').then((module) => module.APP_HTML);
  return html;
};

export function registerAppResource(server: McpServer): void {
  server.registerResource(
    'network-discovery-view',
    APP_VIEW_URI,
    {
      title: 'Network discovery view',
      description:
        'Discoveries grouped by network and daemon, hosts by network, and the confirm panel for SNMP credential changes.',
      mimeType: APP_VIEW_MIME,
    },
    async () => ({
      contents: [{ uri: APP_VIEW_URI, mimeType: APP_VIEW_MIME, text: await appHtml() }],
    }),
  );
}
