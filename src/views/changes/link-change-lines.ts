// Link changes as both channels show them: one gone since a time (list_links' line and what its ports are linked to now), or one that appeared or went away between two snapshots.
import { said } from '../hosts/host-item.js';
import { type LinkView, linkLine } from '../links/link-items.js';

/** `- link gone: "sw-176" "Gi0/3" <-> "prn-165" "Gi0/1" · LLDP · seen 2026-11-12T22:03Z · now "prn-165" "Gi0/1" <-> "sw-182" "Gi0/2" · seen …` */
export function linkGoneLine(link: LinkView, now: readonly LinkView[]): string {
  const nowText = now.map((l) => ` · now ${linkLine(l).slice(2)}`).join('');
  return `- link gone: ${linkLine(link).slice(2)}${nowText}`;
}

/** The line after the shown ones when more links went away than are listed. */
export const moreLinksLine = (more: number) =>
  `${more} more link${more === 1 ? '' : 's'} gone: list_links shows each link with when it was last seen.`;

/** One end of a link between snapshots: its host's name and, where known, its port's. */
export interface LinkEnd {
  readonly host: string;
  readonly port?: string | undefined;
}

const endText = (e: LinkEnd) => `${said(e.host)}${e.port ? ` ${said(e.port)}` : ''}`;

/** `- link appeared: "sw-176" "Gi0/3" <-> "prn-165" "Gi0/1"` (from two snapshots' bundles) */
export const snapshotLinkLine = (change: 'appeared' | 'gone', a: LinkEnd, b: LinkEnd) =>
  `- link ${change}: ${endText(a)} <-> ${endText(b)}`;

/** The line after the shown ones when more links changed between the snapshots than are listed. */
export const moreSnapshotLinksLine = (more: number) =>
  `${more} more link change${more === 1 ? '' : 's'} between the snapshots: ask with host or network to narrow them.`;
