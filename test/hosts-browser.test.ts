// The Hosts tab of the MCP Apps view in chromium: grouped by network, filtered in place and at the service, paged, a host's details, opened from Discoveries, counts, dark and 420 px.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  INVENTORY_DISCOVERIES,
  LAB_PRINTERS_CREDENTIAL_ID,
} from '../src/sample-api/inventory-data.js';
import type { HostItemOutput, HostListOutput } from '../src/views/hosts/host-shapes.js';
import { browserMissing } from './browser/host.js';
import { layoutProblems } from './browser/layout.js';
import {
  messages,
  NARROW,
  poll,
  screenshot,
  showTool,
  unquoted,
  usePictureRig,
  WIDE,
} from './browser/view-steps.js';
import { envelopeError, JSON_TYPE, reply } from './fake-api.js';

const rig = usePictureRig({ name: 'hosts-browser' });

/** Every host of a list_hosts answer, with its network's name. */
function hostsOf(result: CallToolResult) {
  const list = result.structuredContent as unknown as HostListOutput;
  return list.groups.flatMap((group) =>
    group.hosts.map((host) => ({ ...host, network: group.network })),
  );
}
/** A host's open ports by number, read from its labels ("22/tcp"). */
const portsOf = (host: HostItemOutput) =>
  [...(host.services ?? []).flatMap((s) => s.ports ?? []), ...(host.other_ports ?? [])].map(
    (label) => Number.parseInt(label, 10),
  );

