// `npm run conformance`: runs the MCP conformance server scenarios against `--demo --http` on 127.0.0.1 and reports passes, expected failures (with their reasons) and unexpected results.
// The suite's own summary counts every scenario this server cannot meet as "failed" in red before
// saying they are all expected; this report reads its results instead and says what each one is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baselinePath = join(root, 'test', 'conformance-baseline.yml');
const bin = (name) =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const useColor =
  process.stdout.isTTY && !process.env['NO_COLOR'] && process.env['FORCE_COLOR'] !== '0';
const paint = (code) => (text) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const red = paint('31');
const green = paint('32');
const dim = paint('2');

/**
 * The baseline's scenarios, each with the comment above its group as its reason. Hand-read
 * because a YAML parser drops comments, and the reasons live in comments so that the file stays
 * the plain list `conformance --expected-failures` reads. The comments before `server:` are the
 * file's introduction, not a reason.
 */
export function readBaseline(text) {
  const entries = [];
  let reason = [];
  let inList = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (/^server:\s*$/.test(line)) {
      inList = true;
      reason = [];
    } else if (!inList) {
    } else if (line.startsWith('#')) {
      // A comment after entries starts the next group's reason.
      if (entries.at(-1)?.reasonLines === reason) reason = [];
      reason.push(line.replace(/^#\s?/, ''));
    } else if (line.startsWith('- ')) {
      entries.push({ scenario: line.slice(2).trim(), reasonLines: reason });
    } else if (line === '') {
      reason = [];
    }
  }
  return entries.map(({ scenario, reasonLines }) => ({
    scenario,
    reason: reasonLines.join(' ').replace(/\s+/g, ' ').trim(),
  }));
}

/** Each scenario the suite ran, with its checks, from the result folders it wrote. */
export function readResults(outputDir) {
  const results = new Map();
  for (const entry of readdirSync(outputDir, { withFileTypes: true })) {
    // server-<scenario>-<ISO timestamp with dashes>
    const match = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry.name);
    const file = join(outputDir, entry.name, 'checks.json');
    if (!entry.isDirectory() || !match || !existsSync(file)) continue;
    results.set(match[1], JSON.parse(readFileSync(file, 'utf8')));
  }
  return results;
}

/** Scenario names from the suite's own summary lines, for scenarios that wrote no results. */
export function summaryScenarios(output) {
  return [...output.matchAll(/^[✓✗] ([\w-]+): \d+ passed, \d+ failed$/gm)].map((m) => m[1]);
}

/**
 * Sorts every scenario into passed, expected (failed, and in the baseline) and unexpected (failed
 * outside the baseline, or in the baseline yet passing). A warning counts as a failure, as the
 * suite's own baseline check counts it.
 */
export function classify(results, ran, baseline) {
  const expected = new Map(baseline.map((entry) => [entry.scenario, entry.reason]));
  const passed = [];
  const expectedFailures = [];
  const unexpected = [];
  for (const scenario of ran) {
    const checks = results.get(scenario);
    const problems = checks
      ? checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
      : [{ status: 'FAILURE', description: 'the scenario did not run', errorMessage: '' }];
    const listed = expected.has(scenario);
    if (problems.length === 0 && !listed) passed.push({ scenario, checks: checks.length });
    else if (problems.length === 0) unexpected.push({ scenario, stale: true, problems });
    else if (listed) expectedFailures.push({ scenario, reason: expected.get(scenario), problems });
    else unexpected.push({ scenario, stale: false, problems });
  }
  // In the baseline's order, so that each reason is printed once above its group.
  const order = baseline.map((entry) => entry.scenario);
  expectedFailures.sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario));
  return { passed, expectedFailures, unexpected };
}

/** A check that did not pass, in a few words: a warning by what it found, a failure by what it wanted and the error. */
const describeProblem = (check) =>
  check.status === 'WARNING'
    ? `warning: ${check.details?.message ?? check.description}`
    : `${check.description}${check.errorMessage ? ` (${check.errorMessage})` : ''}`;

