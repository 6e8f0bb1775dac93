// `network-discovery-mcp doctor`: checks the settings against the service and prints a short report.
import type { ApiClient } from '../api/client.js';
import { createApiClient } from '../api/client.js';
import { EndpointNotOfferedError, TimeoutError } from '../api/errors.js';
import {
  describeProfile,
  NEWEST_KNOWN_VERSION,
  OLDEST_KNOWN_VERSION,
  profileFor,
} from '../api/families/service-profile.js';
import { createHttpSender } from '../api/transport/http.js';
import { type Config, configSecrets, isPlaceholderKey, parseConfig } from '../config.js';
import { CONFIRM_MODE_SHORT } from '../confirm/confirmation.js';
import { describeError } from '../mcp/tool-error.js';
import { versionText } from '../safety/quote.js';
import { createRedactor, type Redactor } from '../safety/redact.js';
import { offersSnmpCredentialEndpoint, SUPPORTED_API_VERSION } from '../tools/get-version.js';
import { SERVER_NAME, SERVER_VERSION } from '../version.js';
import { toolSupport } from '../views/versions/tool-support.js';

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly detail: string;
  /** What to do about a failure. */
  readonly hint?: string;
}

export interface DoctorOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Receives the report, one line at a time (stdout in the CLI), each check as soon as it ends. */
  readonly write: (line: string) => void;
  /** Receives "checking ..." as each network check starts (stderr in the CLI), so a slow one shows. */
  readonly progress?: (line: string) => void;
  /** How the person runs this server (src/cli/command-name.ts); the bin name by default. */
  readonly command?: string;
}

const REPORT_WIDTH = 100;

const MARKS: Readonly<Record<CheckStatus, string>> = {
  pass: '[PASS]',
  fail: '[FAIL]',
  skip: '[SKIP]',
};

/** Every check name, so each line can be padded before the later checks have run. */
const CHECK_NAMES = ['Configuration', 'Service reachable', 'Service version', 'API key', 'Session'];

/** Prints the header at once and each check as it is added: a hanging check never hides the others. */
interface ReportWriter {
  add(result: CheckResult): void;
  progress(line: string): void;
  /** Writes the summary line; returns the exit code (0 only when nothing failed). */
  finish(): number;
}

function reportWriter(options: DoctorOptions, redactor: Redactor): ReportWriter {
  const results: CheckResult[] = [];
  const write = (line: string) => options.write(redactor.redact(line));
  for (const line of reportHeader()) write(line);
  return {
    add(result) {
      results.push(result);
      for (const line of renderCheck(result)) write(line);
    },
    progress(line) {
      options.progress?.(redactor.redact(line));
    },
    finish() {
      for (const line of reportSummary(results)) write(line);
      return results.some((r) => r.status === 'fail') ? 1 : 0;
    },
  };
}

/** Runs every check, prints the report, and returns the exit code: 0 only when nothing failed. */
export async function runDoctor(options: DoctorOptions): Promise<number> {
  const redactor = createRedactor();
  const parsed = parseConfig(options.env);
  if (parsed.ok) for (const secret of configSecrets(parsed.config)) redactor.add(secret);
  const report = reportWriter(options, redactor);
  if (parsed.ok) {
    report.add(configurationCheck(parsed.config, parsed.notes));
    await serviceChecks(parsed.config, redactor, report, options.command);
  } else {
    report.add({
      name: 'Configuration',
      status: 'fail',
      detail: parsed.problems.join('; '),
      hint: `Fix the settings named above (${options.command ?? SERVER_NAME} --help lists them all).`,
    });
  }
  return report.finish();
}

export function renderReport(results: readonly CheckResult[]): string[] {
  return [...reportHeader(), ...results.flatMap(renderCheck), ...reportSummary(results)];
}

const reportHeader = () => [`${SERVER_NAME} ${SERVER_VERSION} doctor`, ''];

function renderCheck(result: CheckResult): string[] {
  const width = Math.max(...CHECK_NAMES.map((name) => name.length), result.name.length);
  const indent = ' '.repeat(MARKS.pass.length + width + 3);
  const lines = [`${MARKS[result.status]} ${result.name.padEnd(width)}  ${result.detail}`];
  if (result.hint)
    lines.push(...wrap(`hint: ${result.hint}`, REPORT_WIDTH - indent.length, indent));
  return lines;
}

function reportSummary(results: readonly CheckResult[]): string[] {
  const failed = results.filter((r) => r.status === 'fail').length;
  return [
    '',
    failed === 0 ? 'All checks passed.' : `${failed} of ${results.length} checks failed.`,
  ];
}

