// The server's entry proper (loaded by src/index.ts): reads argv and env, builds the runtime, and starts the chosen mode (exit statuses: src/cli/exit-status.ts).
import { parseCommandLine } from './cli/arguments.js';
import { commandName } from './cli/command-name.js';
import { EXIT_STATUS } from './cli/exit-status.js';
import { parseHttpArgs } from './cli/http-args.js';
import { installProcessGuards } from './cli/process-guards.js';
import { spentStoreWarning } from './cli/spent-warning.js';
import { serveStdio } from './cli/stdio.js';
import { usage } from './cli/usage.js';
// Static, not loaded after the configuration: a dynamic import is an entry point of its own to
// esbuild, which then splits the modules main and it share into chunks by which entries reach
// them; 25 files read and compiled at every stdio start became 18 (about 0.7 ms of CPU a file).
import { createRuntime } from './compose.js';
import { type Config, configSecrets, parseConfig, startedByBundle } from './config.js';
import { openAuditFile } from './confirm/audit-file.js';
import { createSpentStore } from './confirm/spent-store.js';
import { createLogger, type Logger } from './log.js';
import { createRedactor } from './safety/redact.js';
import { checkTransport } from './safety/transport-safety.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

// Module-level so that even the last-resort fatal message below is redacted.
const redactor = createRedactor();
const log = createLogger(redactor);

/** How the person runs this server again: `node dist/index.js` from a clone, the bin name installed. */
const command = commandName(process.argv[1], process.cwd());

async function main(argv: readonly string[]): Promise<void> {
  const line = parseCommandLine(argv);
  // --http's own flag values too, before anything starts (the demo's sample API among them).
  const http = line.ok && line.mode === 'http' ? parseHttpArgs(argv) : undefined;
  const problems = !line.ok ? line.problems : http && !http.ok ? http.problems : [];
  if (problems.length > 0) {
    // One line: a client's log shows it beside the exit status.
    process.stderr.write(
      `[${SERVER_NAME}] error: cannot start: ${problems.join('; ').replace(/\.$/, '')}. Run \`${command} --help\` for the commands and flags.\n`,
    );
    process.exitCode = EXIT_STATUS.badArguments;
    return;
  }
  if (!line.ok) return;
  if (line.mode === 'help') {
    process.stdout.write(usage(command));
    return;
  }
  if (line.mode === 'version') {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  // --demo, or --demo 0.17.22 (or --demo=0.17.22) to pick the Scanopy version the sample plays.
  const env =
    line.demo !== undefined
      ? {
          ...process.env,
          NETWORK_DISCOVERY_BASE_URL: 'demo',
          ...(line.demo ? { NETWORK_DISCOVERY_DEMO_SCANOPY: line.demo } : {}),
        }
      : process.env;
  if (line.mode === 'doctor') {
    // Loaded only here: stdio start-up never pays for the doctor.
    const { runDoctor } = await import('./cli/doctor.js');
    process.exitCode = await runDoctor({
      env,
      write: (text) => process.stdout.write(`${text}\n`),
      // Progress goes to stderr so the report on stdout stays clean to paste or pipe.
      progress: (text) => process.stderr.write(`${text}\n`),
      command,
    });
    return;
  }
  installProcessGuards(log);
  const parsed = parseConfig(env);
  if (!parsed.ok) {
    // One line, which a client's log shows whole (Claude Code otherwise shows only that it closed).
    const where = startedByBundle(env)
      ? "the extension's settings"
      : "the MCP client's configuration for this server";
    log.error(
      `cannot start, invalid configuration: ${parsed.problems.join('; ').replace(/\.$/, '')}. Fix it in ${where}; \`${command} --help\` lists every setting.`,
    );
    process.exitCode = EXIT_STATUS.badSetting;
    return;
  }
  const config: Config = parsed.config;
  for (const note of parsed.notes) log.warn(note);
  for (const secret of configSecrets(config)) redactor.add(secret);
  const audit = openAudit(config, log);
  if (!audit) {
    process.exitCode = EXIT_STATUS.badSetting;
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
    command,
    spent: createSpentStore({
      redisUrl: config.redisUrl,
      auditLogPath: config.auditLogPath,
      uid: process.getuid?.(),
      now: Date.now,
    }),
  });
  const spentWarning = spentStoreWarning({
    writes: line.mode === 'http' ? runtime.httpWrites : !config.readOnly,
    spentStore: runtime.spentStore,
    tokenSecretSet: config.tokenSecret !== undefined,
    httpTokenPath: line.mode === 'http' && config.confirm === 'token',
  });
  if (spentWarning) log.warn(spentWarning);
  if (line.mode === 'http') {
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
  process.exit(EXIT_STATUS.failed);
});
