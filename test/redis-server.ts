// Debian's redis-server for tests, on 127.0.0.1 and a free port with nothing kept on disk, and the free-port helper it uses.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment without LD_PRELOAD (faketime's), for a service the test starts beside it. */
function withoutPreload(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { LD_PRELOAD: _preload, ...rest } = env;
  return rest;
}

/** Debian's redis-server on 127.0.0.1 and a free port, nothing kept on disk (.ci/run installs it). */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    // Without faketime's preload: libfaketime recurses in redis-server's clock_gettime and it never
    // starts, so `faketime '+400 days' npx vitest run` would fail here on the tool, not the date.
    { stdio: ['ignore', 'pipe', 'pipe'], env: withoutPreload(process.env) },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.once('error', (error) =>
      reject(
        new Error(`redis-server could not start (${error.message}); apt-get install redis-server`),
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A redis-server for the enclosing describe: started before its tests, stopped after; the URL. */
export function useRedis(): () => string {
  let redis: { url: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });
  return () => {
    if (!redis) throw new Error('redis-server did not start');
    return redis.url;
  };
}
