// Which confirmation each major host gets, from its recorded initialize (test/fixtures/hosts), over stdio: app, form, or none; an unanswered form is withdrawn.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CallToolResult,
  CancelledNotificationSchema,
  type ClientCapabilities,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_META_KEY } from '../src/views/common/app-view.js';
import { ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';
import { updateArgs } from './fixtures.js';
import { connectStdio, type StdioServer } from './stdio-client.js';

interface HostFixture {
  readonly host: string;
  readonly source: readonly string[];
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly capabilities: ClientCapabilities;
  /** The path this server gives it by default: the app's Confirm button, a form, or no write. */
  readonly confirms: 'app' | 'form' | 'none';
  /** Whether the host draws a form it declares (Claude Desktop's chat declares one and never does). */
  readonly formsShown: boolean;
}

const DIR = join(ROOT, 'test', 'fixtures', 'hosts');
const HOSTS: readonly [string, HostFixture][] = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => [name, JSON.parse(readFileSync(join(DIR, name), 'utf8')) as HostFixture]);

const hostNamed = (file: string): HostFixture => {
  const found = HOSTS.find(([name]) => name === file)?.[1];
  if (!found) throw new Error(`no fixture ${file}`);
  return found;
};

let api: SampleApi;
let auditDir: string;
const open: StdioServer[] = [];

beforeAll(async () => {
  await ensureBuilt();
  api = await startFakeApi();
  auditDir = mkdtempSync(join(tmpdir(), 'ndm-hosts-'));
}, 120_000);

afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

afterAll(async () => {
  await api?.close();
  rmSync(auditDir, { recursive: true, force: true });
});

const puts = () => api.requests.filter((request) => request.method === 'PUT').length;

interface Played {
  readonly server: StdioServer;
  /** Ids of the forms the host was sent, and of those it was told to drop (notifications/cancelled). */
  readonly forms: { asked: (string | number)[]; withdrawn: (string | number)[] };
  readonly auditLog: string;
}

/**
 * Connects as `fixture`'s host. `answer`: what a person does with a form: accept it, or never
 * answer (the host never draws it).
 */
async function play(
  fixture: HostFixture,
  answer: 'accept' | 'never',
  env: Record<string, string> = {},
): Promise<Played> {
  const auditLog = join(auditDir, `${fixture.clientInfo.name}-${open.length}-${Date.now()}.log`);
  const server = await connectStdio({
    baseUrl: api.url,
    clientInfo: fixture.clientInfo,
    capabilities: fixture.capabilities,
    env: { NETWORK_DISCOVERY_AUDIT_LOG: auditLog, ...env },
  });
  open.push(server);
  const forms: Played['forms'] = { asked: [], withdrawn: [] };
  if (fixture.capabilities.elicitation) {
    server.client.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      forms.asked.push(extra.requestId);
      if (answer === 'accept') {
        return Promise.resolve({ action: 'accept' as const, content: { confirm: true } });
      }
      // A form that is never drawn: it is left pending (the client closes it at the end).
      return new Promise(() => {});
    });
    // Read here rather than through the handler's signal: the SDK's client ignores a cancel of
    // request id 0 (a falsy id), and the form is the server's first request.
    server.client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
      if (notification.params.requestId !== undefined) {
        forms.withdrawn.push(notification.params.requestId);
      }
    });
  }
  return { server, forms, auditLog };
}

const rotate = async (played: Played, community: string) =>
  (await played.server.client.callTool({
    name: 'update_snmp_credential',
    arguments: updateArgs(community),
  })) as CallToolResult;

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

const auditOutcomes = (played: Played) =>
  readFileSync(played.auditLog, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { outcome: string }).outcome);

describe('each host fixture', () => {
  it('names its public source and a real initialize', () => {
    expect(HOSTS.map(([name]) => name)).toEqual([
      'chatgpt.json',
      'claude-ai.json',
      'claude-code.json',
      'claude-desktop-chat.json',
      'claude-desktop-code-tab.json',
      'cursor.json',
      'vscode.json',
    ]);
    for (const [name, fixture] of HOSTS) {
      expect(fixture.source.length, name).toBeGreaterThan(0);
      for (const source of fixture.source) expect(source, name).toMatch(/^https:\/\/github\.com\//);
      expect(fixture.clientInfo.name, name).not.toBe('');
    }
  });
});

describe.each(HOSTS)('%s', (_file, fixture) => {
  it(`confirms by ${fixture.confirms}`, async () => {
    const played = await play(fixture, 'accept');
    const before = puts();
    const result = await rotate(played, `host-${fixture.clientInfo.name}-rotated-1`.slice(0, 60));
    if (fixture.confirms === 'app') {
      // The Confirm button's approval goes to the view alone; no form is sent, nothing written yet.
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ status: 'preview' });
      expect(result._meta?.[APPROVAL_META_KEY]).toMatchObject({ handle: expect.any(String) });
      expect(played.forms.asked).toEqual([]);
      expect(puts()).toBe(before);
      expect(auditOutcomes(played)).toEqual(['preview-issued']);
    } else if (fixture.confirms === 'form') {
      expect(result.structuredContent).toMatchObject({ status: 'updated' });
      expect(played.forms.asked).toHaveLength(1);
      expect(played.forms.withdrawn).toEqual([]);
      expect(puts()).toBe(before + 1);
      expect(auditOutcomes(played)).toEqual(['confirmed', 'sent', 'succeeded']);
    } else {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/neither a confirmation form .* nor an MCP Apps view/);
      expect(puts()).toBe(before);
      expect(auditOutcomes(played)).toEqual(['refused']);
    }
  });
});

describe('a host that declares forms and never answers', () => {
  it('has its form withdrawn at the configured time; the result says so and what to do', async () => {
    const played = await play(hostNamed('claude-code.json'), 'never', {
      NETWORK_DISCOVERY_FORM_TIMEOUT_MS: '300',
    });
    const before = puts();
    const result = await rotate(played, 'never-answered-Community-1');
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(
      /^Nothing was written: the confirmation form got no answer within 0\.3 s, so it was withdrawn/,
    );
    expect(text).toMatch(/Confirm button/);
    expect(text).toMatch(/NETWORK_DISCOVERY_CONFIRM=token/);
    expect(played.forms.asked).toHaveLength(1);
    // The host was told to drop that very form (notifications/cancelled, sent before the result).
    expect(played.forms.withdrawn).toEqual(played.forms.asked);
    expect(puts()).toBe(before);
    expect(auditOutcomes(played)).toEqual(['withdrawn']);
  });

  it('Claude Desktop chat set to forms only (NETWORK_DISCOVERY_CONFIRM=elicitation) gets the form, withdrawn unanswered', async () => {
    const played = await play(hostNamed('claude-desktop-chat.json'), 'never', {
      NETWORK_DISCOVERY_CONFIRM: 'elicitation',
      NETWORK_DISCOVERY_FORM_TIMEOUT_MS: '300',
    });
    const result = await rotate(played, 'forms-only-Community-2');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/withdrawn.*NETWORK_DISCOVERY_CONFIRM=elicitation/s);
    expect(result._meta?.[APPROVAL_META_KEY]).toBeUndefined();
    expect(played.forms.asked).toHaveLength(1);
    expect(played.forms.withdrawn).toEqual(played.forms.asked);
  });
});
