// The server's entry proper (loaded by src/index.ts): reads argv and env, builds the runtime, and starts the chosen mode; exit codes live here.
// First, before the server allocates: keeps V8's young generation from growing.
import './cli/young-generation.js';
import { installProcessGuards } from './cli/process-guards.js';
import { usage } from './cli/usage.js';
import { type Config, configSecrets, parseConfig, startedByBundle } from './config.js';
import { openAuditFile } from './confirm/audit-file.js';
import { createLogger, type Logger } from './log.js';
import { createRedactor } from './safety/redact.js';
import { checkTransport } from './safety/transport-safety.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

const EXIT_CONFIG = 2;
// Module-level so that even the last-resort fatal message below is redacted.
const redactor = createRedactor();
const log = createLogger(redactor);

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  // --demo, or --demo=0.17.22 to pick the Scanopy version the sample plays.
  const demoArg = argv.find((arg) => arg === '--demo' || arg.startsWith('--demo='));
  const demoVersion = demoArg?.split('=')[1];
  const env = demoArg
    ? {
        ...process.env,
        NETWORK_DISCOVERY_BASE_URL: 'demo',
        ...(demoVersion ? { NETWORK_DISCOVERY_DEMO_SCANOPY: demoVersion } : {}),
      }
    : process.env;
  if (argv.includes('doctor')) {
    // Loaded only here: stdio start-up never pays for the doctor.
    const { runDoctor } = await import('./cli/doctor.js');
    process.exitCode = await runDoctor({
      env,
      write: (line) => process.stdout.write(`${line}\n`),
      // Progress goes to stderr so the report on stdout stays clean to paste or pipe.
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    return;
  }
  installProcessGuards(log);
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    log.error(
      `invalid configuration:\n  - ${parsed.problems.join('\n  - ')}\nRun ${SERVER_NAME} --help for every setting.`,
    );
    process.exitCode = EXIT_CONFIG;
    return;
  }
  const config: Config = parsed.config;
  for (const note of parsed.notes) log.warn(note);
  for (const secret of configSecrets(config)) redactor.add(secret);
  const audit = openAudit(config, log);
  if (!audit) {
    process.exitCode = EXIT_CONFIG;
    return;
  }

  let baseUrl: URL;
  let stopDemo = async () => {};
  if (config.baseUrl === 'demo') {
    const { startSampleApi } = await import('./sample-api/server.js');
    const demo = await startSampleApi({
      apiKey: config.apiKey,
      scanopyVersion: config.demoScanopy,
    });
    baseUrl = demo.url;
    stopDemo = demo.close;
    log.info(
      `demo mode: serving built-in sample data (Scanopy ${config.demoScanopy}) from ${demo.url.origin}`,
    );
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
    audit,
    demo: config.baseUrl === 'demo',
    // Set only by manifest.json's mcp_config: errors then name the extension's settings.
    keySource: startedByBundle(env) ? 'mcpb' : 'env',
  });
  if (argv.includes('--http')) {
    // The HTTP stack is loaded only in this mode.
    const { runHttpMode } = await import('./cli/http.js');
    process.exitCode = await runHttpMode(runtime, argv, {
      log,
      tokenSecretSet: config.tokenSecret !== undefined,
      tokenPath: config.confirm === 'token',
      onClose: stopDemo,
    });
    return;
  }
  const { serveStdio } = await import('./cli/stdio.js');
  await serveStdio(runtime, stopDemo);
}

/**
 * Where the write audit trail goes: its own file when one is named, else one line each on stderr.
 * The runtime redacts each line with the redactor of the caller it records.
 */
function openAudit(config: Config, log: Logger): ((line: string) => void) | undefined {
  const toStderr = (line: string) => process.stderr.write(`${line}\n`);
  if (!config.auditLogPath) return toStderr;
  try {
    const file = openAuditFile(config.auditLogPath, {
      uid: process.getuid?.(),
      onWriteError: (line, error) => {
        log.error(
          `could not append to NETWORK_DISCOVERY_AUDIT_LOG (${String(error)}); the record:`,
        );
        toStderr(line);
      },
    });
    return file.write;
  } catch (error) {
    log.error(
      `cannot open NETWORK_DISCOVERY_AUDIT_LOG for appending: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  log.error(`fatal: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
