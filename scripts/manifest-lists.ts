// The manifest's generated parts (version, tools, prompts), taken from the live definitions.
import packageJson from '../package.json' with { type: 'json' };
import { ALL_PROMPTS } from '../src/prompts/catalog.js';
import { ALL_TOOLS } from '../src/tools/catalog.js';

/** The README's privacy section: what leaves the machine, what is logged, the audit trail. */
export const PRIVACY_POLICY_URL = `${packageJson.homepage.replace(/#.*$/, '')}#privacy`;

export interface ManifestTool {
  readonly name: string;
  readonly description: string;
}

export interface ManifestPrompt {
  readonly name: string;
  readonly description: string;
  readonly arguments: string[];
  readonly text: string;
}

export interface ManifestLists {
  readonly version: string;
  readonly tools: ManifestTool[];
  readonly prompts: ManifestPrompt[];
}

/**
 * Every tool and prompt, the write ones included: read-only mode is a user setting. App-only tools
 * (the view's Confirm button) are left out: they are the view's, never offered to the model.
 */
export function manifestLists(): ManifestLists {
  return {
    version: packageJson.version,
    tools: ALL_TOOLS.filter((tool) => !tool.appOnly).map((tool) => ({
      name: tool.name,
      description: tool.description,
    })),
    prompts: ALL_PROMPTS.map((prompt) => {
      const names = Object.keys(prompt.argsSchema);
      // The bundle format templates arguments as ${arguments.name}.
      const placeholders = Object.fromEntries(names.map((n) => [n, `\${arguments.${n}}`]));
      return {
        name: prompt.name,
        description: prompt.description,
        arguments: names,
        text: prompt.render(placeholders),
      };
    }),
  };
}
