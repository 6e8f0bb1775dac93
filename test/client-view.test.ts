// What each client family shows the model, for every tool and outcome: structured only, text only, or both.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_MARK } from '../src/mcp/register.js';
import {
  generateDiscoveries,
  SAMPLE_CREDENTIAL_ID,
  SAMPLE_ORGANIZATION_ID,
  SAMPLE_TAGS,
  sampleData,
} from '../src/sample-api/data.js';
import { TEST_NOW } from './clock.js';
import { type HarnessOptions, textOf, useHarness } from './harness.js';

const start = useHarness();

/**
 * Claude Code, Codex and VS Code give the model JSON.stringify(structuredContent) when there is
 * one; Claude Desktop, claude.ai, ChatGPT and opencode the text; Copilot CLI and IntelliJ both.
 * An isError result is read as text by all of them.
 */
const FAMILIES = {
  structured: (r: CallToolResult) =>
    r.isError || r.structuredContent === undefined
      ? textOf(r)
      : JSON.stringify(r.structuredContent),
  text: (r: CallToolResult) => textOf(r),
  both: (r: CallToolResult) =>
    r.structuredContent === undefined
      ? textOf(r)
      : `${textOf(r)}\n${JSON.stringify(r.structuredContent)}`,
} as const;

interface Case {
  readonly options?: HarnessOptions;
  readonly tool: string;
  readonly args?: Record<string, unknown>;
  /** Facts (and names) each view must carry on its own; a pattern where the channels word one differently. */
  readonly facts: readonly (string | RegExp)[];
  /** What to do next, in each view. */
  readonly next?: RegExp;
  readonly error?: boolean;
}

const UPDATE = {
  id: SAMPLE_CREDENTIAL_ID,
  name: 'Office switches (rotated)',
  organization_id: SAMPLE_ORGANIZATION_ID,
  community: 'n3w-Community-value',
  tags: [SAMPLE_TAGS.core],
};

const CASES: Record<string, Case> = {
  'list_discoveries: list': {
    tool: 'list_discoveries',
    facts: [
      'Discoveries 1-6 of 6',
      '1 scheduled DISABLED',
      '1 last run FAILED',
      '3 never run',
      'Office LAN sweep',
      '11111111-1111-4111-8111-111111111111',
      '5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
      'Office',
      'office-gw',
      'core',
      // In words in the text; as written, with its zone, in structuredContent.
      /daily at 03:00 Europe\/Berlin|"cron_schedule":"0 3 \* \* \*","timezone":"Europe\/Berlin"/,
      'daemon lost connection',
      '5 jobs, 1 run record',
    ],
  },
  'list_discoveries: cut list': {
    options: {
      sample: { data: { ...sampleData(), discoveries: generateDiscoveries(200) } },
      maxResultBytes: 6_000,
    },
    tool: 'list_discoveries',
    args: { limit: 0 },
    facts: ['of 200', 'Discovery 1', 'Office'],
    next: /more not shown to stay within the result budget: call again with offset \d+/,
  },
  'list_discoveries: next page': {
    tool: 'list_discoveries',
    args: { limit: 2 },
    facts: ['Discoveries 1-2 of 6', 'Office LAN sweep'],
    next: /4 more: call again with offset 2\./,
  },
  'list_discoveries: empty': {
    tool: 'list_discoveries',
    args: { network: 'Lab', offset: 10 },
    facts: ['Discoveries: none of 3 (network ', 'Lab', 'Offset 10 is past the end.'],
  },
  'list_discoveries: unknown name': {
    tool: 'list_discoveries',
    args: { network: 'Basement' },
    error: true,
    facts: ['No network is named "Basement"', '"Office" (5f2c8a1e-3b4d-4e6f-8a9b-0c1d2e3f4a5b)'],
    next: /Call again with one of these names or its id as network_id/,
  },
  'list_snmp_credentials: list': {
    tool: 'list_snmp_credentials',
    facts: [
      'Office switches',
      SAMPLE_CREDENTIAL_ID,
      SAMPLE_ORGANIZATION_ID,
      SAMPLE_TAGS.core,
      'core',
      'printers',
    ],
  },
  'update_snmp_credential: preview': {
    options: { confirm: 'token' },
    tool: 'update_snmp_credential',
    args: UPDATE,
    facts: [
      'Office switches',
      'Office switches (rotated)',
      SAMPLE_CREDENTIAL_ID,
      'core',
      'community',
    ],
    next: /Show the user this change and ask them to approve it[\s\S]*Only after they agree, call update_snmp_credential again with the same arguments plus confirmation_token/,
  },
  'update_snmp_credential: app preview': {
    options: { apps: true },
    tool: 'update_snmp_credential',
    args: UPDATE,
    facts: [
      'Office switches',
      'Office switches (rotated)',
      SAMPLE_CREDENTIAL_ID,
      'core',
      'community',
    ],
    next: /confirms or cancels this change with the Confirm button[\s\S]*Do not call update_snmp_credential again/,
  },
  'update_snmp_credential: declined': {
    options: { elicit: 'decline' },
    tool: 'update_snmp_credential',
    args: UPDATE,
    facts: ['did not approve the change', 'nothing was written'],
    next: /Do not retry unless they ask/,
  },
  'update_snmp_credential: updated': {
    options: { elicit: 'accept' },
    tool: 'update_snmp_credential',
    args: UPDATE,
    facts: ['updated', 'Office switches (rotated)', SAMPLE_CREDENTIAL_ID, SAMPLE_TAGS.core, 'core'],
  },
  'get_version: version': {
    tool: 'get_version',
    facts: ['0.14.13'],
  },
  'get_unseen_release_notes: notes': {
    tool: 'get_unseen_release_notes',
    facts: ['0.14.13', 'Faster topology', 'twice as fast'],
  },
  'list_snmp_credentials: error': {
    tool: 'list_snmp_credentials',
    args: { id: '00000000-0000-4000-8000-000000000000' },
    error: true,
    facts: ['404'],
  },
};

