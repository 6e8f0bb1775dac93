// The confirm panel's README picture in chromium at a fixed clock: Confirm writes once through the app-only tool and a second press writes nothing; Cancel writes nothing; the model is told each.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { APPROVAL_META_KEY } from '../src/views/common/app-view.js';
import { browserMissing } from './browser/host.js';
import { poll, screenshot, usePictureRig } from './browser/view-steps.js';
import { updateArgs } from './fixtures.js';

/** The expiry the host hands the view: the picture must not show the time it was taken. */
const FIXED_EXPIRY = '2026-11-22T10:05:00.000Z';

const rig = usePictureRig({ name: 'confirm-picture-browser' });

const puts = () => rig.api.requests.filter((request) => request.method === 'PUT');

describe.skipIf(browserMissing)('the confirm panel in chromium', () => {
  /** The preview as the host hands it to the view, its expiry on the fixed clock. */
  const atFixedClock = (preview: CallToolResult): CallToolResult => {
    const approval = preview._meta?.[APPROVAL_META_KEY] as Record<string, unknown>;
    return {
      ...preview,
      structuredContent: { ...preview.structuredContent, expires_at: FIXED_EXPIRY },
      _meta: { ...preview._meta, [APPROVAL_META_KEY]: { ...approval, expires_at: FIXED_EXPIRY } },
    };
  };

  it('Confirm writes once through the app-only tool, tells the model, and a second press writes nothing', async () => {
    const args = updateArgs('browser-Rotated#Community-1');
    const preview = await rig.callTool('update_snmp_credential', args);
    expect(preview.isError).toBeFalsy();
    const shown = await rig.show({
      toolName: 'update_snmp_credential',
      toolInput: args,
      toolResult: atFixedClock(preview),
      theme: 'light',
    });
    const { view } = shown;
    await poll(() => view.locator('pre.preview').textContent()).toMatch(/changes community/);
    expect(await view.locator('body').textContent()).not.toContain(args.community);
    expect(await view.locator('.hint').textContent()).toContain('10:05:00');
    await screenshot(shown, 'confirm-panel.png');
    const before = puts().length;
    const confirm = view.getByRole('button', { name: 'Confirm' });
    await confirm.click();
    await poll(() => view.locator('.status').textContent()).toMatch(/^Updated/);
    expect(puts()).toHaveLength(before + 1);
    expect(rig.api.data.credentials[0]?.community).toBe(args.community);
    const records = await shown.records();
    expect(records.map((r) => r.method)).toEqual(['tools/call', 'ui/update-model-context']);
    expect(records[0]?.params).toMatchObject({ name: 'apply_snmp_rotation' });
    expect(JSON.stringify(records[1]?.params)).toMatch(/pressed Confirm.*applied/);
    // A second press: the button is spent, and the same approval sent again is refused.
    expect(await confirm.isDisabled()).toBe(true);
    await confirm.click({ force: true });
    const replay = records[0]?.params as { name: string; arguments: Record<string, unknown> };
    const again = await rig.callTool(replay.name, replay.arguments);
    expect(again.isError).toBe(true);
    expect(puts()).toHaveLength(before + 1);
    expect(await shown.records()).toHaveLength(2);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('Cancel writes nothing and tells the model', async () => {
    const args = updateArgs('browser-Never#Written-2');
    const preview = await rig.callTool('update_snmp_credential', args);
    const shown = await rig.show({
      toolName: 'update_snmp_credential',
      toolInput: args,
      toolResult: atFixedClock(preview),
      theme: 'dark',
    });
    // The panel drawn first: on a loaded machine it can take longer than a click waits.
    await poll(() => shown.view.locator('pre.preview').textContent()).toMatch(/changes community/);
    const before = puts().length;
    await shown.view.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => shown.view.locator('.status').textContent()).toMatch(/Cancelled/);
    const records = await shown.records();
    // Cancel reaches the server first (cancel_snmp_rotation spends the approval), then tells the model.
    expect(records.map((r) => r.method)).toEqual(['tools/call', 'ui/update-model-context']);
    expect(JSON.stringify(records[1]?.params)).toMatch(/pressed Cancel/);
    expect(puts()).toHaveLength(before);
    expect(rig.api.data.credentials[0]?.community).not.toBe(args.community);
    expect(await shown.view.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });
});
