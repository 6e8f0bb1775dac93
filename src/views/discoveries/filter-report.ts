// Which filters the service applied and which this server applied, said once in each channel.

/** Set on a listing when one of the question filters (tag, discovery_type, ...) was given. */
export interface FilterReport {
  /** Filters the service applied itself (0.17.22), by argument name. */
  readonly service: readonly string[];
  /** Filters this server applied: every filter given, re-applied even when the service did. */
  readonly server: readonly string[];
  /** The filters as a person reads them: "tag core, run_type Scheduled". */
  readonly described: string;
  /** Service items read to find the matches. */
  readonly scanned: number;
  /** Matches found in what was read (some may be left out by the budget). */
  readonly matched: number;
  /** The whole listing was read. */
  readonly complete: boolean;
  /** Items in the scope asked (network, daemon), as the service counted them. */
  readonly inScope: number;
  /** With a tag filter: how many items read carry the tag, whatever the other filters. */
  readonly tagged?: number;
}

/** The structured channel's compact form. */
export const filtersStructured = (report: FilterReport) => ({
  service: [...report.service],
  server: [...report.server],
  matched: report.matched,
  scanned: report.scanned,
  ...(report.complete ? {} : { complete: false }),
});

/** One line for the text channel. */
export function filtersLine(report: FilterReport): string {
  const by = (who: string, names: readonly string[]) =>
    names.length > 0 ? `${who}: ${names.join(', ')}` : undefined;
  const parts = [by('service', report.service), by('this server', report.server)];
  const applied = parts.filter((part): part is string => part !== undefined).join('; ');
  const read = report.complete
    ? `${report.scanned} read`
    : `${report.scanned} read so far, more not yet read`;
  return `Filters ${report.described} (applied by ${applied}); ${report.matched} matched, ${read}.`;
}
