// What the test host's page and the browser test share: the run a view is given and what the view asked for.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What one run of the view is given: the tool's arguments, its whole result and the theme. */
export interface HostRun {
  readonly toolName: string;
  readonly toolInput: Record<string, unknown>;
  readonly toolResult: CallToolResult;
  readonly theme: 'light' | 'dark';
  /** The container's width the host tells the view (960 unless given). */
  readonly width?: number;
}

/** What the view asked of the host, in order. */
export interface HostRecord {
  readonly method: 'tools/call' | 'ui/message' | 'ui/update-model-context';
  readonly params: unknown;
}

/** What the page adds to its window, for the test to drive and read. */
export interface HostWindow {
  /** Exposed by the test: forwards a tool call to the real server over stdio. */
  hostCallTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  startHost(run: HostRun): Promise<void>;
  hostRecords: HostRecord[];
}
