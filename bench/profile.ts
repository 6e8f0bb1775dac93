// Profiles (Node's --cpu-prof / --heap-prof, or the allocation of warm calls) of an unminified build: start-up to tools/list, warm list_discoveries calls, and the first host question at 20,000 hosts; prints the top frames by self time, by source file and the heap retained at exit.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './lib/api-process.js';
import { generateInventory, SCANOPY_QUOTA, startInventoryApi } from './lib/inventory.js';
import { rssOf } from './lib/rss.js';
import { callTool, ROOT, serverEnv, startServer } from './lib/server.js';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly hitCount?: number;
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}
interface HeapNode {
  readonly callFrame: CallFrame;
  readonly selfSize: number;
  readonly children: readonly HeapNode[];
}

/** Per chunk file: the start line of each `// src/...` or `// node_modules/...` section esbuild writes. */
const sections = new Map<string, { line: number; file: string }[]>();
function sourceOf(url: string, line: number): string {
  if (!url) return '(native)';
  if (!url.startsWith('file://')) return url;
  const path = new URL(url).pathname;
  let marks = sections.get(path);
  if (!marks) {
    marks = [];
    for (const [index, text] of readFileSync(path, 'utf8').split('\n').entries()) {
      const match = /^\/\/ ((?:src|node_modules|ui)\/\S+)$/.exec(text);
      if (match?.[1]) marks.push({ line: index, file: match[1] });
    }
    sections.set(path, marks);
  }
  let file = path.replace(/.*\//, '');
  for (const mark of marks) if (mark.line <= line) file = mark.file;
  return file.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, '$1 (dep)');
}

const top = (totals: Map<string, number>, count: number, all: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `  ${((100 * value) / all).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');

/** Self time by function and by source file, over every profile in `dir`. */
function cpuReport(dir: string, count = 25): string {
  const byFrame = new Map<string, number>();
  const byFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let all = 0;
  let wall = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    wall += (profile.endTime - profile.startTime) / 1000;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parents.set(child, node.id);
    for (const [i, id] of profile.samples.entries()) {
      const node = nodes.get(id);
      const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      if (!node) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const file = sourceOf(url, lineNumber);
      const frame = `${functionName || '(anonymous)'} ${file}`;
      byFrame.set(frame, (byFrame.get(frame) ?? 0) + delta);
      byFile.set(file, (byFile.get(file) ?? 0) + delta);
      // Inclusive: every distinct source file on the sample's stack (what a module costs with its callees).
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        const frame = nodes.get(at)?.callFrame;
        if (frame) seen.add(sourceOf(frame.url, frame.lineNumber));
      }
      for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
      all += delta;
    }
  }
  return `sampled ${all.toFixed(0)} ms of ${wall.toFixed(0)} ms wall\nby function (self):\n${top(byFrame, count, all)}\nby source file (self):\n${top(byFile, count, all)}\nby source file (inclusive):\n${top(inclusive, count + 10, all)}`;
}

/** Bytes still held at exit by the allocating function and by source file. */
function heapReport(dir: string, count = 20): string {
  const byFrame = new Map<string, number>();
  const byFile = new Map<string, number>();
  let all = 0;
  const walk = (node: HeapNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = sourceOf(url, lineNumber);
    const frame = `${functionName || '(anonymous)'} ${file}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + node.selfSize);
    byFile.set(file, (byFile.get(file) ?? 0) + node.selfSize);
    all += node.selfSize;
    for (const child of node.children) walk(child);
  };
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.heapprofile'))) {
    walk((JSON.parse(readFileSync(join(dir, name), 'utf8')) as { head: HeapNode }).head);
  }
  return `sampled heap held at exit ${(all / 2 ** 20).toFixed(1)} MB\nby function:\n${top(byFrame, count, all)}\nby source file:\n${top(byFile, count, all)}`;
}

function unminifiedBuild(): string {
  const outdir = mkdtempSync(join(tmpdir(), 'ndm-profile-'));
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), 'src/index.ts', outdir], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BUILD_MINIFY: '0' },
  });
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  return join(outdir, 'index.js');
}

const profiling = (dir: string, heap: boolean) =>
  heap
    ? ['--heap-prof', `--heap-prof-dir=${dir}`, '--heap-prof-interval=4096']
    : ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'];

