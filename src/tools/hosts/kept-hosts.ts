// How host answers reach the caller's kept host list: the request's clock, signal and progress, and the "as of" line an answer from it carries.
import type { KeptHosts } from '../../api/inventory/kept-inventory.js';
import { asOfLine } from '../../views/hosts/as-of-note.js';
import { oversizedNotes } from '../../views/hosts/oversized-note.js';
import type { ToolContext } from '../define-tool.js';

/**
 * How long a question waits for a first read of the host list before it answers that the read
 * goes on: MCP clients commonly end a call at 60 s (the SDKs' default request timeout) unless
 * progress resets it, and a timed-out call tells the model nothing.
 */
export const READ_PATIENCE_MS = 45_000;

/** This caller's hosts, kept or read now; undefined beyond a copy's cap (read page by page then). */
export function keptHosts(
  context: ToolContext,
  refresh: boolean | undefined,
  patienceMs = READ_PATIENCE_MS,
) {
  return context.names.inventory.hosts(context.api, {
    signal: context.signal,
    now: context.now,
    refresh,
    patienceMs,
    // Progress is a courtesy: a client that stopped listening must not fail the read.
    progress: (done, total) => {
      context.progress(done, total).catch(() => undefined);
    },
  });
}

/** Whether a copy young enough to answer from is held: then no cheaper service-side read is tried. */
export const holdsHosts = (context: ToolContext) => context.names.inventory.holds(context.now());

/**
 * The line an answer from an earlier read carries (views/hosts/as-of-note.ts; none for a new read),
 * and, kept or new, the hosts the read left out because one alone was over the response cap.
 */
export function asOfNote(
  hosts: Pick<KeptHosts, 'kept' | 'readAt' | 'oversized'> | undefined,
  now: number,
): string[] {
  return [
    ...(hosts?.kept ? [asOfLine(hosts.readAt, now)] : []),
    ...oversizedNotes(hosts?.oversized),
  ];
}
