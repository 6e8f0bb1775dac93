// Types of scripts/test-report.mjs (plain JavaScript: .ci/run runs it with node alone, even when npm ci failed).
export interface VitestResults {
  readonly numPassedTests?: number;
  readonly numFailedTests?: number;
  readonly numPendingTests?: number;
  readonly numTodoTests?: number;
  readonly numFailedTestSuites?: number;
  readonly testResults?: readonly {
    readonly name: string;
    readonly assertionResults?: readonly { readonly status: string; readonly fullName: string }[];
  }[];
}

export function report(
  results: VitestResults | undefined,
  earlier?: number,
): { lines: string[]; failed: number };
