// The one place tools meet the SDK: registerTool for each, and any thrown error mapped to isError.

import type {
  CallToolResult,
  InputRequiredResult,
  McpServer,
  ServerContext,
  Tool,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ApiClient } from '../api/client.js';
import type { NameDirectory } from '../api/name-directory.js';
import type { CallerApprovals } from '../confirm/app-approval.js';
import type { AuditSink } from '../confirm/audit.js';
import type { Confirmer, ElicitationPort } from '../confirm/confirmation.js';
import type { TokenSigner } from '../confirm/confirmation-token.js';
import type { CredentialWrite } from '../confirm/credential-values.js';
import { WriteOutcomeError } from '../confirm/write-outcome.js';
import { quoteBody } from '../safety/quote.js';
import type { Redactor } from '../safety/redact.js';
import { markServiceData } from '../safety/service-data-mark.js';
import type { AnyToolDefinition, ToolContext } from '../tools/define-tool.js';
import { LAZY_TOOLS, type LazyTool } from '../tools/lazy-catalog.js';
import { type ClientAbilities, clientAbilities } from './client-abilities.js';
import { formRound } from './confirm-form.js';
import { redactedMeta } from './redacted-meta.js';
import { strictArguments } from './strict-arguments.js';
import { describeError, type ErrorContext } from './tool-error.js';
import generatedListing from './tool-listing.json' with { type: 'json' };

/** What one call may use to reach a person, built for what its client can show. */
export interface CallConfirmation {
  readonly confirmer: Confirmer;
  readonly approvals: CallerApprovals<CredentialWrite>;
}

/** What one server's tools reach the service through. */
export interface CallerServices {
  readonly api: ApiClient;
  /** This caller's cache of names and its kept host copy. */
  readonly names: NameDirectory;
}

export interface ToolDependencies {
  /** Loaded on the first call and kept (compose.ts), or given as they are (tests). */
  readonly services: () => Promise<CallerServices>;
  /** The app's Confirm button, for a client that renders apps (or not). */
  readonly approvalsFor: (abilities: ClientAbilities) => CallerApprovals<CredentialWrite>;
  /** The confirmer over one call's form (asked over the connection, or sent in the result). */
  readonly confirmerFor: (
    form: ElicitationPort,
    approvals: CallerApprovals<CredentialWrite>,
  ) => Confirmer;
  /** The caller's confirmation tokens: a form's requestState is one. */
  readonly tokens: TokenSigner;
  readonly audit: AuditSink;
  readonly redactor: Redactor;
  readonly errorContext: ErrorContext;
  readonly maxResultBytes: number;
  /** The clock handed to every tool (Date.now unless a test fixes it). */
  readonly now?: () => number;
  /** Demo mode: each result's text starts with DEMO_MARK, and its structuredContent has `demo`. */
  readonly demo?: boolean;
}

export const DEMO_MARK = '[demo data: built-in sample, not a real network]';

/**
 * Every tool as tools/list shows it, generated from the definitions by `npm run listing`
 * (scripts/tool-listing.ts says why; test/tool-listing.test.ts keeps it current).
 */
const TOOL_LISTING = generatedListing as unknown as readonly Tool[];

/** The listed form of a tool. */
function listed(name: string): Tool {
  const entry = TOOL_LISTING.find((tool) => tool.name === name);
  if (!entry) throw new Error(`src/mcp/tool-listing.json has no ${name}: run npm run listing`);
  return entry;
}

/** A tool's definition with the schemas the SDK validates its arguments and output with. */
interface LoadedTool {
  readonly definition: AnyToolDefinition;
  readonly input: z.ZodType;
  readonly output: z.ZodType;
}

/**
 * Each tool loaded once per process, on the first call of any server (HTTP mode builds a server
 * per request): its module, then its schemas, which are the same for every server.
 */
const loadedTools = new Map<string, { done?: LoadedTool; loading: Promise<LoadedTool> }>();

function loadTool(tool: LazyTool): { done?: LoadedTool; loading: Promise<LoadedTool> } {
  const known = loadedTools.get(tool.name);
  if (known) return known;
  const entry: { done?: LoadedTool; loading: Promise<LoadedTool> } = {
    loading: tool.load().then((definition) => {
      entry.done = {
        definition,
        input: strictArguments(definition.name, definition.inputSchema),
        output: z.object(definition.outputSchema),
      };
      return entry.done;
    }),
  };
  loadedTools.set(tool.name, entry);
  return entry;
}

