// list_links' Mermaid flowchart with hostile host and port names, parsed and rendered by the real mermaid package in chromium: every name stays one label's text, no node, edge or click handler is added.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleData } from '../src/sample-api/data.js';
import { buildInventory } from '../src/sample-api/inventory-data.js';
import { useInventory } from '../src/sample-api/inventory-routes.js';
import { linkListShape } from '../src/views/links/link-shapes.js';
import { type Browser, browserMissing, launchBrowser } from './browser/host.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();
const MERMAID = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

/** Names that would close a label, add a node, an edge, a click handler, a directive or markup. */
const HOSTILE = [
  'core"]; click n1 call alert(1); x["',
  'a|b|c --> evil',
  'x]---y[z',
  '</text><script>alert(1)</script>',
  '%%{init: {"securityLevel": "loose"}}%%',
  'end',
  'style n0 fill:#f00',
  '#quot; #35; &amp; <b>bold</b>',
  "it's `code` {brace} (paren) ;semi",
];

let browser: Browser;
beforeAll(async () => {
  if (!browserMissing) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(browserMissing)('Mermaid from list_links in chromium', () => {
  it('keeps every hostile name inside its label, drawing exactly the links listed', async () => {
    const data = sampleData('0.14.13');
    const inventory = buildInventory();
    useInventory(data, inventory);
    const lab = inventory.hosts.filter((h) => h.network_id === inventory.networks[1]?.id);
    const switches = lab.filter((h) => h.sys_descr?.startsWith('Cisco IOS'));
    switches.forEach((host, i) => {
      host.name = HOSTILE[i % HOSTILE.length] as string;
    });
    const firstPort = switches[0]?.snmp_interfaces[0];
    if (firstPort) Object.assign(firstPort, { name: 'Gi0/1"]; click n0 "javascript:alert(3)"' });
    const h = await start({ sample: { data } });
    const result = await h.call('list_links', { network: 'Lab', format: 'mermaid', limit: 0 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const out = linkListShape.parse(result.structuredContent);
    const text = out.mermaid as string;
    expect(textOf(result)).toContain(text);
    const page = await browser.context.newPage();
    try {
      await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
      await page.addScriptTag({ path: MERMAID });
      const seen = await page.evaluate(async (source) => {
        // In the page: mermaid's own API, typed as far as this test reads it.
        type Vertex = { id: string; link?: string; haveCallback?: boolean };
        type Edge = { start: string; end: string };
        type Node = {
          textContent: string | null;
          attributes: ArrayLike<{ name: string; value: string }>;
        };
        const page = globalThis as unknown as {
          mermaid: {
            initialize(config: object): void;
            parse(text: string): Promise<unknown>;
            render(id: string, text: string): Promise<{ svg: string }>;
            mermaidAPI: {
              getDiagramFromText(text: string): Promise<{
                db: { getVertices(): Map<string, Vertex>; getEdges(): Edge[] };
              }>;
            };
          };
          document: {
            getElementById(id: string): {
              innerHTML: string;
              querySelectorAll(q: string): ArrayLike<Node>;
            };
          };
        };
        const m = page.mermaid;
        m.initialize({ startOnLoad: false, securityLevel: 'strict' });
        await m.parse(source);
        const diagram = await m.mermaidAPI.getDiagramFromText(source);
        const vertices = [...diagram.db.getVertices().values()].map((v) => ({
          id: v.id,
          link: v.link ?? null,
          callback: Boolean(v.haveCallback),
        }));
        const edges = diagram.db.getEdges().map((e) => ({ start: e.start, end: e.end }));
        const { svg } = await m.render('links', source);
        const holder = page.document.getElementById('out');
        holder.innerHTML = svg;
        const all = (q: string) => Array.from(holder.querySelectorAll(q));
        return {
          vertices,
          edges,
          labels: all('.nodeLabel').map((n) => n.textContent ?? ''),
          scripts: all('script').length,
          handlers: all('*').filter((el) =>
            Array.from(el.attributes).some(
              (a) => a.name.startsWith('on') || /javascript:/i.test(a.value),
            ),
          ).length,
          anchors: all('a').length,
        };
      }, text);
      // One node per host shown (ends carry one label per host), one edge per link listed, nothing else.
      const hostIds = new Set(
        (out.links ?? []).flatMap((l) => [l.a.host, l.b.outside ? 'outside' : l.b.host]),
      );
      expect(seen.vertices).toHaveLength(hostIds.size);
      expect(seen.edges).toHaveLength(out.links?.length ?? 0);
      expect(
        seen.vertices.every((v) => /^n\d+$/.test(v.id) && v.link === null && !v.callback),
      ).toBe(true);
      expect(seen.edges.every((e) => /^n\d+$/.test(e.start) && /^n\d+$/.test(e.end))).toBe(true);
      expect(seen.scripts).toBe(0);
      expect(seen.handlers).toBe(0);
      expect(seen.anchors).toBe(0);
      // Each hostile name is shown as its own text, whole (a Mermaid entity is decoded, not run).
      for (const name of HOSTILE.slice(0, switches.length)) {
        expect(seen.labels, name).toContain(name);
      }
    } finally {
      await page.close();
    }
  }, 60_000);
});