/** The report's lines; the last one is "N passed, M expected failures, K unexpected". */
export function formatReport({ passed, expectedFailures, unexpected }, baselineName) {
  const lines = [`Passed (${passed.length}):`];
  for (const { scenario, checks } of passed) {
    lines.push(green(`  ✓ ${scenario}${checks > 1 ? ` (${checks} checks)` : ''}`));
  }
  lines.push(
    '',
    `Expected failures (${expectedFailures.length}): features this server does not offer, each listed with its reason in ${baselineName}:`,
  );
  let lastReason;
  for (const { scenario, reason, problems } of expectedFailures) {
    if (reason !== lastReason) lines.push(`  ${reason || '(no reason given)'}`);
    lastReason = reason;
    const warnings = problems.filter((p) => p.status === 'WARNING');
    const note =
      warnings.length === problems.length ? dim(` (${describeProblem(warnings[0])})`) : '';
    lines.push(`    ~ ${scenario}${note}`);
  }
  lines.push(
    '',
    unexpected.length === 0 ? 'Unexpected: none.' : red(`Unexpected (${unexpected.length}):`),
  );
  for (const { scenario, stale, problems } of unexpected) {
    if (stale) {
      lines.push(red(`  ✓ ${scenario} passes now: remove it from ${baselineName}`));
      continue;
    }
    lines.push(red(`  ✗ ${scenario}`));
    for (const problem of problems) lines.push(red(`      ${describeProblem(problem)}`));
  }
  const summary = `${passed.length} passed, ${expectedFailures.length} expected failures, ${unexpected.length} unexpected`;
  lines.push('', unexpected.length === 0 ? summary : red(summary));
  return lines;
}

/** Starts the built server in HTTP demo mode on a free port and resolves with its /mcp URL. */
function startServer() {
  const child = spawn(
    process.execPath,
    [join(root, 'dist', 'index.js'), '--demo', '--http', '--port', '0'],
    {
      env: { ...process.env, NETWORK_DISCOVERY_TOKEN_SECRET: 'conformance-run-secret-0123456789' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolveUrl, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /serving MCP over Streamable HTTP at (\S+)/.exec(stderr);
      if (match) resolveUrl({ child, url: match[1] });
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before listening:\n${stderr}`)),
    );
  });
}

async function main() {
  const passThrough = process.argv.slice(2);
  const { child, url } = await startServer();
  const output = mkdtempSync(join(tmpdir(), 'ndm-conformance-'));
  let status = 1;
  try {
    // Extra arguments pass through, e.g. `npm run conformance -- --scenario tools-list`;
    // `--verbose` also prints the suite's own output.
    const args = ['server', '--url', url, '--expected-failures', baselinePath, '-o', output];
    const run = spawnSync(bin('conformance'), [...args, ...passThrough], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      shell: process.platform === 'win32',
      maxBuffer: 64 * 1024 * 1024,
    });
    const suiteOutput = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const results = readResults(output);
    if (passThrough.includes('--verbose') || results.size === 0) process.stdout.write(suiteOutput);
    if (results.size === 0) {
      console.log(red(`conformance wrote no results (exit ${run.status ?? run.signal})`));
      return;
    }
    const ran = [...new Set([...summaryScenarios(suiteOutput), ...results.keys()])];
    const baseline = readBaseline(readFileSync(baselinePath, 'utf8'));
    const sorted = classify(results, ran, baseline);
    console.log(
      `MCP conformance server scenarios (@modelcontextprotocol/conformance) against ${url} (--demo --http)\n`,
    );
    for (const line of formatReport(sorted, relative(root, baselinePath))) console.log(line);
    // The suite's own baseline check must agree: a disagreement is a failure too.
    status = sorted.unexpected.length === 0 && run.status === 0 ? 0 : 1;
  } finally {
    child.kill();
    rmSync(output, { recursive: true, force: true });
  }
  process.exitCode = status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
