// The PromptDefinition type: a prompt is a value (name, arguments, text template) listed without a network.
import type * as z from 'zod';

/** Prompt arguments arrive as strings (or not at all): the MCP prompt contract. */
export type PromptArgs = Readonly<Record<string, string | undefined>>;

export interface PromptDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** zod shapes of optional string arguments; the SDK validates them and lists them. */
  readonly argsSchema: Readonly<Record<string, z.ZodOptional<z.ZodString>>>;
  /** Prompts that lead to a write are left out in read-only mode, like the write tool. */
  readonly writes: boolean;
  /** The message text for the given arguments. */
  readonly render: (args: PromptArgs) => string;
}

/** Identity helper so each prompt file reads like a tool file. */
export function definePrompt(definition: PromptDefinition): PromptDefinition {
  return definition;
}