/** Tokens and clock-dependent values vary per run; everything else in a snapshot is exact. */
function stable(value: string): string {
  return value
    .replace(/ct[12]\.[\w.-]+/g, '<token>')
    .replace(/"expires_at":"[^"]+"/g, '"expires_at":"<expires>"');
}

beforeEach(() => {
  // Only Date is faked, to the harness's own clock: the sample API's updated_at and the token
  // expiry read the same instant as next runs.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every channel stands alone', () => {
  for (const [label, c] of Object.entries(CASES)) {
    for (const demo of [false, true]) {
      it(`${label}${demo ? ' (demo)' : ''}`, async () => {
        const h = await start({ ...c.options, ...(demo ? { demo: true } : {}) });
        const result = await h.call(c.tool, c.args ?? {});
        expect(Boolean(result.isError), textOf(result)).toBe(Boolean(c.error));
        if (c.error) expect(result.structuredContent).toBeUndefined();
        for (const [family, view] of Object.entries(FAMILIES)) {
          const seen = view(result);
          for (const fact of c.facts) {
            if (typeof fact === 'string') expect(seen, `${family} lacks ${fact}`).toContain(fact);
            else expect(seen, `${family} lacks ${fact}`).toMatch(fact);
          }
          if (c.next) expect(seen, `${family} lacks the next step`).toMatch(c.next);
          if (demo) expect(seen, `${family} lacks the demo mark`).toContain(DEMO_MARK);
          else expect(seen).not.toContain('demo data');
          // Nothing a model does not need: no nulls, no empty lists (an empty result list is the
          // answer itself), never a community.
          const rest = seen.replace('"groups":[]', '');
          expect(rest, family).not.toMatch(/:null\b|:\[\]|"community":|\*{8}|n3w-Community-value/);
        }
        if (!demo) {
          expect({
            text: stable(textOf(result)),
            structured:
              result.structuredContent === undefined
                ? undefined
                : stable(JSON.stringify(result.structuredContent, null, 1)),
          }).toMatchSnapshot();
        }
      });
    }
  }
});
