// README "Client setup": every snippet parses, and names only settings, flags and commands that exist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../src/cli/doctor.js';
import { parseHttpArgs } from '../src/cli/http.js';
import { envSchema } from '../src/config.js';
import { ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi } from './fake-api.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const ACCEPTED = Object.keys(envSchema.shape);
const PACKAGE = packageJson.name as string;

/** The fenced block right after `<!-- snippet: name -->`. */
function snippet(name: string): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(
    readme,
  );
  expect(match, `README snippet ${name}`).not.toBeNull();
  return match?.[1] ?? '';
}

/** A shell snippet as words, with line continuations joined and quotes removed. */
function shellWords(text: string): string[] {
  const joined = text.replace(/\\\n/g, ' ');
  return [...joined.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

interface ServerEntry {
  type?: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

function expectServerEntry(entry: ServerEntry | undefined): void {
  expect(entry).toBeDefined();
  expect(entry?.command).toBe('npx');
  expect(entry?.args).toEqual(['-y', PACKAGE]);
  const names = Object.keys(entry?.env ?? {});
  expect(names).toContain('NETWORK_DISCOVERY_BASE_URL');
  for (const name of names) expect(ACCEPTED).toContain(name);
}

describe('README client setup snippets', () => {
  it('names a package whose bin is the server', () => {
    expect(packageJson.bin[PACKAGE]).toBe('dist/index.js');
  });

  it('Claude Desktop bundle: the command exists as an npm script', () => {
    const words = shellWords(snippet('claude-desktop-bundle'));
    expect(words).toEqual(expect.arrayContaining(['npm', 'run', 'pack']));
    expect(packageJson.scripts.pack).toBeDefined();
  });

  it('Claude Desktop JSON: mcpServers with npx and accepted variables', () => {
    const config = JSON.parse(snippet('claude-desktop-json'));
    expect(Object.keys(config)).toEqual(['mcpServers']);
    expectServerEntry(config.mcpServers['network-discovery']);
  });

  it('Claude Code: claude mcp add with -e for accepted variables, then -- npx -y <package>', () => {
    const words = shellWords(snippet('claude-code'));
    expect(words.slice(0, 4)).toEqual(['claude', 'mcp', 'add', 'network-discovery']);
    const names = words.flatMap((word, i) =>
      words[i - 1] === '-e' ? [word.slice(0, word.indexOf('='))] : [],
    );
    expect(names).toContain('NETWORK_DISCOVERY_BASE_URL');
    for (const name of names) expect(ACCEPTED).toContain(name);
    expect(words.slice(words.indexOf('--'))).toEqual(['--', 'npx', '-y', PACKAGE]);
  });

  it('VS Code: "servers" with a password input for the key', () => {
    const config = JSON.parse(snippet('vscode'));
    expect(config.mcpServers).toBeUndefined();
    const entry = config.servers['network-discovery'];
    expect(entry.type).toBe('stdio');
    expectServerEntry(entry);
    const inputs = new Map<string, { password?: boolean }>(
      config.inputs.map((input: { id: string; password?: boolean }) => [input.id, input]),
    );
    const key = /^\$\{input:([\w-]+)\}$/.exec(entry.env.NETWORK_DISCOVERY_API_KEY)?.[1];
    expect(key).toBeDefined();
    expect(inputs.get(key as string)?.password).toBe(true);
  });

  it('Cursor: mcpServers with npx and accepted variables', () => {
    const config = JSON.parse(snippet('cursor'));
    expect(Object.keys(config)).toEqual(['mcpServers']);
    expectServerEntry(config.mcpServers['network-discovery']);
  });

  it('doctor and HTTP mode: accepted variables, and flags the server reads', () => {
    for (const name of ['doctor', 'http-server']) {
      const words = shellWords(snippet(name));
      const assigned = words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=')[0]);
      expect(assigned).toContain('NETWORK_DISCOVERY_BASE_URL');
      for (const variable of assigned) expect(ACCEPTED).toContain(variable);
      expect(words).toEqual(expect.arrayContaining(['npx', '-y', PACKAGE]));
    }
    const http = shellWords(snippet('http-server'));
    const flags = http.slice(http.indexOf(PACKAGE) + 1);
    expect(flags[0]).toBe('--http');
    const parsed = parseHttpArgs(flags);
    expect(parsed).toMatchObject({ ok: true, options: { host: '127.0.0.1', port: 3000 } });
    expect(flags.filter((f) => f.startsWith('--'))).toEqual(['--http', '--port', '--host']);
  });

  it('HTTP client example points at the /mcp path with a bearer header', () => {
    const words = shellWords(snippet('claude-code-http'));
    expect(words).toEqual(
      expect.arrayContaining(['--transport', 'http', 'http://127.0.0.1:3000/mcp']),
    );
    expect(words[words.indexOf('--header') + 1]).toMatch(/^Authorization: Bearer scp_u_/);
  });
});

describe('README doctor output', () => {
  let api: SampleApi;
  beforeAll(async () => {
    api = await startFakeApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is what doctor prints for a revoked key (run against the fake API)', async () => {
    const lines: string[] = [];
    await runDoctor({
      env: {
        NETWORK_DISCOVERY_BASE_URL: api.url.href,
        NETWORK_DISCOVERY_API_KEY: 'scp_u_EXPIREDexpired0123456789abcdef',
      },
      write: (line) => lines.push(line),
    });
    // The fake API is plain http on loopback; the README shows an https service in its place.
    const actual = lines
      .join('\n')
      .replace(
        `${api.url.href} (plain http: the key travels unencrypted)`,
        'https://scanopy.example.com/',
      );
    const version = /^network-discovery-mcp \S+ doctor/;
    expect(snippet('doctor-output').replace(version, '')).toBe(actual.replace(version, ''));
  });
});
