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
  /** What the service was asked for: "jobs" or "run records" where it was told which, else "discoveries". */
  readonly noun?: string;
  /** With a tag filter: how many items read carry the tag, whatever the other filters. */
  readonly tagged?: number;
  /** With next_run: disabled jobs whose schedule has a run in the window (left out: they will not run). */
  readonly disabledInWindow?: number;
}

/** "3 disabled jobs have a schedule in this window; left out, they will not run." */
export function disabledLine(report: Pick<FilterReport, 'disabledInWindow'>): string | undefined {
  const n = report.disabledInWindow;
  if (n === undefined || n === 0) return undefined;
  return `${n} disabled ${n === 1 ? 'job has' : 'jobs have'} a schedule in this window; left out, ${n === 1 ? 'it' : 'they'} will not run (runs_at, or enabled: false, lists them).`;
}

/**
 * What was read, named: "all 268 discoveries of daemon "lab-pi" on network "Office" read", so the
 * count proves the answer rather than reading as half a network missed.
 */
export function readWords(report: FilterReport, scope: readonly string[]): string {
  const [place, daemon] = scope;
  const where =
    scope.length === 0 ? '' : ` of ${daemon === undefined ? place : `${daemon} on ${place}`}`;
  const by =
    report.service.length > 0 ? ` the service returned for ${report.service.join(', ')}` : '';
  const noun = report.noun ?? 'discoveries';
  return report.complete
    ? `all ${report.scanned} ${noun}${where}${by} read`
    : `the first ${report.scanned} of ${report.inScope} ${noun}${where}${by} read, more not yet`;
}

/** The structured channel's compact form. */
export const filtersStructured = (report: FilterReport) => ({
  service: [...report.service],
  server: [...report.server],
  matched: report.matched,
  scanned: report.scanned,
  ...(report.complete ? {} : { complete: false }),
  ...(report.disabledInWindow === undefined ? {} : { disabled_in_window: report.disabledInWindow }),
});

/** One line for the text channel. */
export function filtersLine(report: FilterReport): string {
  const by = (who: string, names: readonly string[]) =>
    names.length > 0 ? `${who}: ${names.join(', ')}` : undefined;
  const parts = [by('service', report.service), by('this server', report.server)];
  const applied = parts.filter((part): part is string => part !== undefined).join('; ');
  const disabled = disabledLine(report);
  return `Filters ${report.described} (applied by ${applied}); ${report.matched} matched.${disabled ? ` ${disabled}` : ''}`;
}
