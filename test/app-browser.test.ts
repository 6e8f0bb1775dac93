// The MCP Apps view in a real browser: Debian's chromium, a host page on ext-apps' AppBridge, the built server over stdio.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPS_EXTENSION } from '../src/mcp/app-resource.js';
import { APP_VIEW_MIME, APP_VIEW_URI } from '../src/views/app-view.js';
import {
  type Browser,
  browserMissing,
  type HostServer,
  launchBrowser,
  startHostServer,
} from './browser/host.js';
import type { HostRecord, HostRun, HostWindow } from './browser/host-types.js';
import { ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

/** `npm run screenshots` sets this: the views are saved under docs/img/ for the README. */
const SCREENSHOTS = process.env['SCREENSHOTS'] === '1';
const HOSTILE = '<img src=x onerror="document.title=1">Office LAN sweep';

let api: SampleApi;
let server: StdioServer;
let host: HostServer;
let browser: Browser;

beforeAll(async () => {
  if (browserMissing) return;
  await ensureBuilt();
  api = await startFakeApi();
  server = await connectStdio({
    baseUrl: api.url,
    name: 'browser-test-host',
    capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_VIEW_MIME] } } },
  });
  const { contents } = await server.client.readResource({ uri: APP_VIEW_URI });
  host = await startHostServer(String((contents[0] as { text?: unknown }).text));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.close();
  await api?.close();
});

const callTool = async (name: string, args: Record<string, unknown>) =>
  (await server.client.callTool({ name, arguments: args })) as CallToolResult;

const puts = () => api.requests.filter((request) => request.method === 'PUT');

interface Shown {
  readonly page: Page;
  readonly view: FrameLocator;
  /** Console errors and CSP reports from the page and the view. */
  readonly problems: string[];
  records(): Promise<HostRecord[]>;
}

/** Opens the host page and hands the view one tool call's input and result. */
async function show(run: HostRun): Promise<Shown> {
  const page = await browser.context.newPage();
  // A missing element fails the step at once instead of running into the test's timeout.
  page.setDefaultTimeout(5_000);
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
}

async function screenshot(shown: Shown, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(join(ROOT, 'docs', 'img'), { recursive: true });
  await shown.page.locator('iframe').screenshot({ path: join(ROOT, 'docs', 'img', name) });
}

