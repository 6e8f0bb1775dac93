// The Discoveries tab of the MCP Apps view in chromium: grouped, filtered in place, refreshed through the host, states and failures, dark and 420 px, demo data marked.
import { describe, expect, it } from 'vitest';
import { browserMissing } from './browser/host.js';
import { layoutProblems } from './browser/layout.js';
import { startStand } from './browser/view-rig.js';
import {
  NARROW,
  poll,
  screenshot,
  showTool,
  usePictureRig,
  VERSION,
} from './browser/view-steps.js';
import { envelopeError, JSON_TYPE, reply } from './fake-api.js';

const rig = usePictureRig({ name: 'discoveries-browser' });

describe.skipIf(browserMissing)('the discoveries tab in chromium', () => {
  it('draws discoveries grouped by network and daemon, filters in place, refreshes and asks through the host', async () => {
    const input = { limit: 50 };
    const shown = await showTool(rig, 'list_discoveries', input);
    const { view } = shown;
    await poll(() => view.locator('h1').textContent()).toBe('Discoveries');
    expect(await view.locator('section.network h2').allTextContents()).toEqual([
      expect.stringMatching(/^Office.*\d+ discover/),
      expect.stringMatching(/^Lab.*\d+ discover/),
    ]);
    const rows = view.locator('tbody tr');
    expect(await rows.count()).toBe(rig.api.data.discoveries.length);
    // A disabled job stands out, with its state as a word (not colour alone).
    const disabled = view.locator('tr.state-disabled');
    expect(await disabled.count()).toBe(1);
    expect(await disabled.locator('.badge').textContent()).toBe('disabled');
    // Tags by name (the tool's items carry names, tag_names names any id), never a tag's id.
    const tags = await view.locator('td.tags .tag').allTextContents();
    expect(tags).toContain('core');
    expect(tags).toContain('printers');
    expect(tags.join(' ')).not.toMatch(/[\da-f]{8}-[\da-f]{4}-/i);
    // A schedule in the text channel's words (from the result's _meta), its zone included.
    expect(await view.locator('tbody tr').first().locator('td').nth(2).textContent()).toBe(
      'daily at 03:00 Europe/Berlin',
    );
    // Real data is not marked as a demo.
    expect(await view.locator('.demo').count()).toBe(0);
    // Wide, too, nothing is cut off and no name is squeezed.
    expect(await layoutProblems(view, ['td.name'])).toEqual([]);
    await screenshot(shown, 'discoveries-light.png');

    // Filtering is the view's own work: no request reaches the host or the model.
    await view.locator('select[name="state"]').selectOption('disabled');
    await poll(() => rows.count()).toBe(1);
    await view.locator('select[name="state"]').selectOption('');
    await view.locator('input[name="text"]').fill('printer');
    await poll(() => rows.count()).toBe(2);
    expect(await shown.records()).toEqual([]);

    await view.getByRole('button', { name: 'Refresh' }).click();
    await poll(async () => (await shown.records()).map((r) => r.method)).toEqual(['tools/call']);
    expect((await shown.records())[0]?.params).toMatchObject({
      name: 'list_discoveries',
      arguments: {},
    });
    // The redraw kept the person's filter, and the refreshed schedules are in words too.
    await poll(() => rows.count()).toBe(2);
    expect(
      await view
        .locator('tbody tr', { hasText: 'Printer VLAN scan' })
        .locator('td')
        .nth(2)
        .textContent(),
    ).toBe('at 02:30 UTC, only on Sunday');
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('marks what has not ended and what failed: queued and running are not "ok", a failed job shows its last run and reason, each time its zone', async () => {
    const { view, problems, close } = await showTool(rig, 'list_discoveries', {});
    const row = (name: string) => view.locator('tbody tr', { hasText: name });
    await poll(() => row('Lab nightly (queued)').locator('.badge').textContent()).toBe('queued');
    expect(await row('Rescan of the office printer').locator('.badge').textContent()).toBe(
      'running',
    );
    // The job whose last run failed: its state, when that run ended and why.
    const job = row('Lab unified discovery');
    expect(await job.locator('.badge').textContent()).toBe('failed');
    expect(await job.locator('td.time').textContent()).toBe('2026-11-19 22:04 UTC');
    expect(await job.locator('.error').textContent()).toBe(
      'Last run failed: daemon lost connection',
    );
    expect(await row('Lab full scan (last run)').locator('.error').textContent()).toBe(
      'Run failed: daemon lost connection',
    );
    // Every time the view shows carries its zone.
    const times = (await view.locator('td.time').allTextContents()).filter((t) => t !== '-');
    expect(times.length).toBeGreaterThan(2);
    for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // A job that ran but whose outcome the service does not link is "unknown", never "ok".
    expect(await row('Office LAN sweep').locator('.badge').textContent()).toBe('unknown');
    // The states the filter offers include those, and each leaves the others out.
    await view.locator('select[name="state"]').selectOption('unknown');
    const states = await view.locator('tbody tr .badge').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['unknown']));
    expect(problems).toEqual([]);
    await close();
  });

  it('follows a dark host theme', async () => {
    const shown = await showTool(rig, 'list_discoveries', {}, { theme: 'dark' });
    await poll(() => shown.view.locator('html').getAttribute('data-theme')).toBe('dark');
    await poll(() => shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
    const background = await shown.view
      .locator('body')
      .evaluate((body) => body.ownerDocument.defaultView?.getComputedStyle(body).backgroundColor);
    expect(background).toBe('rgb(13, 17, 23)');
    await screenshot(shown, 'discoveries-dark.png');
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('fits 420 px: nothing cut off, no name a letter a line, each row a card with labelled values', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const shown = await showTool(rig, 'list_discoveries', {}, { theme, width: NARROW });
      await poll(() => shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await layoutProblems(shown.view, ['td.name'])).toEqual([]);
      // The narrow layout labels each value with its column (the table head is hidden).
      const label = await shown.view
        .locator('tbody td[data-label="Last run"]')
        .first()
        .evaluate((td) => td.ownerDocument.defaultView?.getComputedStyle(td, '::before').content);
      expect(label).toBe('"Last run: "');
      await screenshot(shown, `discoveries-narrow-${theme}.png`);
      expect(shown.problems).toEqual([]);
      await shown.close();
    }
  });

  it('Refresh shows that it is busy, and a newer error replaces the older one', async () => {
    let release: () => void = () => undefined;
    let held = false;
    const shown = await showTool(
      rig,
      'list_discoveries',
      {},
      {},
      {
        callTool: async (name, args) => {
          if (held) await new Promise<void>((resolve) => (release = resolve));
          return rig.callTool(name, args);
        },
      },
    );
    const { view } = shown;
    await poll(() => view.locator('tbody tr').count()).toBeGreaterThan(0);
    held = true;
    await view.getByRole('button', { name: 'Refresh' }).click();
    const busy = view.locator('header button');
    await poll(() => busy.getAttribute('aria-busy')).toBe('true');
    expect(await busy.textContent()).toBe('Refreshing…');
    expect(await busy.isDisabled()).toBe(true);
    held = false;
    release();
    await poll(() => busy.textContent()).toBe('Refresh');
    expect(await busy.isDisabled()).toBe(false);

    const errors = view.locator('.status-error');
    const failWith = (status: number, error: string) =>
      rig.api.setIntercept((req, res) =>
        req.path === '/api/v1/discovery'
          ? reply(res, status, envelopeError(error), JSON_TYPE)
          : false,
      );
    try {
      failWith(403, 'first failure');
      await view.getByRole('button', { name: 'Refresh' }).click();
      await poll(() => errors.count()).toBe(1);
      const first = await errors.textContent();
      failWith(404, 'second failure');
      await view.getByRole('button', { name: 'Refresh' }).click();
      await poll(() => errors.textContent()).not.toBe(first);
      expect(await errors.count()).toBe(1);
    } finally {
      rig.api.setIntercept(undefined);
    }
    // A good answer takes the error away.
    await view.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => errors.count()).toBe(0);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('marks demo data as demo data', async () => {
    const demo = await startStand({
      name: 'discoveries-browser-demo',
      scanopyVersion: VERSION,
      args: [`--demo=${VERSION}`],
    });
    try {
      const shown = await showTool(rig, 'list_discoveries', {}, {}, { callTool: demo.callTool });
      await poll(() => shown.view.locator('.demo').textContent()).toBe(
        'Demo data: a built-in sample, not a real network.',
      );
      expect(await shown.view.locator('tbody tr').count()).toBeGreaterThan(0);
      await shown.close();
    } finally {
      await demo.close();
    }
  });
});
