// What start-up defers, paid by the first call: spawn -> tools/list answered, then the first list_discoveries of 50, two builds interleaved. Usage: tsx bench/first-call.ts <A dist/index.js> <B dist/index.js> [starts, default 20]
import { startApiProcess } from './lib/api-process.js';
import { callTool, INITIALIZE_PARAMS, serverEnv, spawnServer } from './lib/server.js';
import { loadAverage, median, ms, since } from './lib/stats.js';

const [a, b, count = '20'] = process.argv.slice(2);
if (!a || !b)
  throw new Error('usage: tsx bench/first-call.ts <A dist/index.js> <B dist/index.js> [starts]');
const builds = { A: a, B: b } as const;
const api = await startApiProcess(1_000, '0.14.13');
const env = serverEnv(api.url);
const times: Record<'A' | 'B', { ready: number[]; first: number[] }> = {
  A: { ready: [], first: [] },
  B: { ready: [], first: [] },
};
console.log(`load average at start ${loadAverage()}`);
try {
  for (let i = 0; i < Number(count); i++) {
    for (const label of ['A', 'B'] as const) {
      const begin = process.hrtime.bigint();
      const server = spawnServer(env, builds[label]);
      await server.request('initialize', INITIALIZE_PARAMS);
      server.notify('notifications/initialized');
      await server.request('tools/list');
      times[label].ready.push(since(begin));
      const asked = process.hrtime.bigint();
      const result = await callTool(server, 'list_discoveries', { limit: 50 });
      if (result.isError) throw new Error(`${label}: list_discoveries failed`);
      times[label].first.push(since(asked));
      await server.close();
    }
  }
  for (const label of ['A', 'B'] as const) {
    const ready = median(times[label].ready);
    const first = median(times[label].first);
    console.log(
      `${label} ${builds[label]}: tools/list answered ${ms(ready)}, first list_discoveries ${ms(first)}, both ${ms(ready + first)} (medians of ${count})`,
    );
  }
  console.log(`load average at end ${loadAverage()}`);
} finally {
  await api.close();
}
