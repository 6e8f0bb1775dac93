// The confirm panel in chromium against the built server over stdio: names in a bdi element, Cancel reaching the server (approval spent, audit line), and the written / unknown report after Confirm.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CREDENTIAL_ID } from '../src/sample-api/data.js';
import { browserMissing } from './browser/host.js';
import { type ShownView, startViewRig, type ViewRig } from './browser/view-rig.js';
import { updateArgs } from './fixtures.js';

let rig: ViewRig;
let dir: string;
let auditLog: string;

beforeAll(async () => {
  if (browserMissing) return;
  dir = mkdtempSync(join(tmpdir(), 'ndm-confirm-browser-'));
  auditLog = join(dir, 'audit.log');
  rig = await startViewRig({
    name: 'confirm-browser-host',
    env: { NETWORK_DISCOVERY_AUDIT_LOG: auditLog },
  });
}, 120_000);

afterAll(async () => {
  await rig?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const puts = () => rig.api.requests.filter((request) => request.method === 'PUT');

const auditLines = () =>
  readFileSync(auditLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Previews `args` through the server and opens the view with that result. */
async function panelFor(args: Record<string, unknown>): Promise<ShownView> {
  const preview = await rig.callTool('update_snmp_credential', args);
  expect(preview.isError).toBeFalsy();
  const panel = await rig.show({
    toolName: 'update_snmp_credential',
    toolInput: args,
    toolResult: preview,
    theme: 'light',
  });
  await expect.poll(() => panel.view.locator('pre.preview').textContent()).toMatch(/community/);
  return panel;
}

const reported = async (panel: ShownView) =>
  JSON.stringify((await panel.records()).find((r) => r.method === 'ui/update-model-context'));

describe.skipIf(browserMissing)('the confirm panel in chromium', () => {
  it('names the credential by name and id, the name in <bdi>, and isolates names in the preview', async () => {
    const name = 'מתגים במשרד 2';
    const panel = await panelFor({ ...updateArgs('bdi-Rotated#Community-1'), name });
    const heading = panel.view.locator('h1');
    expect(await heading.locator('bdi.credential-name').textContent()).toBe(name);
    expect(await heading.locator('.credential-id').textContent()).toBe(`(${SAMPLE_CREDENTIAL_ID})`);
    // Each name in the preview sits between FSI and PDI: the arrow keeps its place.
    expect(await panel.view.locator('pre.preview').textContent()).toContain(
      `-> "\u2068${name}\u2069"`,
    );
    expect(panel.problems).toEqual([]);
    await panel.page.close();
  });

  it('Cancel reaches the server: the approval is spent, the trail records it, the model is told', async () => {
    const args = updateArgs('cancel-Never#Written-2');
    const panel = await panelFor(args);
    const before = puts().length;
    const linesBefore = auditLines().length;
    await panel.view.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => panel.view.locator('.status').textContent()).toMatch(/^Cancelled/);
    await expect
      .poll(async () => (await panel.records()).map((r) => r.method))
      .toEqual(['tools/call', 'ui/update-model-context']);
    const [call] = await panel.records();
    expect(call?.params).toMatchObject({ name: 'cancel_snmp_rotation' });
    expect(await reported(panel)).toMatch(
      /pressed Cancel.*nothing was written.*spent the approval/,
    );
    // The trail has the Cancel, by credential.
    expect(auditLines().slice(linesBefore)).toEqual([
      expect.objectContaining({
        tool: 'cancel_snmp_rotation',
        outcome: 'declined',
        credential_id: SAMPLE_CREDENTIAL_ID,
        detail: 'Cancel pressed in the app',
      }),
    ]);
    // The approval is spent: the same handle sent to Confirm writes nothing.
    const replay = call?.params as { arguments: { approval: string } };
    const late = await rig.callTool('apply_snmp_rotation', { approval: replay.arguments.approval });
    expect(late.isError).toBe(true);
    expect(late.structuredContent).toMatchObject({ written: 'no' });
    expect(puts()).toHaveLength(before);
    expect(rig.api.data.credentials[0]?.community).not.toBe(args.community);
    expect(panel.problems).toEqual([]);
    await panel.page.close();
  });

  it('Confirm that lands reports it written', async () => {
    const args = updateArgs('written-Rotated#Community-3');
    const panel = await panelFor(args);
    await panel.view.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => panel.view.locator('.status').textContent()).toMatch(/^Updated/);
    await expect.poll(() => reported(panel)).toMatch(/pressed Confirm.*applied \(written\)/);
    expect(rig.api.data.credentials[0]?.community).toBe(args.community);
    expect(await panel.view.locator('body').textContent()).not.toContain(args.community);
    await panel.page.close();
  });

  it('Confirm whose answer is lost reports unknown, with the credential read back, never the community', async () => {
    const args = updateArgs('unknown-Rotated#Community-4');
    const panel = await panelFor(args);
    let dropped = 0;
    rig.api.setIntercept((req, res) => {
      if (req.method !== 'PUT' || dropped > 0) return false;
      dropped += 1;
      // The service applies the change; the connection drops before its answer.
      const stored = rig.api.data.credentials[0] as { community: string; updated_at?: string };
      stored.community = args.community;
      stored.updated_at = '2026-11-25T16:00:00Z';
      res.socket?.destroy();
      return true;
    });
    try {
      await panel.view.getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => panel.view.locator('.status').textContent())
        .toMatch(/^Unknown whether written/);
      const report = await reported(panel);
      expect(report).toMatch(/whether the SNMP credential change was written is unknown/);
      expect(report).toMatch(/updated_at differs from the preview/);
      expect(report).toContain(SAMPLE_CREDENTIAL_ID);
      expect(report).not.toMatch(/nothing was written/);
      expect(report).not.toContain(args.community);
      expect(await panel.view.locator('body').textContent()).not.toContain(args.community);
    } finally {
      rig.api.setIntercept(undefined);
      await panel.page.close();
    }
  });
});