/** Every selected tool loaded before it is called (HTTP mode, whose SDK entry reads schemas first). */
export async function loadTools(tools: readonly LazyTool[] = LAZY_TOOLS): Promise<void> {
  await Promise.all(tools.map((tool) => loadTool(tool).loading));
}

/**
 * A Standard Schema that loads the tool on first use and then is its schema: validation (the
 * SDK's first use, before the handler runs) waits for the load; the JSON Schema form, which the
 * SDK asks for synchronously and only after validating, is the loaded schema's own.
 */
function lazySchema(tool: LazyTool, pick: (loaded: LoadedTool) => z.ZodType): z.ZodType {
  const loaded = (): z.ZodType => {
    const done = loadTool(tool).done;
    if (!done) throw new Error(`${tool.name} is not loaded yet`);
    return pick(done);
  };
  const standard = {
    version: 1,
    vendor: 'zod',
    validate: async (value: unknown) =>
      pick(await loadTool(tool).loading)['~standard'].validate(value),
    jsonSchema: {
      input: (options: unknown) => jsonSchemaOf(loaded(), 'input', options),
      output: (options: unknown) => jsonSchemaOf(loaded(), 'output', options),
    },
  };
  return { '~standard': standard } as unknown as z.ZodType;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', options: unknown): unknown {
  const standard = schema['~standard'] as unknown as {
    jsonSchema: Record<'input' | 'output', (options: unknown) => unknown>;
  };
  return standard.jsonSchema[io](options);
}

export function registerTools(
  server: McpServer,
  tools: readonly LazyTool[],
  deps: ToolDependencies,
): void {
  for (const tool of tools) {
    const { title, description, annotations, _meta } = listed(tool.name);
    server.registerTool(
      tool.name,
      {
        ...(title === undefined ? {} : { title }),
        ...(description === undefined ? {} : { description }),
        inputSchema: lazySchema(tool, (loaded) => loaded.input),
        outputSchema: lazySchema(tool, (loaded) => loaded.output),
        ...(annotations ? { annotations } : {}),
        ...(_meta ? { _meta } : {}),
      },
      async (args: unknown, ctx: ServerContext) =>
        runTool(
          (await loadTool(tool).loading).definition,
          args as Record<string, unknown>,
          ctx,
          clientAbilities(server.server, ctx),
          deps,
        ),
    );
  }
  // Replaces the SDK's listing (same schemas plus $schema and a default `execution` per tool):
  // the catalog sits in the model's context for the whole conversation.
  const listing = { tools: tools.map((tool) => listed(tool.name)) };
  const withoutAppOnly = {
    tools: tools.filter((tool) => !tool.appOnly).map((tool) => listed(tool.name)),
  };
  // App-only tools go only to clients that render apps: any other ignores `visibility`, so its
  // model would see (and could call) the Confirm button.
  server.server.setRequestHandler('tools/list', (_request, ctx) =>
    deps.approvalsFor(clientAbilities(server.server, ctx)).available() ? listing : withoutAppOnly,
  );
}

/** Keys under which a result holds names the service gave records: discovery, tag, credential names. */
const NAME_KEYS: ReadonlySet<string> = new Set(['name', 'names']);

/** Every name in a result, in the spellings the text channel shows it (plain, quoted, marked). */
function shownNames(view: unknown): string[] {
  const names: string[] = [];
  const walk = (value: unknown, named: boolean, depth: number) => {
    if (typeof value === 'string') {
      if (named) names.push(value, quoteBody(value), quoteBody(markServiceData(value)));
    } else if (value !== null && typeof value === 'object' && depth <= 64) {
      for (const [key, inner] of Object.entries(value)) {
        walk(inner, named || NAME_KEYS.has(key), depth + 1);
      }
    }
  };
  walk(view, false, 0);
  return names;
}

