#!/usr/bin/env node
// stdio entry: config -> client -> server -> transport; the only place that reads process and env.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApiClient } from './api/client.js';
import { createHttpSender } from './api/http.js';
import { usage } from './cli/usage.js';
import { configSecrets, parseConfig } from './config.js';
import { createLogger } from './log.js';
import { createRedactor } from './redact.js';
import { createServer } from './server.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

const EXIT_CONFIG = 2;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  const env = argv.includes('--demo')
    ? { ...process.env, NETWORK_DISCOVERY_BASE_URL: 'demo' }
    : process.env;
  const parsed = parseConfig(env);
  const redactor = createRedactor();
  const log = createLogger(redactor);
  if (!parsed.ok) {
    log.error(
      `invalid configuration:\n  - ${parsed.problems.join('\n  - ')}\nRun ${SERVER_NAME} --help for every setting.`,
    );
    process.exitCode = EXIT_CONFIG;
    return;
  }
  const config = parsed.config;
  for (const secret of configSecrets(config)) redactor.add(secret);

  let baseUrl: URL;
  let stopDemo = async () => {};
  if (config.baseUrl === 'demo') {
    const { startSampleApi } = await import('./sample-api/server.js');
    const demo = await startSampleApi({ apiKey: config.apiKey });
    baseUrl = demo.url;
    stopDemo = demo.close;
    log.info(`demo mode: serving built-in sample data from ${demo.url.origin}`);
  } else {
    baseUrl = config.baseUrl;
  }

  const api = createApiClient({
    baseUrl,
    apiKey: config.baseUrl === 'demo' ? (config.apiKey ?? 'scp_u_demo') : config.apiKey,
    sessionId: config.sessionId,
    userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
    sender: createHttpSender({
      timeoutMs: config.timeoutMs,
      maxResponseBytes: config.maxResponseBytes,
    }),
    redactor,
  });
  const server = createServer({
    api,
    redactor,
    readOnly: config.readOnly,
    maxResultBytes: config.maxResultBytes,
    apiKey: config.apiKey,
    tokenSecret: config.tokenSecret,
  });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await Promise.allSettled([server.close(), api.close(), stopDemo()]);
    process.exit(0);
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await server.connect(new StdioServerTransport());
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `[${SERVER_NAME}] fatal: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