async function startup(entry: string, heap: boolean, runs = 10): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ndm-prof-startup-'));
  for (let i = 0; i < runs; i++) {
    const server = await startServer(
      serverEnv(new URL('http://127.0.0.1:9')),
      entry,
      profiling(dir, heap),
    );
    await server.request('tools/list');
    await server.close();
  }
  return `start-up to tools/list, ${runs} starts (${dir})\n${heap ? heapReport(dir) : cpuReport(dir)}`;
}

async function calls(entry: string, heap: boolean, version: string, count = 2_000) {
  const dir = mkdtempSync(join(tmpdir(), 'ndm-prof-calls-'));
  const api = await startApiProcess(1_000, version);
  const server = await startServer(serverEnv(api.url), entry, profiling(dir, heap));
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const result = await callTool(server, 'list_discoveries', { limit: 50 });
    if (result.isError) throw new Error('list_discoveries failed');
  }
  const wall = performance.now() - started;
  await server.close();
  await api.close();
  return `${count} list_discoveries of 50 on ${version}, ${(wall / count).toFixed(2)} ms a call (${dir})\n${heap ? heapReport(dir) : cpuReport(dir)}`;
}

async function hosts(entry: string, heap: boolean, version: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ndm-prof-hosts-'));
  const api = await startInventoryApi(version, generateInventory(20_000, 5), SCANOPY_QUOTA);
  const server = await startServer(serverEnv(api.url), entry, profiling(dir, heap));
  const started = performance.now();
  // A question only the whole host list answers: the cold read (bench/inventory.ts's slowest).
  const result = await callTool(
    server,
    'list_hosts',
    { service: 'SSH', counts_only: true },
    { progressToken: 1 },
  );
  const wall = performance.now() - started;
  const peak = rssOf(server.pid).peak ?? 0;
  const progress = server.notifications.filter((n) => n.method === 'notifications/progress');
  await server.close();
  await api.close();
  return `first list_hosts(service: SSH, counts_only) at 20,000 hosts on ${version}: ${Math.round(wall)} ms, ${api.requests.length} requests, ${progress.length} progress notifications, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB, error ${result.isError === true} (${dir})\n${heap ? heapReport(dir) : cpuReport(dir)}`;
}

/**
 * Time each bundled module's top level takes at start-up: a copy of the build with a mark before
 * every `// src/...` section esbuild writes (and at each chunk's start), read back at exit.
 */
async function modules(entry: string, runs = 10): Promise<string> {
  const copy = mkdtempSync(join(tmpdir(), 'ndm-prof-modules-'));
  const from = join(entry, '..');
  cpSync(from, copy, { recursive: true });
  const files = [
    join(copy, 'index.js'),
    ...readdirSync(join(copy, 'chunks')).map((f) => join(copy, 'chunks', f)),
  ];
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const out = lines.flatMap((line, index) => {
      const match = /^\/\/ ((?:src|node_modules|ui)\/\S+)$/.exec(line);
      const mark = (name: string) => `globalThis.__mark?.(${JSON.stringify(name)});`;
      if (index === 0 && !line.startsWith('#!'))
        return [mark(`chunk ${file.replace(/.*\//, '')}`), line];
      if (index === 0) return [line, mark(`chunk ${file.replace(/.*\//, '')}`)];
      return match?.[1] ? [line, mark(match[1])] : [line];
    });
    writeFileSync(file, out.join('\n'));
  }
  const dumps = mkdtempSync(join(tmpdir(), 'ndm-prof-marks-'));
  const preload = join(copy, 'marks.mjs');
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs';
const marks = [];
globalThis.__mark = (name) => marks.push([name, performance.now()]);
globalThis.__markDone = () => { if (!marks.done) { marks.done = true; marks.push(['(answered initialize)', performance.now()]); } };
process.on('exit', () => writeFileSync(${JSON.stringify(dumps)} + '/' + process.pid + '.json', JSON.stringify(marks)));
`,
  );
  for (let i = 0; i < runs; i++) {
    const server = await startServer(
      serverEnv(new URL('http://127.0.0.1:9')),
      join(copy, 'index.js'),
      ['--import', preload],
    );
    await server.close();
  }
  const spans = new Map<string, number[]>();
  let lastMark: number[] = [];
  for (const name of readdirSync(dumps)) {
    const marks = JSON.parse(readFileSync(join(dumps, name), 'utf8')) as [string, number][];
    // The last mark's span runs into the wait for the client: left out.
    for (const [index, [mark, at]] of marks.slice(0, -1).entries()) {
      const span = (marks[index + 1]?.[1] ?? at) - at;
      spans.set(mark, [...(spans.get(mark) ?? []), span]);
    }
    lastMark = [...lastMark, marks.at(-1)?.[1] ?? 0];
  }
  const median = (values: readonly number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rows = [...spans.entries()].map(([mark, values]) => [mark, median(values)] as const);
  const total = rows.reduce((sum, [, value]) => sum + value, 0);
  const byPackage = new Map<string, number>();
  for (const [mark, value] of rows) {
    const name = mark
      .replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, '$1 (dep)')
      .replace(/^src\/([^/]+)\/.*/, 'src/$1/');
    byPackage.set(name, (byPackage.get(name) ?? 0) + value);
  }
  const list = (entries: Iterable<readonly [string, number]>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, value]) => `  ${value.toFixed(2).padStart(7)} ms  ${name}`)
      .join('\n');
  return `module top levels at start-up, median of ${runs} starts: ${total.toFixed(1)} ms from the first mark to the last (at ${median(lastMark).toFixed(1)} ms after the process's time origin)\nby module:\n${list(rows, 30)}\nby package or src folder:\n${list(byPackage, 20)}`;
}

