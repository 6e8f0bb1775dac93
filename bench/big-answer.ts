// Target 6: limit 0 over 20,000 discoveries: completes, peak RSS, result within budget, cut with a paging hint.
import { startApiProcess } from './lib/api-process.js';
import { discoveryItems } from './lib/discovery-items.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { watchPeak } from './lib/rss.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';
import { mb, ms, since } from './lib/stats.js';

const DISCOVERIES = 20_000;
const MAX_PEAK_BYTES = 150_000_000;
/** config.ts: NETWORK_DISCOVERY_MAX_RESULT_BYTES defaults to 100,000. */
const BUDGET = 100_000;

export async function bigAnswerBench(): Promise<BenchResult> {
  const api = await startApiProcess(DISCOVERIES);
  const server = await startServer(serverEnv(api.url));
  try {
    const peak = watchPeak(server.pid);
    const start = process.hrtime.bigint();
    const result = await callTool(
      server,
      'list_discoveries',
      { limit: 0 },
      { progressToken: 'big' },
    );
    const elapsed = since(start);
    const peakBytes = peak.stop();
    const text = textOf(result);
    const structured = result.structuredContent ?? {};
    const bytes = Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(structured));
    const shown = discoveryItems(structured).length;
    const cutLine = text.split('\n').at(-1) ?? '';
    const progress = server.notifications.filter((n) => n.method === 'notifications/progress');
    const checks: [string, boolean][] = [
      ['no error', result.isError !== true],
      ['within budget', bytes <= BUDGET],
      ['truncated: true', structured['truncated'] === true],
      ['cut line with offset and network_id', /\d+ more.*offset \d+.*network_id/.test(cutLine)],
      ['progress sent', progress.length > 0],
      ['peak RSS', peakBytes <= MAX_PEAK_BYTES],
    ];
    const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
    return {
      name: '6. Big answers',
      figure: `peak RSS ${mb(peakBytes)}, result ${bytes} bytes`,
      target: `<= ${mb(MAX_PEAK_BYTES)}, <= ${BUDGET} bytes, cut and marked`,
      pass: failed.length === 0,
      detail: `limit 0 over ${DISCOVERIES}: ${shown} shown in ${ms(elapsed, 0)}, ${progress.length} progress notification(s); ${failed.length === 0 ? `"${cutLine.slice(0, 60)}…"` : `failed: ${failed.join(', ')}`}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, bigAnswerBench);