describe.skipIf(browserMissing)('the hosts tab in chromium', () => {
  it("draws hosts grouped by network, filters by text, service and port in place, and shows a host's details on selection", async () => {
    // One whole network: the view holds every host, so it filters them itself.
    const input = { network: 'Lab', limit: 0 };
    const result = await rig.callTool('list_hosts', input);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const hosts = hostsOf(result);
    const shown = await rig.show({
      toolName: 'list_hosts',
      toolInput: input,
      toolResult: result,
      theme: 'light',
    });
    const { view } = shown;
    const rows = view.locator('tbody tr');
    await poll(() => rows.count()).toBe(hosts.length);
    const networks = (result.structuredContent as unknown as HostListOutput).groups.map(
      (g) => g.network,
    );
    const headings = await view.locator('section.network h2 bdi').allTextContents();
    expect(headings).toEqual(networks);

    // Text: a hostname; service: by name; port: by number; each counted from the answer itself.
    const grafana = hosts.find((h) => h.name === 'lab-grafana');
    expect(grafana).toBeDefined();
    await view.locator('input[name="host-text"]').fill('lab-grafana');
    await poll(() => rows.count()).toBe(1);
    await view.locator('input[name="host-text"]').fill('');
    const withService = (name: string) =>
      hosts.filter((h) => (h.services ?? []).some((s) => s.name === name));
    await view.locator('select[name="host-service"]').selectOption('PostgreSQL');
    await poll(() => rows.count()).toBe(withService('PostgreSQL').length);
    await view.locator('select[name="host-service"]').selectOption('');
    const telnet = hosts.filter((h) => portsOf(h).includes(23));
    expect(telnet.length).toBeGreaterThan(0);
    await view.locator('input[name="host-port"]').fill('23');
    await poll(() => rows.count()).toBe(telnet.length);
    await view.locator('select[name="host-service"]').selectOption('SSH');
    const both = telnet.filter((h) => withService('SSH').includes(h));
    await poll(() => rows.count()).toBe(both.length);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(telnet.length);
    // Filtering asked nothing of the host or the model.
    expect(await shown.records()).toEqual([]);

    // Choosing a switch: its list facts at once, then get_host's (the device's own description).
    const chosen = both[0] as (typeof both)[number];
    await rows.first().locator('button.host-name').click();
    const details = view.locator('.host-details');
    await poll(() => details.locator('h2').textContent()).toBe(chosen.name);
    await poll(async () => (await shown.records()).map((r) => r.params)).toEqual([
      expect.objectContaining({ name: 'get_host', arguments: { host: chosen.id } }),
    ]);
    await poll(() => details.locator('dt').allTextContents()).toContain('System description');
    expect(await details.locator('dt').allTextContents()).toContain('SNMP interfaces');
    expect(await rows.first().getAttribute('class')).toBe('selected');
    expect(await layoutProblems(view, ['td.name'])).toEqual([]);
    await screenshot(shown, 'hosts-light.png');

    await details.getByRole('button', { name: 'Ask about this' }).click();
    await poll(async () => (await messages(shown)).length).toBe(1);
    const [text] = await messages(shown);
    expect(text).toContain(`Explain host ${chosen.id}:`);
    expect(text).toContain(`get_host with host ${chosen.id} reads it`);
    expect(unquoted(text ?? '')).not.toContain(chosen.name);
    await details.getByRole('button', { name: 'Close' }).click();
    await poll(() => details.count()).toBe(0);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('sends the filters to the service when the list is cut, and keeps them across the redraw', async () => {
    const shown = await showTool(rig, 'list_hosts', {});
    const { view } = shown;
    await poll(() => view.locator('tbody tr').count()).toBe(50);
    expect(await view.locator('.shown').textContent()).toMatch(/240 on the service/);
    await view.locator('input[name="host-port"]').fill('23');
    await view.locator('input[name="host-port"]').press('Enter');
    const expected = { port: 23, limit: 0 };
    await poll(async () => (await shown.records()).map((r) => r.params)).toEqual([
      expect.objectContaining({ name: 'list_hosts', arguments: expected }),
    ]);
    const telnet = hostsOf(await rig.callTool('list_hosts', expected));
    expect(telnet.length).toBeGreaterThan(50);
    await poll(() => view.locator('tbody tr').count()).toBe(telnet.length);
    expect(await view.locator('input[name="host-port"]').inputValue()).toBe('23');
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('a cut list has a next-page control: it asks list_hosts for the next offset, then offers the previous page', async () => {
    const shown = await showTool(rig, 'list_hosts', {});
    const { view } = shown;
    await poll(() => view.locator('tbody tr').count()).toBe(50);
    const pager = view.getByRole('navigation', { name: 'Pages of hosts' });
    expect(await pager.textContent()).toContain('Hosts 1-50 of 240');
    expect(await pager.getByRole('button', { name: 'Previous page' }).count()).toBe(0);
    const first = await view.locator('tbody tr').first().textContent();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await poll(async () => (await shown.records()).map((r) => r.params)).toEqual([
      expect.objectContaining({ name: 'list_hosts', arguments: { offset: 50 } }),
    ]);
    await poll(() => pager.textContent()).toContain('Hosts 51-100 of 240');
    expect(await view.locator('tbody tr').first().textContent()).not.toBe(first);
    expect(await pager.getByRole('button', { name: 'Previous page' }).count()).toBe(1);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it("opens from the Discoveries tab, and get_host's own result shows that host", async () => {
    const shown = await showTool(rig, 'list_discoveries', {});
    const hostsTab = shown.view.getByRole('tab', { name: 'Hosts' });
    // The view drawn first: on a loaded machine it can take longer than a click waits.
    await poll(() => shown.view.locator('h1').textContent()).toBe('Discoveries');
    // A failed first load says so, and choosing the tab again retries.
    rig.api.setIntercept((req, res) =>
      req.path.startsWith('/api/v1/hosts')
        ? reply(res, 403, envelopeError('no hosts for you'), JSON_TYPE)
        : false,
    );
    try {
      await hostsTab.click();
      await poll(() => shown.view.locator('.panel .empty').textContent()).toMatch(
        /^Nothing loaded/,
      );
      expect(await shown.view.locator('.status-error').count()).toBe(1);
    } finally {
      rig.api.setIntercept(undefined);
    }
    await hostsTab.click();
    await poll(() => shown.view.locator('tbody tr button.host-name').count()).toBeGreaterThan(0);
    expect(await shown.view.locator('.status-error').count()).toBe(0);
    const calls = (await shown.records()).map((r) => r.params);
    expect(calls).toEqual([
      expect.objectContaining({ name: 'list_hosts', arguments: {} }),
      expect.objectContaining({ name: 'list_hosts', arguments: {} }),
    ]);
    await shown.view.getByRole('tab', { name: 'Discoveries' }).click();
    await poll(() => shown.view.locator('h1').textContent()).toBe('Discoveries');
    await shown.close();

    const one = await showTool(rig, 'get_host', { host: 'lab-grafana' });
    const details = one.view.locator('.host-details');
    await poll(() => details.locator('h2').textContent()).toBe('lab-grafana');
    expect(await details.locator('dt').allTextContents()).toContain('Runs on');
    // The answer carries ids; the view shows their names.
    const facts = await details.locator('dd').allTextContents();
    expect(facts).toContain('Lab printers (from its network)');
    expect(facts.join(' ')).toContain('Lab unified discovery');
    for (const id of [LAB_PRINTERS_CREDENTIAL_ID, INVENTORY_DISCOVERIES.labUnified]) {
      expect(facts.join(' ')).not.toContain(id);
    }
    expect(one.problems).toEqual([]);
    await one.close();
  });

  it('draws counts_only as counts, with nothing to filter', async () => {
    const result = await rig.callTool('list_hosts', { counts_only: true });
    const counts = (result.structuredContent as unknown as HostListOutput).counts;
    const shown = await rig.show({
      toolName: 'list_hosts',
      toolInput: { counts_only: true },
      toolResult: result,
      theme: 'light',
    });
    const facts = shown.view.locator('.host-counts dd');
    await poll(() => shown.view.locator('.host-counts dt').allTextContents()).toContain(
      'By service',
    );
    expect(await facts.first().textContent()).toBe(String(counts?.hosts));
    const services = await shown.view
      .locator('.host-counts dd')
      .nth(2)
      .locator('li')
      .allTextContents();
    expect(services).toEqual(counts?.by_service.top.map(([name, n]) => `${name} ${n}`));
    expect(await shown.view.locator('input[name="host-text"]').count()).toBe(0);
    expect(shown.problems).toEqual([]);
    await shown.close();
  });

  it('follows a dark host theme, and fits 420 px in both themes with a host chosen', async () => {
    const input = { network: 'Lab', limit: 0 };
    const result = await rig.callTool('list_hosts', input);
    for (const [theme, width] of [
      ['dark', WIDE],
      ['light', NARROW],
      ['dark', NARROW],
    ] as const) {
      const shown = await rig.show({
        toolName: 'list_hosts',
        toolInput: input,
        toolResult: result,
        theme,
        width,
      });
      const rows = shown.view.locator('tbody tr');
      await poll(() => rows.count()).toBeGreaterThan(0);
      await shown.view.locator('select[name="host-service"]').selectOption('SNMP');
      await rows.first().locator('button.host-name').click();
      await poll(() => shown.view.locator('.host-details dt').allTextContents()).toContain(
        'System description',
      );
      if (width === NARROW) {
        expect(await layoutProblems(shown.view, ['td.name'])).toEqual([]);
        await screenshot(shown, `hosts-narrow-${theme}.png`);
      } else {
        await screenshot(shown, `hosts-${theme}.png`);
      }
      expect(shown.problems).toEqual([]);
      await shown.close();
    }
  });
});