describe.skipIf(browserMissing)('the view in chromium', () => {
  it('draws discoveries grouped by network and daemon, filters in place, refreshes and asks through the host', async () => {
    const input = { limit: 50 };
    const shown = await show({
      toolName: 'list_discoveries',
      toolInput: input,
      toolResult: await callTool('list_discoveries', input),
      theme: 'light',
    });
    const { view } = shown;
    await expect.poll(() => view.locator('h1').textContent()).toBe('Discoveries');
    expect(await view.locator('section.network h2').allTextContents()).toEqual([
      expect.stringMatching(/^Office.*\d+ discover/),
      expect.stringMatching(/^Lab.*\d+ discover/),
    ]);
    const rows = view.locator('tbody tr');
    expect(await rows.count()).toBe(api.data.discoveries.length);
    // A disabled job stands out, with its state as a word (not colour alone).
    const disabled = view.locator('tr.state-disabled');
    expect(await disabled.count()).toBeGreaterThan(0);
    expect(await disabled.first().locator('.badge').textContent()).toBe('disabled');
    // So does a failed last run, with the service's reason beside the name.
    const failed = view.locator('tr.state-failed');
    expect(await failed.count()).toBe(1);
    expect(await failed.locator('.badge').textContent()).toBe('failed');
    expect(await failed.locator('.error').textContent()).toBe('Run failed: daemon lost connection');
    await screenshot(shown, 'discoveries-light.png');

    // Filtering is the view's own work: no request reaches the host or the model.
    await view.locator('select[name="state"]').selectOption('disabled');
    await expect.poll(() => rows.count()).toBe(await disabled.count());
    await view.locator('select[name="state"]').selectOption('');
    await view.locator('input[name="text"]').fill('printer');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await shown.records()).toEqual([]);

    await view.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(async () => (await shown.records()).map((r) => r.method))
      .toEqual(['tools/call']);
    expect((await shown.records())[0]?.params).toMatchObject({
      name: 'list_discoveries',
      arguments: {},
    });
    // The redraw kept the person's filter.
    await expect.poll(() => rows.count()).toBe(1);

    await rows.first().getByRole('button', { name: 'Ask about this' }).click();
    await expect.poll(async () => (await shown.records()).length).toBe(2);
    const message = (await shown.records())[1];
    expect(message?.method).toBe('ui/message');
    expect(JSON.stringify(message?.params)).toContain('Printer VLAN scan');
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('follows a dark host theme', async () => {
    const shown = await show({
      toolName: 'list_discoveries',
      toolInput: {},
      toolResult: await callTool('list_discoveries', {}),
      theme: 'dark',
    });
    await expect.poll(() => shown.view.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect.poll(() => shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
    const background = await shown.view
      .locator('body')
      .evaluate((body) => body.ownerDocument.defaultView?.getComputedStyle(body).backgroundColor);
    expect(background).toBe('rgb(13, 17, 23)');
    await screenshot(shown, 'discoveries-dark.png');
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('draws names from the service as text, never as markup', async () => {
    const first = api.data.discoveries[0] as Record<string, unknown>;
    const name = first['name'];
    first['name'] = HOSTILE;
    try {
      const shown = await show({
        toolName: 'list_discoveries',
        toolInput: {},
        toolResult: await callTool('list_discoveries', {}),
        theme: 'light',
      });
      await expect.poll(() => shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
      // The server sanitizes the name (one line, capped); what arrives is drawn as the characters it is.
      const names = await shown.view.locator('td.name').allTextContents();
      expect(names.some((text) => text.includes('<img src=x onerror='))).toBe(true);
      expect(await shown.view.locator('img').count()).toBe(0);
      expect(shown.problems).toEqual([]);
      await shown.page.close();
    } finally {
      first['name'] = name;
    }
  });

  it('Confirm writes once through the app-only tool, tells the model, and a second press writes nothing', async () => {
    const args = updateArgs('browser-Rotated#Community-1');
    const preview = await callTool('update_snmp_credential', args);
    expect(preview.isError).toBeFalsy();
    const shown = await show({
      toolName: 'update_snmp_credential',
      toolInput: args,
      toolResult: preview,
      theme: 'light',
    });
    const { view } = shown;
    await expect.poll(() => view.locator('pre.preview').textContent()).toMatch(/changes community/);
    expect(await view.locator('body').textContent()).not.toContain(args.community);
    await screenshot(shown, 'confirm-panel.png');
    const before = puts().length;
    const confirm = view.getByRole('button', { name: 'Confirm' });
    await confirm.click();
    await expect.poll(() => view.locator('.status').textContent()).toMatch(/^Updated/);
    expect(puts()).toHaveLength(before + 1);
    expect(api.data.credentials[0]?.community).toBe(args.community);
    const records = await shown.records();
    expect(records.map((r) => r.method)).toEqual(['tools/call', 'ui/update-model-context']);
    expect(records[0]?.params).toMatchObject({ name: 'apply_snmp_rotation' });
    expect(JSON.stringify(records[1]?.params)).toMatch(/pressed Confirm.*applied/);
    // A second press: the button is spent, and the same approval sent again is refused.
    expect(await confirm.isDisabled()).toBe(true);
    await confirm.click({ force: true });
    const replay = records[0]?.params as { name: string; arguments: Record<string, unknown> };
    const again = await callTool(replay.name, replay.arguments);
    expect(again.isError).toBe(true);
    expect(puts()).toHaveLength(before + 1);
    expect(await shown.records()).toHaveLength(2);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('Cancel writes nothing and tells the model', async () => {
    const args = updateArgs('browser-Never#Written-2');
    const preview = await callTool('update_snmp_credential', args);
    const shown = await show({
      toolName: 'update_snmp_credential',
      toolInput: args,
      toolResult: preview,
      theme: 'dark',
    });
    const before = puts().length;
    await shown.view.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => shown.view.locator('.status').textContent()).toMatch(/Cancelled/);
    const records = await shown.records();
    expect(records.map((r) => r.method)).toEqual(['ui/update-model-context']);
    expect(JSON.stringify(records[0]?.params)).toMatch(/pressed Cancel/);
    expect(puts()).toHaveLength(before);
    expect(api.data.credentials[0]?.community).not.toBe(args.community);
    expect(await shown.view.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });
});
