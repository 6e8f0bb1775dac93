// Types of scripts/conformance.mjs (plain JavaScript, run with node alone), for its tests.
export interface Check {
  readonly status: string;
  readonly description: string;
  readonly errorMessage?: string;
  readonly details?: { readonly message?: string };
}

export interface BaselineEntry {
  readonly scenario: string;
  readonly reason: string;
}

export interface Classified {
  readonly passed: { scenario: string; checks: number }[];
  readonly expectedFailures: { scenario: string; reason: string; problems: Check[] }[];
  readonly unexpected: { scenario: string; stale: boolean; problems: Check[] }[];
}

export function readBaseline(text: string): BaselineEntry[];
export function readResults(outputDir: string): Map<string, Check[]>;
export function summaryScenarios(output: string): string[];
export function classify(
  results: ReadonlyMap<string, readonly Check[]>,
  ran: readonly string[],
  baseline: readonly BaselineEntry[],
): Classified;
export function formatReport(classified: Classified, baselineName: string): string[];
