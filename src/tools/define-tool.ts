// The ToolDefinition type: a tool is a value (schema, annotations, handler) listed without a network.
import type * as z from 'zod';
import type { ApiClient } from '../api/client.js';
import type { NameDirectory } from '../api/name-directory.js';
import type { CallerApprovals } from '../confirm/app-approval.js';
import type { AuditSink } from '../confirm/audit.js';
import type { Confirmer } from '../confirm/confirmation.js';
import type { CredentialWrite } from '../confirm/credential-values.js';

/** All four hints are required: a tool must say what it does to the world. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * The hints of every read tool: reads change nothing, repeat safely, and talk only to the user's
 * own service (a closed world).
 */
export const READ_ONLY: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/** What a handler gets: the API, the request's signal, and the ways to reach the user. */
export interface ToolContext {
  readonly api: ApiClient;
  /** Names of networks, daemons, tags and hosts by id, cached for this caller. */
  readonly names: NameDirectory;
  readonly signal: AbortSignal;
  readonly confirmer: Confirmer;
  /** The app's Confirm button: approvals issued by a preview and claimed by the app-only tool. */
  readonly approvals: CallerApprovals<CredentialWrite>;
  /** Records every write attempt (never the secret). */
  readonly audit: AuditSink;
  /** Byte budget for one result (text and structuredContent together). */
  readonly maxResultBytes: number;
  /** Reports progress for long work, when the client asked for it. */
  readonly progress: (done: number, total?: number, message?: string) => Promise<void>;
  /** The clock next runs and time windows are counted from: injected so tests pass on any date. */
  readonly now: () => number;
}

/** A successful result: the structured value and its compact text rendering. */
export interface ToolOutput<Structured> {
  readonly structured: Structured;
  readonly text: string;
  /** The result's `_meta`: what a host gives the app view and never the model. */
  readonly meta?: Record<string, unknown>;
}

export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: I;
  readonly outputSchema: O;
  readonly annotations: ToolAnnotations;
  /** Tools that change the service are left out in read-only mode. */
  readonly writes: boolean;
  /** Arguments holding secrets: redacted everywhere from the moment the call arrives. */
  readonly secretArguments?: readonly string[];
  /** The tool's listed `_meta` (the MCP Apps view it declares, its visibility). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * Callable only from the app view: listed only to clients that render apps (a host that does not
   * would ignore `visibility` and show it to the model), and refused to any other.
   */
  readonly appOnly?: boolean;
  readonly handler: (
    args: z.infer<z.ZodObject<I>>,
    context: ToolContext,
  ) => Promise<ToolOutput<z.infer<z.ZodObject<O>>>>;
}

// biome-ignore lint/suspicious/noExplicitAny: the catalog holds tools of every shape.
export type AnyToolDefinition = ToolDefinition<any, any>;

/** Identity helper that keeps each tool's argument and output types inferred. */
export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}
