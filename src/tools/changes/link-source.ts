// Where link changes come from: the interface list_changes asks through (link-changes.ts is the reader over list_links' graph), so the tool's tests can plug in another.
import type { UnknownKind } from '../../api/changes/change-support.js';
import type { KeptHosts } from '../../api/inventory/kept-inventory.js';
import type { ToolContext } from '../define-tool.js';

/** Links that appeared or went away in scope, as counts and the lines both channels show. */
export interface LinkChanges {
  /** Undefined where the version keeps no first sighting of a link (`notKnown` says so). */
  readonly appeared?: number | undefined;
  readonly gone: number;
  /** One line per link change, service text already quoted. */
  readonly lines: readonly string[];
  /** The half of the kind this version cannot tell. */
  readonly notKnown?: UnknownKind | undefined;
  /** Links left unjudged and why (a partial walk, no time kept). */
  readonly notes?: readonly string[] | undefined;
}

export interface LinkChangeQuestion {
  /** The instant changes are counted from. */
  readonly since: number;
  /** A `run` question: a link gone must have been seen at or after this (by the run before). */
  readonly seenFrom?: number | undefined;
  /** The hosts in scope (undefined: every host the key sees). */
  readonly hostIds: ReadonlySet<string> | undefined;
  /** The host copy list_changes answered from; undefined beyond the copy's cap. */
  readonly copy: KeptHosts | undefined;
}

/** A reader of link changes: the changes, or why this version (or build) cannot tell them. */
export interface LinkChangeSource {
  changes(question: LinkChangeQuestion, context: ToolContext): Promise<LinkChanges | UnknownKind>;
}