async function runTool(
  tool: AnyToolDefinition,
  args: Record<string, unknown>,
  ctx: ServerContext,
  abilities: ClientAbilities,
  deps: ToolDependencies,
): Promise<CallToolResult | InputRequiredResult> {
  // Before anything else, so even an error on the very first request cannot echo a secret.
  for (const name of tool.secretArguments ?? []) {
    const value = args[name];
    if (typeof value === 'string') deps.redactor.addEchoed(value);
  }
  const approvals = deps.approvalsFor(abilities);
  const now = deps.now ?? Date.now;
  const form = formRound(ctx, { tool: tool.name, args, abilities, tokens: deps.tokens });
  if (tool.appOnly && !approvals.available()) {
    return errorResult(
      `${tool.name} is the Confirm button of an MCP Apps view; this client did not say it renders apps, so nothing was done.`,
      deps,
    );
  }
  const base: Omit<ToolContext, keyof CallerServices> = {
    signal: ctx.mcpReq.signal,
    confirmer: deps.confirmerFor(form.port, approvals),
    approvals,
    // The round that sends the form out records nothing: the retry records what the person chose.
    audit: (entry) => {
      if (!form.pendingResult()) deps.audit(entry);
    },
    maxResultBytes: deps.maxResultBytes,
    progress: progressReporter(ctx),
    now,
  };
  try {
    const context: ToolContext = { ...(await deps.services()), ...base };
    const output = await tool.handler(args, context);
    // Each channel stands alone (clients read one or the other), so each carries the demo mark.
    const unseen = form.declinedUnseen();
    const said = unseen ? withUnseenStep(output.structured) : output.structured;
    const view = deps.demo ? { demo: DEMO_MARK, ...said } : said;
    // Results pass the redactor too: the service may echo a secret back in any field. Value by
    // value, never on the JSON text, so no secret (say "true") can break the structure. A
    // caller's community is masked by place: not inside names the service gave other records.
    // The result of a call that carried a secret is where an echo of it can appear: redacted whole.
    const echoes = (tool.secretArguments ?? []).length > 0;
    const shown = demoMarked(unseen ? `${output.text}\n${UNSEEN_NOTE}` : output.text, deps);
    const structured = echoes
      ? deps.redactor.redactValue(view)
      : deps.redactor.redactValueSparing(view, NAME_KEYS);
    const text = echoes
      ? deps.redactor.redact(shown)
      : deps.redactor.redactSparing(shown, () => shownNames(view));
    return {
      content: [{ type: 'text', text }],
      structuredContent: structured,
      ...(output.meta ? { _meta: redactedMeta(output.meta, deps.redactor) } : {}),
    };
  } catch (error) {
    const pending = form.pendingResult();
    if (pending) return pending;
    if (error instanceof WriteOutcomeError) return writeOutcomeResult(error, deps);
    return errorResult(describeError(error, deps.errorContext), deps);
  }
}

/** What a failed write's result opens with: whether it was written, before why. */
const WRITTEN_PREFIX = { no: 'Not written: ', unknown: 'Unknown whether written: ' } as const;

/** A write that failed: an error result that says, in both channels, whether it was written. */
function writeOutcomeResult(error: WriteOutcomeError, deps: ToolDependencies): CallToolResult {
  const why = describeError(error.failure, deps.errorContext);
  return {
    ...errorResult(`${WRITTEN_PREFIX[error.written]}${why}${error.after}`, deps),
    structuredContent: deps.redactor.redactValue(error.structured) as Record<string, unknown>,
  };
}

function errorResult(text: string, deps: ToolDependencies): CallToolResult {
  return {
    content: [{ type: 'text', text: deps.redactor.redact(demoMarked(text, deps)) }],
    isError: true,
  };
}

function demoMarked(text: string, deps: ToolDependencies): string {
  return deps.demo ? `${DEMO_MARK}\n${text}` : text;
}

/**
 * A form declined sooner than anyone could read it was likely never drawn (some hosts answer a
 * form they do not show with "declined"): both channels say so and what to do instead.
 */
const UNSEEN_NOTE =
  "The form was declined within a second: this client may not have shown it. Ask the user whether they saw a form; if not, make the change in the service's web UI or from a client that shows forms or MCP Apps.";

function withUnseenStep(structured: Record<string, unknown>): Record<string, unknown> {
  const step = structured['next_step'];
  return {
    ...structured,
    next_step: typeof step === 'string' ? `${step} ${UNSEEN_NOTE}` : UNSEEN_NOTE,
  };
}

function progressReporter(ctx: ServerContext): ToolContext['progress'] {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return async () => {};
  return async (progress, total, message) => {
    await ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    });
  };
}
