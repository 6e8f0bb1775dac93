// The prompt catalog: every prompt this server offers, listed without a network.
import type { PromptDefinition } from './define-prompt.js';
import { reviewNetworkDiscoveries } from './review-discoveries.js';
import { rotateSnmpCommunity } from './rotate-snmp-community.js';

export const ALL_PROMPTS: readonly PromptDefinition[] = [
  reviewNetworkDiscoveries,
  rotateSnmpCommunity,
];

/** The prompts to register: ones that lead to a write are left out in read-only mode. */
export function selectPrompts(options: { readOnly: boolean }): PromptDefinition[] {
  return ALL_PROMPTS.filter((prompt) => !(options.readOnly && prompt.writes));
}
