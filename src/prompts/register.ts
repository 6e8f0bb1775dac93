// The one place prompts meet the SDK: registerPrompt for each, rendering a single user message.
import type { GetPromptResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { PromptArgs, PromptDefinition } from './define-prompt.js';

export function registerPrompts(server: McpServer, prompts: readonly PromptDefinition[]): void {
  for (const prompt of prompts) {
    server.registerPrompt(
      prompt.name,
      {
        title: prompt.title,
        description: prompt.description,
        argsSchema: z.object(prompt.argsSchema),
      },
      (args: PromptArgs): GetPromptResult => ({
        description: prompt.description,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
      }),
    );
  }
}
