// list_changes' link reader: links gone since T (last seen before T, both hosts seen since) from list_links' graph of the same host copy, on versions that keep when a link was last seen; what a version cannot tell said instead.
import { linkChangeSupport, type UnknownKind } from '../../api/changes/change-support.js';
import { instantOfText, isGoneSince } from '../../api/changes/since.js';
import { linkGoneLine, moreLinksLine } from '../../views/changes/link-change-lines.js';
import { linkChangesRefused } from '../../views/links/copy-refused.js';
import type { ToolContext } from '../define-tool.js';
import type { Link } from '../links/link-graph.js';
import { linkWorldOf } from '../links/link-source.js';
import type { LinkChangeQuestion, LinkChangeSource, LinkChanges } from './link-source.js';

/** Link lines at most in one answer (the counts hold them all). */
const MAX_LINES = 50;

const hostsOf = (link: Link) =>
  link.b.kind === 'outside' ? [link.a.host] : [link.a.host, link.b.host];
const ports = (link: Link) => [link.a.port, ...(link.b.kind === 'port' ? [link.b.port] : [])];

/**
 * Gone since T: last seen (the older of its two rows) before T, while every host it joins was seen
 * at or after T: the scans that saw both ends since T did not carry it. A `run` question also asks
 * that the run before saw it. A link on a switch whose last walk was partial is kept from an
 * earlier scan and not judged; one with no time kept is not judged either.
 */
async function linkChanges(
  q: LinkChangeQuestion,
  context: ToolContext,
): Promise<LinkChanges | UnknownKind> {
  const [profile, service] = await Promise.all([
    context.api.linksProfile(context.signal),
    context.api.service(context.signal),
  ]);
  const support = linkChangeSupport(profile, service.version);
  if (support.whole) return support.whole;
  // With no host copy (too many hosts, or no room to keep one now) there is no graph to read.
  if (!q.copy) return { kind: 'links', ...linkChangesRefused(context.names.inventory.refusal()) };
  const { graph } = await linkWorldOf(context, q.copy, undefined);
  const inScope = (link: Link) => !q.hostIds || hostsOf(link).some((h) => q.hostIds?.has(h.id));
  const gone: Link[] = [];
  let partial = 0;
  let untimed = 0;
  for (const link of graph.links) {
    if (!inScope(link)) continue;
    if (hostsOf(link).some((h) => graph.partial.has(h.id))) {
      partial++;
      continue;
    }
    if (link.seenAt === undefined) {
      untimed++;
      continue;
    }
    const at = instantOfText(link.seenAt);
    if (!(at < q.since) || (q.seenFrom !== undefined && !(at >= q.seenFrom))) continue;
    if (hostsOf(link).some((h) => isGoneSince(h, q.since))) continue;
    gone.push(link);
  }
  const nowOn = (link: Link) => {
    const mine = new Set(ports(link));
    return hostsOf(link)
      .flatMap((h) => graph.byHost.get(h.id) ?? [])
      .filter(
        (l, i, all) => all.indexOf(l) === i && l !== link && ports(l).some((p) => mine.has(p)),
      )
      .filter((l) => instantOfText(l.seenAt) >= q.since);
  };
  const lines = gone.slice(0, MAX_LINES).map((link) => linkGoneLine(link, nowOn(link)));
  if (gone.length > MAX_LINES) lines.push(moreLinksLine(gone.length - MAX_LINES));
  const notes = [
    ...(partial > 0
      ? [
          `${partial} link${partial === 1 ? '' : 's'} on a switch whose last walk was partial ${partial === 1 ? 'was' : 'were'} not judged (kept from an earlier complete scan).`,
        ]
      : []),
    ...(untimed > 0
      ? [
          `${untimed} link${untimed === 1 ? ' has' : 's have'} no time of sighting and ${untimed === 1 ? 'was' : 'were'} not judged.`,
        ]
      : []),
    'Links gone are links Scanopy still keeps whose last sighting is older than the question; a link a complete walk no longer hears is deleted by Scanopy and is not in its data.',
  ];
  return { gone: gone.length, lines, notKnown: support.appeared, notes };
}

/** The reader list_changes uses: the caller's links, as list_links reads them. */
export const KEPT_LINK_SOURCE: LinkChangeSource = { changes: linkChanges };
