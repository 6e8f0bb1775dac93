// README snippets: each names only real commands, settings and flags, and runs as written: the demo and the Inspector check from the clone, client entries from outside it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../src/cli/doctor.js';
import { parseHttpArgs } from '../src/cli/http.js';
import { envSchema } from '../src/config.js';
import { ensureBuilt, ROOT } from './build-dist.js';
import { type SampleApi, startFakeApi, TEST_API_KEY } from './fake-api.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** docs/design.md holds the longer samples the front door links to (doctor's output). */
const design = readFileSync(join(ROOT, 'docs', 'design.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const ACCEPTED = Object.keys(envSchema.shape);
const PACKAGE = packageJson.name as string;
/** What the README tells the reader to replace with the folder of their clone. */
const PLACEHOLDER = '/absolute/path/to/network-discovery-mcp';
const ENTRY = `${PLACEHOLDER}/dist/index.js`;
const run = promisify(execFile);
/** `npm run demo` builds, then runs the demo script: the README's try-it relies on both. */
const DEMO_SCRIPT = 'npm run build && tsx scripts/demo.ts';

/** The fenced block right after `<!-- snippet: name -->` in `doc` (the README unless named). */
function snippet(name: string, doc: string = readme): string {
  const match = new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(
    doc,
  );
  expect(match, `snippet ${name}`).not.toBeNull();
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
  expect(entry?.command).toBe('node');
  expect(entry?.args).toEqual([ENTRY]);
  const names = Object.keys(entry?.env ?? {});
  expect(names).toContain('NETWORK_DISCOVERY_BASE_URL');
  for (const name of names) expect(ACCEPTED).toContain(name);
}

/** A shell snippet's leading VAR=value words and the command after them. */
function commandOf(words: readonly string[]): { env: Record<string, string>; argv: string[] } {
  const first = words.findIndex((word) => !/^[A-Z_]+=/.test(word));
  const env = Object.fromEntries(
    words
      .slice(0, first)
      .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
  return { env, argv: words.slice(first) };
}

describe('README client setup snippets', () => {
  it('names a package whose bin is the server, for the npx form once published', () => {
    expect(packageJson.bin[PACKAGE]).toBe('dist/index.js');
    expect(readme).toContain(`npx -y ${PACKAGE}`);
    expect(readme).toContain(`"command": "npx", "args": ["-y", "${PACKAGE}"]`);
  });

  it('clone-and-build (try it): clone, then `npm ci && npm run demo`, the demo building the server itself', () => {
    const lines = snippet('clone-and-build').split('\n');
    expect(lines[0]).toBe(
      `git clone ${packageJson.repository.url.replace(/^git\+/, '')} && cd ${PACKAGE}`,
    );
    expect(lines[1]).toMatch(/^npm ci && npm run demo\s+#/);
    expect(packageJson.scripts.demo).toBe(DEMO_SCRIPT);
  });

  it('test it: `npm test`, the command CI runs', () => {
    expect(shellWords(snippet('test-it'))[0]).toBe('npm');
    expect(snippet('test-it')).toMatch(/^npm test\s+#/);
    expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/^npm ci .*&& npm test$/m);
  });

  it('MCP Inspector: the CLI the dev dependency installs, on the built server in demo mode', () => {
    const words = shellWords(snippet('inspector'));
    // In a subshell, so a second paste starts from the clone's root again (issue 42 item 9).
    expect(words.slice(0, 5)).toEqual([
      '(cd',
      'dist',
      '&&',
      'npx',
      '@modelcontextprotocol/inspector-cli',
    ]);
    expect(packageJson.devDependencies['@modelcontextprotocol/inspector-cli']).toBeDefined();
    expect(words.slice(5)).toEqual([
      '--cli',
      'node',
      'index.js',
      '--demo',
      '--method',
      'tools/list)',
    ]);
  });

  it('Claude Desktop bundle: the command exists as an npm script', () => {
    const words = shellWords(snippet('claude-desktop-bundle'));
    expect(words).toEqual(expect.arrayContaining(['npm', 'run', 'pack']));
    expect(packageJson.scripts.pack).toBeDefined();
  });

  it('mcpb sign: the bundle file that npm run pack writes, and the flags mcpb sign reads', () => {
    const words = shellWords(snippet('mcpb-sign'));
    expect(words.slice(0, 4)).toEqual(['npx', 'mcpb', 'sign', `${PACKAGE}.mcpb`]);
    expect(words.filter((w) => w.startsWith('--'))).toEqual(['--cert', '--key', '--intermediate']);
  });

  it('Claude Desktop JSON: mcpServers with node, the absolute path and accepted variables', () => {
    const config = JSON.parse(snippet('claude-desktop-json'));
    expect(Object.keys(config)).toEqual(['mcpServers']);
    expectServerEntry(config.mcpServers['network-discovery']);
  });

  it('Claude Code: claude mcp add -s user with -e for accepted variables, then -- node <absolute path>', () => {
    const words = shellWords(snippet('claude-code'));
    // The default local scope registers the server only for the folder it was added from.
    expect(words.slice(0, 6)).toEqual(['claude', 'mcp', 'add', '-s', 'user', 'network-discovery']);
    const names = words.flatMap((word, i) =>
      words[i - 1] === '-e' ? [word.slice(0, word.indexOf('='))] : [],
    );
    expect(names).toContain('NETWORK_DISCOVERY_BASE_URL');
    for (const name of names) expect(ACCEPTED).toContain(name);
    expect(words.slice(words.indexOf('--'))).toEqual(['--', 'node', ENTRY]);
  });

  it('every `claude mcp add` in the README is user-scoped under a name of its own, and the README says why', () => {
    const adds = [...readme.matchAll(/^claude mcp add\b.*$/gm)].map((m) => m[0]);
    expect(adds.length).toBeGreaterThanOrEqual(2);
    for (const line of adds) expect(line).toMatch(/^claude mcp add -s user /);
    // Registering one name twice fails the second add: each snippet names its own server.
    const names = adds.map((line) =>
      shellWords(line).find(
        (w, i, all) => i > 4 && !w.startsWith('-') && all[i - 1] !== '--transport',
      ),
    );
    expect(new Set(names).size).toBe(adds.length);
    // "Connected" says nothing about the key: the README sends the reader to doctor, same settings.
    expect(readme).toMatch(/run\s+\[`doctor`\]\(#doctor\) with the same two settings/);
    expect(readme).toMatch(/default `local` scope registers it only for the folder/);
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

  it('Cursor: mcpServers with node, the absolute path and accepted variables', () => {
    const config = JSON.parse(snippet('cursor'));
    expect(Object.keys(config)).toEqual(['mcpServers']);
    expectServerEntry(config.mcpServers['network-discovery']);
  });

  it('doctor and HTTP mode: accepted variables, and flags the server reads', () => {
    for (const name of ['doctor', 'http-server']) {
      const { env, argv } = commandOf(shellWords(snippet(name)));
      expect(Object.keys(env)).toContain('NETWORK_DISCOVERY_BASE_URL');
      for (const variable of Object.keys(env)) expect(ACCEPTED).toContain(variable);
      expect(argv.slice(0, 2)).toEqual(['node', ENTRY]);
    }
    const http = shellWords(snippet('http-server'));
    const flags = http.slice(http.indexOf(ENTRY) + 1);
    expect(flags[0]).toBe('--http');
    const parsed = parseHttpArgs(flags);
    expect(parsed).toMatchObject({ ok: true, options: { host: '127.0.0.1', port: 3000 } });
    expect(flags.filter((f) => f.startsWith('--'))).toEqual(['--http', '--port', '--host']);
    // Writes are off over HTTP by default, so a token secret there would sign nothing.
    expect(Object.keys(commandOf(http).env)).not.toContain('NETWORK_DISCOVERY_TOKEN_SECRET');
  });

  it('HTTP client example points at the /mcp path with a bearer header', () => {
    const words = shellWords(snippet('claude-code-http'));
    expect(words.slice(0, 5)).toEqual(['claude', 'mcp', 'add', '-s', 'user']);
    expect(words).toEqual(
      expect.arrayContaining(['--transport', 'http', 'http://127.0.0.1:3000/mcp']),
    );
    expect(words[words.indexOf('--header') + 1]).toMatch(/^Authorization: Bearer scp_u_/);
  });
});

describe('README snippets started as written, from a directory outside the clone', () => {
  let api: SampleApi;
  let elsewhere: string;
  beforeAll(async () => {
    await ensureBuilt();
    api = await startFakeApi();
    elsewhere = mkdtempSync(join(tmpdir(), 'ndm-snippets-'));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    if (elsewhere) rmSync(elsewhere, { recursive: true, force: true });
  });

  /** What the reader fills in: the clone's folder, their service, their key. */
  const fillIn = (text: string) =>
    text
      .replaceAll(PLACEHOLDER, ROOT)
      .replaceAll('https://scanopy.example.com', api.url.origin)
      .replaceAll('scp_u_...', TEST_API_KEY);

  /** Starts a client entry the way the client does (no shell, its own cwd) and calls a tool. */
  async function expectServes(entry: ServerEntry): Promise<void> {
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { PATH: process.env['PATH'] ?? '', ...entry.env },
      cwd: elsewhere,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'readme-snippet-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      await expectToolsAnswer(client);
    } finally {
      await client.close();
    }
  }

  async function expectToolsAnswer(client: Client): Promise<void> {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('list_discoveries');
    const before = api.requests.length;
    const result = (await client.callTool({
      name: 'list_discoveries',
      arguments: { limit: 1 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(api.requests.length).toBeGreaterThan(before);
    expect(api.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${TEST_API_KEY}`);
  }

  it.each(['claude-desktop-json', 'cursor'])('%s', async (name) => {
    const config = JSON.parse(fillIn(snippet(name)));
    await expectServes(config.mcpServers['network-discovery']);
  });

  it('vscode (the key as VS Code fills in the input)', async () => {
    const config = JSON.parse(
      fillIn(snippet('vscode')).replace(/\$\{input:scanopy-api-key\}/, TEST_API_KEY),
    );
    await expectServes(config.servers['network-discovery']);
  });

  it('claude-code (the -e variables and the command after --)', async () => {
    const words = shellWords(fillIn(snippet('claude-code')));
    const env = Object.fromEntries(
      words.flatMap((word, i) =>
        words[i - 1] === '-e'
          ? [[word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]]
          : [],
      ),
    );
    const [command, ...args] = words.slice(words.indexOf('--') + 1);
    await expectServes({ command: command as string, args, env });
  });

  it('clone-and-build: the demo after its build step, from the clone, as `npm run demo` runs it', async () => {
    expect(packageJson.scripts.demo).toBe(DEMO_SCRIPT);
    const [, afterBuild] = DEMO_SCRIPT.split(' && ');
    const { stdout } = await run('sh', ['-c', afterBuild as string], {
      cwd: ROOT,
      env: { PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env['PATH'] ?? ''}` },
    });
    expect(stdout).toContain('0 write requests reached the sample API');
    expect(stdout).toMatch(/HTTP requests in all, every one to 127\.0\.0\.1:\d+/);
  }, 60_000);

  /**
   * The README's two Inspector lines (0.17.22's from other-versions, then the try-it one) run once,
   * in one shell from the clone's root, for the two tests below: each Inspector start costs seconds
   * of CPU. The second line runs only where the first left the shell, so a line that stayed in
   * dist/ fails the second (issue 42 item 9).
   */
  let inspectorRun:
    | Promise<{ stdout: string; stderr: string; answers: { tools: { name: string }[] }[] }>
    | undefined;
  const bothInspectorLines = () => {
    inspectorRun ??= (async () => {
      const [, inspector = ''] = snippet('other-versions').split('\n');
      const { stdout, stderr } = await run('sh', ['-c', `${inspector}\n${snippet('inspector')}`], {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? elsewhere },
      });
      // Each run prints one pretty-printed object; the second starts right after the first's "}".
      const answers = stdout
        .replace(/\}\s*\{(?=\s*"tools")/, '}\u0000{')
        .split('\u0000')
        .map((part) => JSON.parse(part.slice(part.indexOf('{'))));
      return { stdout, stderr, answers };
    })();
    return inspectorRun;
  };

  it('inspector (run by the shell from the clone, as written)', async () => {
    const { answers } = await bothInspectorLines();
    expect(answers).toHaveLength(2);
    expect(answers[1]?.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_discoveries', 'get_version', 'update_snmp_credential']),
    );
  }, 60_000);

  // Issue 42 item 9. Failed on main: the README named `--scanopy 0.17.22` without the command it
  // goes with, and its Inspector line left the shell in dist/ (a second paste failed), with the
  // banner Inspector v1 prints unmentioned.
  it('other-versions: the demo script on 0.17.22, as written, from the clone', async () => {
    const [demo = ''] = snippet('other-versions').split('\n');
    const words = shellWords(demo.replace(/#.*$/, ''));
    expect(words).toEqual(['npm', 'run', 'demo', '--', '--scanopy', '0.17.22']);
    const [, afterBuild] = DEMO_SCRIPT.split(' && ');
    const { stdout } = await run('sh', ['-c', `${afterBuild} ${words.slice(4).join(' ')}`], {
      cwd: ROOT,
      env: { PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env['PATH'] ?? ''}` },
    });
    expect(stdout).toContain('sample API (plays Scanopy 0.17.22)');
    expect(stdout).toContain('0 write requests reached the sample API');
  }, 60_000);

  it('other-versions: the Inspector line, then another, in one shell from the root, banner as the README says', async () => {
    const [, inspector = ''] = snippet('other-versions').split('\n');
    expect(inspector).toMatch(
      /^\(cd dist && npx @modelcontextprotocol\/inspector-cli .*--demo 0\.17\.22/,
    );
    const { stderr, answers } = await bothInspectorLines();
    expect(answers).toHaveLength(2);
    for (const { tools } of answers) {
      expect(tools.map((tool) => tool.name)).toContain('list_hosts');
    }
    expect(stderr).toContain('v1 is deprecated');
    expect(readme).toContain('it first prints "v1 is deprecated" on');
  }, 60_000);

  it('doctor (run by the shell, as pasted into a terminal)', async () => {
    const { stdout } = await run('sh', ['-c', fillIn(snippet('doctor'))], {
      cwd: elsewhere,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    expect(stdout).toMatch(/^\[PASS\] API key/m);
    expect(stdout).not.toMatch(/^\[FAIL\]/m);
  }, 30_000);

  it('http-server (on a free port instead of 3000), then a client with its own key', async () => {
    const { env, argv } = commandOf(shellWords(fillIn(snippet('http-server'))));
    const args = argv.slice(1).map((word, i, all) => (all[i - 1] === '--port' ? '0' : word));
    const child: ChildProcess = spawn(argv[0] as string, args, {
      cwd: elsewhere,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<URL>((resolve, reject) => {
        let stderr = '';
        child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = / at (http:\/\/\S+\/mcp)/.exec(stderr);
          if (match) resolve(new URL(match[1] as string));
        });
        child.once('exit', () => reject(new Error(`exited before serving: ${stderr}`)));
      });
      const client = new Client({ name: 'readme-snippet-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: `Bearer ${TEST_API_KEY}` } },
        }),
      );
      try {
        await expectToolsAnswer(client);
      } finally {
        await client.close();
      }
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
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
    expect(snippet('doctor-output', design).replace(version, '')).toBe(actual.replace(version, ''));
  });
});
