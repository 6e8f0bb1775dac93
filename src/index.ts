#!/usr/bin/env node
// Entry: reads argv and env, builds the runtime, and starts the chosen mode; exit codes live here.
import { usage } from './cli/usage.js';
import { type Config, configSecrets, parseConfig } from './config.js';
import { createLogger } from './log.js';
import { createRedactor } from './redact.js';
import { checkTransport } from './transport-safety.js';
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
  if (argv.includes('doctor')) {
    // Loaded only here: stdio start-up never pays for the doctor.
    const { runDoctor } = await import('./cli/doctor.js');
    process.exitCode = await runDoctor({ env, write: (line) => process.stdout.write(`${line}\n`) });
    return;
  }
  const redactor = createRedactor();
  const log = createLogger(redactor);
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    log.error(
      `invalid configuration:\n  - ${parsed.problems.join('\n  - ')}\nRun ${SERVER_NAME} --help for every setting.`,
    );
    process.exitCode = EXIT_CONFIG;
    return;
  }
  const config: Config = parsed.config;
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
    const transport = checkTransport(baseUrl, config.allowInsecureHttp);
    if (transport.ok && transport.warning) log.warn(transport.warning);
  }
  const { createRuntime } = await import('./compose.js');
  const runtime = createRuntime({
    config:
      config.baseUrl === 'demo' ? { ...config, apiKey: config.apiKey ?? 'scp_u_demo' } : config,
    baseUrl,
    redactor,
    log,
    audit: (record) => log.json({ time: new Date().toISOString(), audit: record }),
    demo: config.baseUrl === 'demo',
  });
  if (argv.includes('--http')) {
    // The HTTP stack is loaded only in this mode.
    const { runHttpMode } = await import('./cli/http.js');
    process.exitCode = await runHttpMode(runtime, argv, {
      log,
      tokenSecretSet: config.tokenSecret !== undefined,
      onClose: stopDemo,
    });
    return;
  }
  const { serveStdio } = await import('./cli/stdio.js');
  await serveStdio(runtime, stopDemo);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `[${SERVER_NAME}] fatal: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
