// The command line: unknown commands and flags refused naming the closest, --demo VERSION, exit statuses, the command as the person runs it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/arguments.js';
import { commandName } from '../src/cli/command-name.js';
import { EXIT_STATUS } from '../src/cli/exit-status.js';
import { editDistance } from '../src/did-you-mean.js';
import { DIST_ENTRY, ensureBuilt, ROOT } from './build-dist.js';
import { connectStdio } from './stdio-client.js';

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

/** Runs the built entry from the clone's root, as `node dist/index.js ...`, with stdin closed. */
function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['dist/index.js', ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', NETWORK_DISCOVERY_BASE_URL: 'demo', ...env },
    input: '',
    encoding: 'utf8',
    timeout: 15_000,
  });
}

const problemsOf = (argv: string[]) => {
  const parsed = parseCommandLine(argv);
  return parsed.ok ? [] : parsed.problems;
};

describe('parseCommandLine', () => {
  it.each([
    [['docter'], 'unknown command "docter" (did you mean "doctor"?)'],
    [['--htpp'], 'unknown flag "--htpp" (did you mean "--http"?)'],
    [['--dmeo'], 'unknown flag "--dmeo" (did you mean "--demo"?)'],
    [['--port', '3000'], '--port works only with --http'],
    [['--host=127.0.0.1'], '--host works only with --http'],
    [['--http', '--port'], '--port needs a value'],
    [['--http', '--port', '--allow-remote'], '--port needs a value'],
    [['--http=yes'], '--http takes no value'],
    [['--demo=latest'], '--demo takes a Scanopy version such as 0.17.22, not "latest"'],
    [['doctor', '--http'], 'doctor checks the settings and exits: leave --http out'],
    [['serve'], 'unknown command "serve"'],
  ])('%j is refused: %s', (argv, problem) => {
    expect(problemsOf(argv)).toContain(problem);
  });

  // Issue 42 item 9. Failed on main: 'unknown flag "--scanopy"' and 'unknown command "0.17.22"',
  // with no word of --demo.
  it.each([
    [['--scanopy', '0.17.22'], '0.17.22'],
    [['--demo', '--scanopy=0.16.2'], '0.16.2'],
    [['--scanopy'], '0.17.22'],
  ])("%j points at --demo, the server's own flag", (argv, version) => {
    expect(problemsOf(argv)).toEqual([
      `--scanopy belongs to the demo script (npm run demo -- --scanopy ${version}); this server plays a Scanopy version with --demo ${version}`,
    ]);
  });

  it('names every unknown word, not just the first', () => {
    expect(problemsOf(['docter', '--htpp', '--colour'])).toEqual([
      'unknown command "docter" (did you mean "doctor"?)',
      'unknown flag "--htpp" (did you mean "--http"?)',
      'unknown flag "--colour"',
    ]);
  });

  it('reads --demo VERSION as --demo=VERSION, and a bare --demo as the default', () => {
    expect(parseCommandLine(['--demo', '0.17.22'])).toEqual({
      ok: true,
      mode: 'stdio',
      demo: '0.17.22',
    });
    expect(parseCommandLine(['--demo=0.16.2', '--http'])).toEqual({
      ok: true,
      mode: 'http',
      demo: '0.16.2',
    });
    expect(parseCommandLine(['--demo', 'doctor'])).toEqual({ ok: true, mode: 'doctor', demo: '' });
    expect(parseCommandLine([])).toEqual({ ok: true, mode: 'stdio', demo: undefined });
  });

  it('accepts every documented form', () => {
    for (const argv of [
      ['--help'],
      ['-h'],
      ['--version'],
      ['-v'],
      ['doctor'],
      ['--http', '--port', '8080', '--host=0.0.0.0', '--allow-remote', '--allowed-host', 'a.b'],
      ['--http', '--allowed-host=a', '--allowed-host=b'],
    ]) {
      expect(parseCommandLine(argv).ok, JSON.stringify(argv)).toBe(true);
    }
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('htpp', 'http')).toBe(1);
    expect(editDistance('docter', 'doctor')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('commandName', () => {
  it('is the bin name when started through it, else node and the script as the person can type it', () => {
    expect(commandName('/usr/lib/node_modules/.bin/network-discovery-mcp', '/home/a')).toBe(
      'network-discovery-mcp',
    );
    expect(commandName('/home/a/clone/dist/index.js', '/home/a/clone')).toBe('node dist/index.js');
    expect(commandName('/home/a/clone/dist/index.js', '/tmp')).toBe(
      'node /home/a/clone/dist/index.js',
    );
    expect(commandName('/home/a/my clone/dist/index.js', '/')).toBe(
      'node "home/a/my clone/dist/index.js"',
    );
  });
});

describe('the built entry', () => {
  it.each([
    [['docter'], /unknown command "docter" \(did you mean "doctor"\?\)/],
    [['--htpp'], /unknown flag "--htpp" \(did you mean "--http"\?\)/],
    [['--port', '3000'], /--port works only with --http/],
    [['--demo', 'latest'], /unknown command "latest"/],
    // Before the demo's sample API starts: its line would come first otherwise.
    [['--demo', '--http', '--port', 'eighty'], /--port must be a whole number from 0 to 65535/],
  ])('%j: one stderr line, nothing served, exit status 3', (args, problem) => {
    const result = run(args);
    expect(result.status).toBe(EXIT_STATUS.badArguments);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(problem);
    // From a clone the person has `node dist/index.js`, not the bin name.
    expect(lines[0]).toContain('Run `node dist/index.js --help`');
  });

  it('a bad setting: one stderr line naming the fix, exit status 2', () => {
    const result = run([], { NETWORK_DISCOVERY_BASE_URL: 'scanopy.local:60072' });
    expect(result.status).toBe(EXIT_STATUS.badSetting);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('NETWORK_DISCOVERY_BASE_URL must start with https://');
    expect(lines[0]).toContain("Fix it in the MCP client's configuration");
    expect(lines[0]).toContain('`node dist/index.js --help` lists every setting');
  });

  it('--help names the command as run and lists every exit status', () => {
    const result = spawnSync(process.execPath, [DIST_ENTRY, '--help'], {
      cwd: join(ROOT, 'test'),
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`node ${DIST_ENTRY} doctor`);
    for (const status of Object.values(EXIT_STATUS)) {
      expect(result.stdout).toMatch(new RegExp(`^  ${status}  \\S`, 'm'));
    }
  });

  it('--demo 0.17.22 plays 0.17.22, as --demo=0.17.22 does', async () => {
    for (const args of [['--demo', '0.17.22'], ['--demo=0.17.22']]) {
      const server = await connectStdio({ baseUrl: new URL('http://127.0.0.1:1'), args });
      try {
        const result = (await server.client.callTool({
          name: 'get_version',
          arguments: {},
        })) as CallToolResult;
        expect(result.structuredContent, JSON.stringify(args)).toMatchObject({
          server_version: '0.17.22',
        });
      } finally {
        await server.close();
      }
    }
  }, 30_000);
});
