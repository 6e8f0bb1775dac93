// Target 5: list_discoveries text for 50 discoveries vs the service's raw JSON for the same page.
import { startApiProcess } from './lib/api-process.js';
import { API_HEADERS } from './lib/fake-api.js';
import { type BenchResult, runIfMain } from './lib/result.js';
import { callTool, serverEnv, startServer, textOf } from './lib/server.js';

const PAGE = 50;
const MAX_RATIO = 0.35;

type Raw = Record<string, unknown> & {
  id: string;
  name: string;
  network_id: string;
  daemon_id: string;
  discovery_type: { type: string };
  run_type: Record<string, unknown> & { type: string };
};

/** What a model needs of one discovery that its line (and group heading) does not say. */
function missing(discovery: Raw, line: string | undefined, heading: string): string[] {
  if (!line) return ['id'];
  const run = discovery.run_type;
  const lastRun = typeof run['last_run'] === 'string' ? run['last_run'].slice(0, 10) : 'never run';
  const wanted: [string, boolean][] = [
    ['name', line.startsWith(`- ${discovery.name} · `)],
    ['network', heading.includes(discovery.network_id)],
    ['daemon', heading.includes(discovery.daemon_id)],
    ['type', line.includes(discovery.discovery_type.type)],
    ['last run', run.type === 'Historical' || line.includes(lastRun)],
  ];
  if (run.type === 'Scheduled') {
    wanted.push(['schedule', line.includes(String(run['cron_schedule']))]);
    wanted.push([
      'enabled state',
      line.includes(run['enabled'] === false ? 'DISABLED' : 'enabled'),
    ]);
  }
  return wanted.filter(([, ok]) => !ok).map(([field]) => field);
}

export async function resultSizeBench(): Promise<BenchResult> {
  const api = await startApiProcess(1_000);
  const server = await startServer(serverEnv(api.url));
  try {
    const result = await callTool(server, 'list_discoveries', { limit: PAGE });
    const text = textOf(result);
    const response = await fetch(new URL(`/api/v1/discovery?limit=${PAGE}&offset=0`, api.url), {
      headers: API_HEADERS,
    });
    const raw = await response.text();
    const items = (JSON.parse(raw) as { data: Raw[] }).data;
    // Each line under the heading of its network and daemon.
    const lines = new Map<string, { line: string; heading: string }>();
    let heading = '';
    for (const line of text.split('\n')) {
      if (line.startsWith('## ')) heading = line;
      const id = /\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/.exec(line)?.[0];
      if (line.startsWith('- ') && id) lines.set(id, { line, heading });
    }
    const gaps = items.flatMap((item) => {
      const found = lines.get(item.id);
      return missing(item, found?.line, found?.heading ?? '').map((f) => `${item.id}: ${f}`);
    });
    const textBytes = Buffer.byteLength(text);
    const rawBytes = Buffer.byteLength(raw);
    const ratio = textBytes / rawBytes;
    return {
      name: '5. Result size',
      figure: `${(ratio * 100).toFixed(1)}% of the raw JSON`,
      target: `<= ${MAX_RATIO * 100}%, nothing needed lost`,
      pass: ratio <= MAX_RATIO && items.length === PAGE && gaps.length === 0,
      detail: `${PAGE} discoveries: text ${textBytes} bytes vs raw envelope ${rawBytes} bytes; ${gaps.length === 0 ? 'every id, name, network, daemon, type, schedule, enabled state and last run kept' : `missing ${gaps.slice(0, 3).join('; ')}`}`,
    };
  } finally {
    await server.close();
    await api.close();
  }
}

await runIfMain(import.meta.url, resultSizeBench);