/** Word-wraps text to `width` columns, each line prefixed with `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(`${indent}${current}`);
      current = `  ${word}`;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(`${indent}${current}`);
  return lines;
}

function configurationCheck(config: Config, notes: readonly string[]): CheckResult {
  const where =
    config.baseUrl === 'demo'
      ? 'demo (built-in sample data)'
      : config.baseUrl.protocol === 'http:'
        ? `${config.baseUrl.href} (plain http: the key travels unencrypted)`
        : config.baseUrl.href;
  const parts = [
    where,
    `API key ${config.apiKey ? (isPlaceholderKey(config.apiKey) ? 'a placeholder (scp_u_...)' : 'set') : 'not set'}`,
    `session ${config.sessionId ? 'set' : 'not set'}`,
    config.readOnly
      ? 'read-only'
      : `${CONFIRM_MODE_SHORT[config.confirm]} (NETWORK_DISCOVERY_CONFIRM=${config.confirm})`,
    `timeout ${config.timeoutMs / 1000} s`,
  ];
  const repaired = notes.length > 0 ? { hint: notes.join(' ') } : {};
  return { name: 'Configuration', status: 'pass', detail: parts.join(' · '), ...repaired };
}

async function serviceChecks(
  config: Config,
  redactor: Redactor,
  report: ReportWriter,
  command: string | undefined,
): Promise<void> {
  let baseUrl: URL;
  let stopDemo = async () => {};
  const apiKey = config.baseUrl === 'demo' ? (config.apiKey ?? 'scp_u_demo') : config.apiKey;
  if (config.baseUrl === 'demo') {
    const { startSampleApi } = await import('../sample-api/server.js');
    const demo = await startSampleApi({
      apiKey: config.apiKey,
      sessions: config.sessionId ? [config.sessionId] : [],
      scanopyVersion: config.demoScanopy,
    });
    baseUrl = demo.url;
    stopDemo = demo.close;
  } else {
    baseUrl = config.baseUrl;
  }
  const sender = createHttpSender({
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
  });
  const client = (key: string | undefined, sessionId: string | undefined) =>
    createApiClient({
      baseUrl,
      apiKey: key,
      sessionId,
      userAgent: `${SERVER_NAME}/${SERVER_VERSION} doctor`,
      sender,
      redactor,
    });
  const hint = (error: unknown) =>
    describeError(error, {
      apiKeyLooksLikeUserKey: !apiKey || apiKey.startsWith('scp_u_'),
      ...(command ? { command } : {}),
    });
  try {
    await runServiceChecks(client(apiKey, undefined), client(undefined, config.sessionId), {
      apiKey,
      placeholderKey: config.baseUrl !== 'demo' && isPlaceholderKey(apiKey),
      sessionId: config.sessionId,
      hint,
      report,
      waitLimit: `up to ${config.timeoutMs / 1000} s`,
    });
  } finally {
    await sender.close();
    await stopDemo();
  }
}

interface ServiceContext {
  readonly apiKey: string | undefined;
  /** The README's scp_u_... against a real service (the demo takes any key): not sent. */
  readonly placeholderKey: boolean;
  readonly sessionId: string | undefined;
  readonly hint: (error: unknown) => string;
  readonly report: ReportWriter;
  /** "up to 30 s": how long a check may wait, shown as it starts. */
  readonly waitLimit: string;
}

async function runServiceChecks(
  keyClient: ApiClient,
  sessionClient: ApiClient,
  context: ServiceContext,
): Promise<void> {
  const { report } = context;
  let version: Awaited<ReturnType<ApiClient['getVersion']>>;
  report.progress(`checking: Service reachable (GET /api/version, ${context.waitLimit})...`);
  try {
    version = await keyClient.getVersion();
  } catch (error) {
    const unreachable = 'not checked: the service did not answer /api/version';
    report.add({
      name: 'Service reachable',
      status: 'fail',
      detail: 'GET /api/version failed',
      hint: reachHint(error, context.hint),
    });
    for (const name of ['Service version', 'API key', 'Session']) {
      report.add({ name, status: 'skip', detail: unreachable });
    }
    return;
  }
  report.add({ name: 'Service reachable', status: 'pass', detail: 'GET /api/version answered' });
  report.add(versionCheck(version));
  if (context.apiKey) {
    report.progress(`checking: API key (GET /api/v1/discovery?limit=1, ${context.waitLimit})...`);
  }
  report.add(await apiKeyCheck(keyClient, context));
  if (context.sessionId) {
    report.progress(
      `checking: Session (GET /api/v1/release-notes/unseen, ${context.waitLimit})...`,
    );
  }
  report.add(await sessionCheck(sessionClient, context));
}

