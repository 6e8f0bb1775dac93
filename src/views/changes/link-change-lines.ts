// One link that went away as both channels show it: list_links' line for the link, and what its ports are linked to now (a moved cable reads as one gone and its port's new link).
import { type LinkView, linkLine } from '../links/link-items.js';

/** `- link gone: "sw-176" "Gi0/3" <-> "prn-165" "Gi0/1" · LLDP · seen 2026-11-12T22:03Z · now "prn-165" "Gi0/1" <-> "sw-182" "Gi0/2" · seen …` */
export function linkGoneLine(link: LinkView, now: readonly LinkView[]): string {
  const nowText = now.map((l) => ` · now ${linkLine(l).slice(2)}`).join('');
  return `- link gone: ${linkLine(link).slice(2)}${nowText}`;
}

/** The line after the shown ones when more links went away than are listed. */
export const moreLinksLine = (more: number) =>
  `${more} more link${more === 1 ? '' : 's'} gone: list_links shows each link with when it was last seen.`;
