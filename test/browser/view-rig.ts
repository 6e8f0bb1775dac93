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

/** Forwards one of the view's tool calls to a server. */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** A sample API and the built server over stdio, the client declaring that it renders apps. */
export interface Stand {
  readonly api: SampleApi;
  readonly server: StdioServer;
  /** Calls a tool on the server, as the host forwards the view's calls. */
  readonly callTool: CallTool;
  close(): Promise<void>;
}

export interface StandOptions {
  readonly name: string;
  /** Goes to the server (e.g. NETWORK_DISCOVERY_AUDIT_LOG). */
  readonly env?: Readonly<Record<string, string>>;
  /** The Scanopy version the sample API plays (the fake API's default unless given). */
  readonly scanopyVersion?: string;
  /** The sample API's other options (e.g. names from a hostile service). */
  readonly sample?: Parameters<typeof startFakeApi>[0];
  /** More of the server's command line (e.g. --demo). */
  readonly args?: readonly string[];
}

export interface ViewRigOptions extends StandOptions {
  /** The page's clock stands still at this instant (the real clock unless given). */
  readonly clock?: Date;
  /** The width the host tells the view when a run gives none (the host page's own default unless given). */
  readonly width?: number;
}

export interface ViewRig extends Stand {
  /** Opens the host page and hands the view one tool call's input and result. */
  show(run: HostRun, options?: ShowOptions): Promise<ShownView>;
}

export interface ShowOptions {
  /** Where the view's tool calls go (the rig's server unless given). */
  readonly callTool?: CallTool;
}

export interface ShownView {
  readonly page: Page;
  readonly view: FrameLocator;
  /** Console errors, CSP reports and page errors from the page and the view. */
  readonly problems: string[];
  /** What the view asked of the host, in order. */
  records(): Promise<HostRecord[]>;
  close(): Promise<void>;
}

/** Starts a sample API and the built server connected over stdio as an apps host. */
export async function startStand(options: StandOptions): Promise<Stand> {
  await ensureBuilt();
  const api = await startFakeApi({
    ...options.sample,
    ...(options.scanopyVersion ? { scanopyVersion: options.scanopyVersion } : {}),
  });
  const server = await connectStdio({
    baseUrl: api.url,
    name: options.name,
    capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_VIEW_MIME] } } },
    ...(options.env ? { env: options.env } : {}),
    ...(options.args ? { args: options.args } : {}),
  });
  return {
    api,
    server,
    callTool: async (name, args) =>
      (await server.client.callTool({ name, arguments: args })) as CallToolResult,
    async close() {
      await server.close();
      await api.close();
    },
  };
}

/** Starts everything a view test needs: a stand, the host page serving its view, a browser context. */
export async function startViewRig(options: ViewRigOptions): Promise<ViewRig> {
  const stand = await startStand(options);
  const { contents } = await stand.server.client.readResource({ uri: APP_VIEW_URI });
  const host: HostServer = await startHostServer(String((contents[0] as { text?: unknown }).text));
  const browser: Browser = await launchBrowser();
  return {
    ...stand,
    async show(run, shown = {}) {
      const page = await browser.context.newPage();
      // A missing element fails the step at once instead of running into the test's timeout.
      page.setDefaultTimeout(5_000);
      const given: HostRun = options.width === undefined ? run : { width: options.width, ...run };
      await page.setViewportSize({ width: given.width ?? 1280, height: 780 });
      if (options.clock) await page.clock.setFixedTime(options.clock);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.exposeFunction('hostCallTool', shown.callTool ?? stand.callTool);
      await page.goto(host.url.href);
      await page.evaluate((r) => (globalThis as unknown as HostWindow).startHost(r), given);
      const view = page.frameLocator('iframe[title="MCP App"]');
      const records = () => page.evaluate(() => (globalThis as unknown as HostWindow).hostRecords);
      return { page, view, problems, records, close: () => page.close() };
    },
    async close() {
      await browser.close();
      await host.close();
      await stand.close();
    },
  };
}