/**
 * A port that accepts the connection but never sends a header is almost never a slow Scanopy
 * (/api/version is instant): it is another program on that port, or a proxy holding the request.
 */
function reachHint(error: unknown, hint: (error: unknown) => string): string {
  // 'total' too: with a timeout under the phase limits, the whole-request timer fires first.
  if (error instanceof TimeoutError && (error.phase === 'headers' || error.phase === 'total')) {
    const seconds = Math.round(error.timeoutMs / 100) / 10;
    return `The service answered nothing in ${seconds} s. Scanopy answers /api/version at once, so this is most likely the wrong port (another program accepts the connection and stays silent) or a proxy or firewall that holds the request. Check the port in NETWORK_DISCOVERY_BASE_URL and any proxy in between; raise NETWORK_DISCOVERY_TIMEOUT_MS only if the service is known to be very slow.`;
  }
  return hint(error);
}

function versionCheck(version: { api_version: number; server_version: string }): CheckResult {
  const found = `service ${versionText(version.server_version)}, API v${version.api_version}`;
  if (version.api_version !== SUPPORTED_API_VERSION) {
    return {
      name: 'Service version',
      status: 'fail',
      detail: `${found}: not supported (this server speaks API v${SUPPORTED_API_VERSION})`,
      hint: `Use a Scanopy ${OLDEST_KNOWN_VERSION} to ${NEWEST_KNOWN_VERSION} service, or a version of this MCP server made for that API.`,
    };
  }
  const profile = profileFor(version.server_version);
  const tools = Object.entries(toolSupport(profile))
    .map(([tool, how]) => `${tool} ${how}`)
    .join('; ');
  if (!offersSnmpCredentialEndpoint(version.server_version)) {
    return {
      name: 'Service version',
      status: 'fail',
      detail: `${found}: ${describeProfile(profile)}`,
      hint: `This server knows Scanopy ${OLDEST_KNOWN_VERSION} to ${NEWEST_KNOWN_VERSION}; the credential tools may not work here. Upgrade Scanopy, or set NETWORK_DISCOVERY_READ_ONLY=true.`,
    };
  }
  // The tools go in the wrapped hint line: one per tool would bury the other checks.
  return {
    name: 'Service version',
    status: 'pass',
    detail: `${found}: ${describeProfile(profile)}`,
    hint: `on this version: ${tools}.`,
  };
}

async function apiKeyCheck(client: ApiClient, context: ServiceContext): Promise<CheckResult> {
  if (!context.apiKey) {
    return {
      name: 'API key',
      status: 'fail',
      detail: 'not set: only get_version works without one',
      hint: "Set NETWORK_DISCOVERY_API_KEY to a user API key (scp_u_...), created under API Keys in the service's web UI.",
    };
  }
  if (context.placeholderKey) {
    return {
      name: 'API key',
      status: 'fail',
      detail: "the README's placeholder scp_u_..., not a key: nothing was sent",
      hint: "Set NETWORK_DISCOVERY_API_KEY to your user API key, created under API Keys in the service's web UI.",
    };
  }
  try {
    const page = await client.listDiscoveries({ limit: 1 });
    const count = page.pagination.total_count;
    return {
      name: 'API key',
      status: 'pass',
      detail: `accepted (GET /api/v1/discovery: ${count} discover${count === 1 ? 'y' : 'ies'} visible)`,
    };
  } catch (error) {
    return {
      name: 'API key',
      status: 'fail',
      detail: 'GET /api/v1/discovery?limit=1 failed',
      hint: context.hint(error),
    };
  }
}

async function sessionCheck(client: ApiClient, context: ServiceContext): Promise<CheckResult> {
  if (!context.sessionId) {
    return {
      name: 'Session',
      status: 'skip',
      detail: 'not set (release notes are read with the API key)',
    };
  }
  try {
    await client.getUnseenReleaseNotes();
    return {
      name: 'Session',
      status: 'pass',
      detail: 'accepted (GET /api/v1/release-notes/unseen)',
    };
  } catch (error) {
    // Released servers have no release-notes route, the only one that takes the session: the
    // session cannot be judged there, which is not a fault of the user's settings.
    if (error instanceof EndpointNotOfferedError) {
      return {
        name: 'Session',
        status: 'skip',
        detail:
          'cannot be checked: this service does not offer the release-notes endpoint that uses it',
      };
    }
    return {
      name: 'Session',
      status: 'fail',
      detail: 'GET /api/v1/release-notes/unseen with the session cookie failed',
      hint: context.hint(error),
    };
  }
}
