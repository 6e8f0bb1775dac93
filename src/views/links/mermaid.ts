// Links as a Mermaid flowchart: node ids are ours (n0, n1...), every label escaped here and nowhere else, so no name can close its label, add a node or a click handler.

import { serviceText } from '../../safety/sanitize.js';
import { unmarkServiceData } from '../../safety/service-data-mark.js';
import { type LinkView, OUTSIDE, PORT_NOT_KNOWN, portName } from './link-items.js';

/** Links drawn at most: a bigger picture is unreadable, and the text says what was left out. */
export const MERMAID_MAX_LINKS = 300;

/**
 * A label's text as Mermaid entity codes: letters, digits, space and `._-/` stay; every other
 * character (quotes, brackets, pipes, semicolons, `#`, `<`, `&`, newlines) becomes `#<code>;`,
 * which Mermaid shows as that character and never reads as syntax.
 */
export function mermaidLabel(text: string, max = 60): string {
  const clean = serviceText(unmarkServiceData(text), max);
  let out = '';
  for (const char of clean) {
    out += /^[A-Za-z0-9 ._/-]$/.test(char) ? char : `#${char.codePointAt(0)};`;
  }
  return `"${out}"`;
}

/** The flowchart of `links` (the first MERMAID_MAX_LINKS); highlighted links drawn thick. */
export function mermaidOf(
  links: readonly LinkView[],
  highlight: ReadonlySet<LinkView> = new Set(),
): { readonly text: string; readonly drawn: number } {
  const ids = new Map<string, string>();
  const nodes: string[] = [];
  const node = (key: string, label: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = `n${ids.size}`;
      ids.set(key, id);
      nodes.push(`  ${id}[${mermaidLabel(label)}]`);
    }
    return id;
  };
  const edges: string[] = [];
  const drawn = links.slice(0, MERMAID_MAX_LINKS);
  for (const link of drawn) {
    const a = node(link.a.host.id, link.a.host.name || link.a.host.id);
    // Every outside end is its own node: two links out are not shown as one far device.
    const b =
      link.b.kind === 'outside'
        ? node(`outside:${edges.length}`, OUTSIDE)
        : node(link.b.host.id, link.b.host.name || link.b.host.id);
    const farPort = link.b.kind === 'port' ? portName(link.b.port) : PORT_NOT_KNOWN;
    const label = mermaidLabel(
      `${portName(link.a.port)} - ${link.b.kind === 'outside' ? '?' : farPort}`,
    );
    edges.push(`  ${a} ${highlight.has(link) ? '===' : '---'}|${label}| ${b}`);
  }
  return { text: ['flowchart LR', ...nodes, ...edges].join('\n'), drawn: drawn.length };
}