/**
 * Bytes allocated a warm call, by the allocating frame: V8's sampling heap profiler with the objects
 * scavenges and full collections freed kept in the profile (so it counts allocation, not what is
 * held), started after the warm-up and written by a preloaded module on two signals.
 */
async function alloc(entry: string, version: string, count = 1_000, warmup = 300) {
  const dir = mkdtempSync(join(tmpdir(), 'ndm-prof-alloc-'));
  const preload = join(dir, 'sampling.mjs');
  writeFileSync(
    preload,
    `import { Session } from 'node:inspector';
import { renameSync, writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
let sampling = false;
// The first signal starts sampling, the second writes the profile (at exit it could outlast close's grace).
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  session.post('HeapProfiler.stopSampling', (error, result) => {
    writeFileSync(${JSON.stringify(dir)} + '/calls.part', error ? '{}' : JSON.stringify(result.profile));
    renameSync(${JSON.stringify(dir)} + '/calls.part', ${JSON.stringify(dir)} + '/calls.heapprofile');
  });
});
`,
  );
  const api = await startApiProcess(1_000, version);
  const server = await startServer(serverEnv(api.url), entry, ['--import', preload]);
  const call = async () => {
    const result = await callTool(server, 'list_discoveries', { limit: 50 });
    if (result.isError) throw new Error('list_discoveries failed');
  };
  for (let i = 0; i < warmup; i++) await call();
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((done) => setTimeout(done, 50));
  for (let i = 0; i < count; i++) await call();
  process.kill(server.pid, 'SIGUSR2');
  while (!existsSync(join(dir, 'calls.heapprofile')))
    await new Promise((done) => setTimeout(done, 100));
  await server.close();
  await api.close();
  const report = heapReport(dir, 30).replace('sampled heap held at exit', 'sampled allocation');
  const total = /sampled allocation ([\d.]+) MB/.exec(report)?.[1];
  return `${count} warm list_discoveries of 50 on ${version}, ${((Number(total) * 2 ** 20) / count / 1024).toFixed(0)} KB allocated a call (${dir})\n${report}`;
}

// `tsx bench/profile.ts [startup|modules|calls|hosts|alloc] [--heap] [version]`
const [what = 'startup', ...rest] = process.argv.slice(2);
const heap = rest.includes('--heap');
const version = rest.find((arg) => /^\d/.test(arg)) ?? '0.14.13';
const entry = process.env['PROFILE_ENTRY'] ?? unminifiedBuild();
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
if (what === 'startup') console.log(await startup(entry, heap));
if (what === 'modules') console.log(await modules(entry));
if (what === 'calls') console.log(await calls(entry, heap, version));
if (what === 'hosts') console.log(await hosts(entry, heap, version));
if (what === 'alloc') console.log(await alloc(entry, version));
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
