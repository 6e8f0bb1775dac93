// Where link changes come from: a small interface a link reader plugs into; until one does, list_changes says plainly that link changes are not reported.
import type { UnknownKind } from '../../api/changes/change-support.js';
import type { ToolContext } from '../define-tool.js';

/** Links that appeared or went away in scope, as counts and the lines both channels show. */
export interface LinkChanges {
  readonly appeared: number;
  readonly gone: number;
  /** One line per link change, service text already quoted. */
  readonly lines: readonly string[];
}

export interface LinkChangeQuestion {
  /** The instant changes are counted from. */
  readonly since: number;
  /** The hosts in scope (undefined: every host the key sees). */
  readonly hostIds: ReadonlySet<string> | undefined;
}

/** A reader of link changes: the changes, or why this version (or build) cannot tell them. */
export interface LinkChangeSource {
  changes(question: LinkChangeQuestion, context: ToolContext): Promise<LinkChanges | UnknownKind>;
}

/** This build's answer: no link reader is wired into list_changes yet. */
export const NO_LINK_SOURCE: LinkChangeSource = {
  changes: async () => ({
    kind: 'links',
    why: 'link changes are not reported by this server yet (it reads no neighbour data for list_changes)',
    would_tell:
      'a build of this server that reads links (Scanopy 0.17.15+ keeps neighbour sightings); meanwhile Scanopy\u2019s topology view shows the links as they are now',
  }),
};
