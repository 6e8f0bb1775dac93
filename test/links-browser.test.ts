// The Links tab of the MCP Apps view in chromium at 1280 and 420 px: a path laid out by dagre and highlighted, and a device that opens in the Hosts tab.
import { describe, expect, it } from 'vitest';
import { browserMissing } from './browser/host.js';
import { layoutProblems } from './browser/layout.js';
import { NARROW, poll, screenshot, showTool, usePictureRig, WIDE } from './browser/view-steps.js';

const rig = usePictureRig({ name: 'links-browser' });

describe.skipIf(browserMissing)('the links tab in chromium', () => {
  it.each([
    [WIDE, 'links-light.png'],
    [NARROW, 'links-narrow.png'],
  ] as const)(
    'at %i px draws a path laid out by dagre, highlighted; a click opens the device in Hosts',
    async (width, image) => {
      const shown = await showTool(
        rig,
        'list_links',
        { host: 'sw-14', path_to: 'sw-50' },
        { width },
      );
      const map = shown.view.locator('svg.links-map');
      // The path's five devices and four links, the links on it drawn as the path.
      await poll(() => map.locator('g.device').count()).toBe(5);
      expect(await map.locator('polyline.link.on-path').count()).toBe(4);
      // Laid out, not stacked: the devices stand at distinct places.
      const places = await map
        .locator('g.device')
        .evaluateAll((nodes) =>
          nodes.map((n) =>
            (n as unknown as { getAttribute(a: string): string }).getAttribute('transform'),
          ),
        );
      expect(new Set(places).size).toBe(5);
      expect(await layoutProblems(shown.view, ['.links-list li'])).toEqual([]);
      await screenshot(shown, image);
      await map.locator('g.device[data-host-id]').first().click();
      await poll(() => shown.view.getByRole('tab', { selected: true }).textContent()).toBe('Hosts');
      await poll(async () => (await shown.view.locator('.panel').textContent()) ?? '').toContain(
        'sw-',
      );
      expect(shown.problems).toEqual([]);
      await shown.close();
    },
  );
});
