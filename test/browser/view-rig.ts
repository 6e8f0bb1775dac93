// A browser test rig for the view: the sample API, the built server over stdio as an apps host, the test host page and chromium, and a page opened on one tool result.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FrameLocator, Page } from 'playwright-core';
import { APPS_EXTENSION } from '../../src/mcp/app-resource.js';
import { APP_VIEW_MIME, APP_VIEW_URI } from '../../src/views/common/app-view.js';
import { ensureBuilt } from '../build-dist.js';
import { type SampleApi, startFakeApi } from '../fake-api.js';
import { connectStdio, type StdioServer } from '../stdio-client.js';
import { type Browser, type HostServer, launchBrowser, startHostServer } from './host.js';
import type { HostRecord, HostRun, HostWindow } from './host-types.js';

export interface ViewRig {
  readonly api: SampleApi;
  readonly server: StdioServer;
  /** Calls a tool on the server, as the host forwards the view's calls. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Opens the host page and hands the view one tool call's input and result. */
  show(run: HostRun): Promise<ShownView>;
  close(): Promise<void>;
}

export interface ShownView {
  readonly page: Page;
  readonly view: FrameLocator;
  /** Console errors and page errors from the page and the view. */
  readonly problems: string[];
  /** What the view asked of the host, in order. */
  records(): Promise<HostRecord[]>;
}

/** Starts everything a view test needs; `env` goes to the server (e.g. NETWORK_DISCOVERY_AUDIT_LOG). */
export async function startViewRig(options: {
  readonly name: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The Scanopy version the sample API plays (the fake API's default unless given). */
  readonly scanopyVersion?: string;
}): Promise<ViewRig> {
  await ensureBuilt();
  const api = await startFakeApi(
    options.scanopyVersion ? { scanopyVersion: options.scanopyVersion } : {},
  );
  const server = await connectStdio({
    baseUrl: api.url,
    name: options.name,
    capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_VIEW_MIME] } } },
    ...(options.env ? { env: options.env } : {}),
  });
  const { contents } = await server.client.readResource({ uri: APP_VIEW_URI });
  const host: HostServer = await startHostServer(String((contents[0] as { text?: unknown }).text));
  const browser: Browser = await launchBrowser();
  const callTool = async (name: string, args: Record<string, unknown>) =>
    (await server.client.callTool({ name, arguments: args })) as CallToolResult;
  return {
    api,
    server,
    callTool,
    async show(run) {
      const page = await browser.context.newPage();
      // A missing element fails the step at once instead of running into the test's timeout.
      page.setDefaultTimeout(5_000);
      await page.setViewportSize({ width: run.width ?? 1280, height: 780 });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.exposeFunction('hostCallTool', callTool);
      await page.goto(host.url.href);
      await page.evaluate((given) => (globalThis as unknown as HostWindow).startHost(given), run);
      const view = page.frameLocator('iframe[title="MCP App"]');
      const records = () => page.evaluate(() => (globalThis as unknown as HostWindow).hostRecords);
      return { page, view, problems, records };
    },
    async close() {
      await browser.close();
      await host.close();
      await server.close();
      await api.close();
    },
  };
}
