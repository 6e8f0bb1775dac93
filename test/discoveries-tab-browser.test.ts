// The Discoveries tab in chromium on 0.17.22: an empty answer keeps the filters that produced it (search, type, last run, tag), and a changed filter asks the service again.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing } from './browser/host.js';
import { type ShownView, startViewRig, type ViewRig } from './browser/view-rig.js';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

let rig: ViewRig;

beforeAll(async () => {
  if (browserMissing) return;
  rig = await startViewRig({ name: 'discoveries-tab', scanopyVersion: '0.17.22' });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

/** Calls list_discoveries through the rig's server and opens the view on its result. */
async function open(toolInput: Record<string, unknown>) {
  const toolResult: CallToolResult = await rig.callTool('list_discoveries', toolInput);
  expect(toolResult.isError, JSON.stringify(toolResult.content)).toBeFalsy();
  return rig.show({ toolName: 'list_discoveries', toolInput, toolResult, theme: 'light' });
}

const calls = async (shown: ShownView) =>
  (await shown.records()).filter((r) => r.method === 'tools/call').map((r) => r.params);

/** How many discoveries list_discoveries gives for these arguments. */
async function countFor(args: Record<string, unknown>) {
  const result = await rig.callTool('list_discoveries', { ...args, fields: 'id' });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return (result.structuredContent as { rows: unknown[] }).rows.length;
}

describe.skipIf(browserMissing)('the discoveries tab in chromium', { timeout: 60_000 }, () => {
  it('an empty answer shows the search it was asked with, and a changed search asks the service again', async () => {
    const shown = await open({ search: 'no-such-scan', network: 'Office' });
    const { view } = shown;
    await poll(() => view.locator('.panel .empty').textContent()).toMatch(
      /no discovery that matches these filters/,
    );
    expect(await view.locator('input[name="text"]').inputValue()).toBe('no-such-scan');
    await view.locator('input[name="text"]').fill('sweep');
    await view.locator('input[name="text"]').press('Enter');
    // The call's scope kept, its search replaced by the box's, every match at once.
    const asked = { network: 'Office', search: 'sweep', limit: 0 };
    await poll(() => calls(shown)).toEqual([
      expect.objectContaining({ name: 'list_discoveries', arguments: asked }),
    ]);
    const found = await countFor(asked);
    expect(found).toBeGreaterThan(0);
    await poll(() => view.locator('tbody tr').count()).toBe(found);
    expect(await view.locator('input[name="text"]').inputValue()).toBe('sweep');
    // Refresh asks the question drawn now, not the model's first.
    await view.getByRole('button', { name: 'Refresh' }).click();
    await poll(async () => (await calls(shown)).length).toBe(2);
    expect((await calls(shown))[1]).toMatchObject({ arguments: asked });
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it('an empty answer shows its type, last run and tag in their controls; Any type asks again without it', async () => {
    const input = {
      search: 'no-such-scan',
      discovery_type: 'docker',
      last_run: 'failed',
      tag: 'core',
    };
    const shown = await open(input);
    const { view } = shown;
    await poll(() => view.locator('.panel .empty').textContent()).toMatch(
      /no discovery that matches these filters/,
    );
    expect(await view.locator('select[name="type"]').inputValue()).toBe('docker');
    expect(await view.locator('select[name="state"]').inputValue()).toBe('failed');
    expect(await view.locator('select[name="tag"]').inputValue()).toBe('core');
    await view.locator('select[name="type"]').selectOption('');
    await poll(() => calls(shown)).toEqual([
      expect.objectContaining({
        name: 'list_discoveries',
        arguments: { search: 'no-such-scan', last_run: 'failed', tag: 'core', limit: 0 },
      }),
    ]);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });

  it("an answer with items starts with empty filters: the call's own filters are in its summary", async () => {
    const shown = await open({ search: 'sweep' });
    const { view } = shown;
    await poll(() => view.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await view.locator('input[name="text"]').inputValue()).toBe('');
    // Filtering in place asks nothing.
    await view.locator('input[name="text"]').fill('zzz-nothing');
    await poll(() => view.locator('.panel .empty').textContent()).toBe(
      'No discovery matches these filters.',
    );
    await view.locator('input[name="text"]').press('Enter');
    expect(await calls(shown)).toEqual([]);
    expect(shown.problems).toEqual([]);
    await shown.page.close();
  });
});
