// The fake API in a process of its own, so neither the bench client nor the server shares its event loop.
import { fork } from 'node:child_process';
import { generateDiscoveries, sampleData } from '../../src/sample-api/data.js';
import { startSampleApi } from '../../src/sample-api/server.js';
import { API_KEY } from './server.js';

type Request = { readonly kind: 'connections' } | { readonly kind: 'close' };
type Reply = { readonly url: string } | { readonly connections: number };

export interface ApiProcess {
  readonly url: URL;
  /** New TCP connections the API has accepted so far. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/** Forks this file as the API process serving `count` generated discoveries as `version` would. */
export async function startApiProcess(count: number, version = '0.14.13'): Promise<ApiProcess> {
  // fork() keeps process.execArgv, so tsx's loader runs this TypeScript file in the child too.
  const child = fork(new URL(import.meta.url).pathname, ['--serve', String(count), version], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Reply));
      child.once('exit', () => reject(new Error('the fake API process exited')));
    });
  const ready = await next();
  if (!('url' in ready)) throw new Error('the fake API process did not start');
  const ask = (request: Request) => child.send(request);
  return {
    url: new URL(ready.url),
    async connections() {
      const answer = next();
      ask({ kind: 'connections' });
      const reply = await answer;
      return 'connections' in reply ? reply.connections : Number.NaN;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      ask({ kind: 'close' });
      await exited;
    },
  };
}

async function serve(count: number, version: string): Promise<void> {
  const api = await startSampleApi({
    apiKey: API_KEY,
    data: { ...sampleData(version), discoveries: generateDiscoveries(count) },
  });
  process.on('message', async (message: Request) => {
    if (message.kind === 'connections') process.send?.({ connections: api.connections() });
    if (message.kind === 'close') {
      await api.close();
      process.exit(0);
    }
  });
  process.send?.({ url: api.url.href });
}

if (process.argv[2] === '--serve')
  await serve(Number(process.argv[3]), process.argv[4] ?? '0.14.13');
