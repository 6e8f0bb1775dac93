// The Hosts tab in chromium on 0.14.13 and 0.17.22: an empty answer keeps its filters, get_host alone fills the panel, no OS column of dashes, the page shown, the list kept in place, a discovery where one is expected.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostListOutput } from '../src/views/hosts/host-shapes.js';
import { browserMissing } from './browser/host.js';
import { type ShownView, startViewRig, type ViewRig } from './browser/view-rig.js';

const WIDE = 1280;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

let old: ViewRig;
let current: ViewRig;

beforeAll(async () => {
  if (browserMissing) return;
  [old, current] = await Promise.all([
    startViewRig({ name: 'hosts-tab-0.14', scanopyVersion: '0.14.13' }),
    startViewRig({ name: 'hosts-tab-0.17', scanopyVersion: '0.17.22' }),
  ]);
}, 120_000);

afterAll(async () => {
  await old?.close();
  await current?.close();
});

/** Calls the tool through the rig's server and opens the view on its result, 1280 px wide. */
async function open(rig: ViewRig, toolName: string, toolInput: Record<string, unknown>) {
  const toolResult: CallToolResult = await rig.callTool(toolName, toolInput);
  expect(toolResult.isError, JSON.stringify(toolResult.content)).toBeFalsy();
  const shown = await rig.show({ toolName, toolInput, toolResult, theme: 'light', width: WIDE });
  return { shown, toolResult };
}

const calls = async (shown: ShownView) =>
  (await shown.records()).filter((r) => r.method === 'tools/call').map((r) => r.params);

/** The box of an element of the view, in the page's pixels. */
async function box(view: FrameLocator, selector: string) {
  const found = await view.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not drawn`);
  return found;
}

describe.skipIf(browserMissing)('the hosts tab in chromium', { timeout: 60_000 }, () => {
  it('an empty answer shows the filters it was asked with, and a changed filter asks the service again', async () => {
    const input = { search: 'no-such-host', service: 'SSH' };
    const { shown } = await open(current, 'list_hosts', input);
    const { view } = shown;
    await poll(() => view.locator('.panel .empty').textContent()).toMatch(
      /no host that matches these filters/,
    );
    expect(await view.locator('input[name="host-text"]').inputValue()).toBe('no-such-host');
    expect(await view.locator('select[name="host-service"]').inputValue()).toBe('SSH');
    // Another search: the service is asked with what the controls hold now, in place of the call's own.
    await view.locator('input[name="host-text"]').fill('lab');
    await view.locator('input[name="host-text"]').press('Enter');
    const asked = { search: 'lab', service: 'SSH', limit: 0 };
    await poll(() => calls(shown)).toEqual([
      expect.objectContaining({ name: 'list_hosts', arguments: asked }),
    ]);
    const answer = (await current.callTool('list_hosts', asked))
      .structuredContent as unknown as HostListOutput;
    const found = answer.groups.flatMap((g) => g.hosts).length;
    expect(found).toBeGreaterThan(0);
    await poll(() => view.locator('tbody tr').count()).toBe(found);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('get_host alone takes the whole panel at 1280 px', async () => {
    const { shown } = await open(current, 'get_host', { host: 'lab-grafana' });
    const { view } = shown;
    await poll(() => view.locator('.host-details h2').textContent()).toBe('lab-grafana');
    const panel = await box(view, '.hosts-layout');
    const details = await box(view, '.host-details');
    expect(details.width).toBeGreaterThan(panel.width * 0.9);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('after Next page the "Showing" line names the hosts of that page', async () => {
    const { shown } = await open(current, 'list_hosts', {});
    const { view } = shown;
    const line = view.locator('.shown');
    await poll(() => line.textContent()).toMatch(/hosts 1-50\b/);
    await view.getByRole('button', { name: 'Next page' }).click();
    await poll(() => line.textContent()).toMatch(/hosts 51-100\b/);
    expect(await line.textContent()).not.toMatch(/1-50\b/);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('choosing a host far down the list leaves the list where it was, and its details in view', async () => {
    const { shown } = await open(current, 'list_hosts', { network: 'Lab', limit: 0 });
    const { view } = shown;
    const rows = view.locator('tbody tr');
    await poll(() => rows.count()).toBeGreaterThan(30);
    const row = rows.nth(30);
    await row.scrollIntoViewIfNeeded();
    const scroller = view.locator('#app');
    const before = await scroller.evaluate((node) => node.scrollTop);
    expect(before).toBeGreaterThan(300);
    await row.locator('button.host-name').click();
    await poll(() => view.locator('.host-details h2').textContent()).toBe(
      await row.locator('button.host-name').textContent(),
    );
    expect(Math.abs((await scroller.evaluate((node) => node.scrollTop)) - before)).toBeLessThan(5);
    // The details beside the list are on screen, not at the top of a list scrolled away.
    const details = await box(view, '.host-details h2');
    expect(details.y).toBeGreaterThanOrEqual(0);
    expect(details.y).toBeLessThan(780);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('on 0.14.13 says once that no host has an OS instead of a column of dashes; on 0.17.22 the OS column stays', async () => {
    const { shown } = await open(old, 'list_hosts', { network: 'Lab', limit: 0 });
    await poll(() => shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await shown.view.locator('th').allTextContents()).not.toContain('OS');
    expect(await shown.view.locator('td[data-label="OS"]').count()).toBe(0);
    const notes = shown.view.locator('.panel .hint');
    expect(await notes.allTextContents()).toEqual([expect.stringMatching(/no host .* has an OS/)]);
    await shown.page.close();

    const { shown: newer, toolResult } = await open(current, 'list_hosts', {
      network: 'Lab',
      limit: 0,
    });
    const hosts = (toolResult.structuredContent as unknown as HostListOutput).groups.flatMap(
      (g) => g.hosts,
    );
    expect(hosts.some((h) => h.os)).toBe(true);
    await poll(() => newer.view.locator('th').allTextContents()).toContain('OS');
    expect(await newer.view.locator('.panel .hint').count()).toBe(0);
    await newer.page.close();
  });

  it('"First found by" names a discovery, never a bare time (0.14.13 and 0.17.22)', async () => {
    for (const [rig, expected] of [
      [old, /^No discovery the service still lists \(a run at \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/],
      [current, /^Lab unified discovery$/],
    ] as const) {
      const { shown } = await open(rig, 'get_host', { host: 'lab-grafana' });
      const facts = shown.view.locator('.host-details dl');
      await poll(() => facts.locator('dt').allTextContents()).toContain('First found by');
      const terms = await facts.locator('dt').allTextContents();
      const values = await facts.locator('dd').allTextContents();
      const found = values[terms.indexOf('First found by')];
      expect(found).toMatch(expected);
      expect(values[terms.indexOf('Last touched by')]).toMatch(/^Lab full scan \(last run\)/);
      expect(shown.problems).toEqual([]);
      await shown.page.close();
    }
  });
});
