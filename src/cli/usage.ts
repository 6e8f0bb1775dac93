// The --help text: usage and every environment variable, generated from the config schema.
import type { envSchema } from '../config.js';
import { SERVER_NAME, SERVER_VERSION } from '../version.js';
import { EXIT_STATUS_MEANINGS } from './exit-status.js';

const MEANINGS: Readonly<Record<keyof typeof envSchema.shape, string>> = {
  NETWORK_DISCOVERY_BASE_URL:
    "required: the service's address, e.g. https://scanopy.example.com (or 'demo')",
  NETWORK_DISCOVERY_API_KEY: 'user API key (scp_u_...), sent as a bearer token',
  NETWORK_DISCOVERY_SESSION_ID: 'session cookie value, for the release-notes endpoint',
  NETWORK_DISCOVERY_READ_ONLY: 'true/1: the write tool is not registered',
  NETWORK_DISCOVERY_TIMEOUT_MS: 'per-request timeout in ms (default 30000)',
  NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: 'true: allow http:// to a public host',
  NETWORK_DISCOVERY_EMAIL: 'login email, to get a session when none is set',
  NETWORK_DISCOVERY_PASSWORD: 'login password (with the email)',
  NETWORK_DISCOVERY_AUDIT_LOG: 'file to append the write audit trail to (default stderr)',
  NETWORK_DISCOVERY_TOKEN_SECRET:
    'secret that signs confirmation tokens (share it across replicas)',
  NETWORK_DISCOVERY_REDIS_URL:
    'redis:// or rediss:// URL where replicas on several machines record used confirmations (one machine: beside the audit log)',
  NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: 'client-side request quota per minute (default 300)',
  NETWORK_DISCOVERY_RATE_LIMIT_BURST: 'client-side burst size (default 150)',
  NETWORK_DISCOVERY_MAX_RESULT_BYTES: 'budget for one tool result in bytes (default 100000)',
  NETWORK_DISCOVERY_MAX_RESPONSE_BYTES:
    'largest service response read, in bytes (default 24000000)',
  NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT:
    'service response bytes held at once across all calls; more wait, then are refused (default 32000000)',
  NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS:
    'hosts held at once in kept host lists, reads in flight and kept link bundles (ten neighbour rows weigh a host), all callers (~2 KB a host kept, more while read; default 50000); past it a caller is read page by page',
  NETWORK_DISCOVERY_DEMO_SCANOPY:
    'demo mode: the Scanopy version the sample plays (0.14.13, 0.16.2, 0.17.22)',
  NETWORK_DISCOVERY_CONFIRM:
    'auto (default): a person confirms (form, or the MCP Apps Confirm button); elicitation: forms only; token: also the preview token carried back by the assistant',
  NETWORK_DISCOVERY_FORM_TIMEOUT_MS:
    'ms a confirmation form may go unanswered before it is withdrawn (default 25000)',
  NETWORK_DISCOVERY_HTTP_WRITES: 'true: offer the write tool over --http too (off by default)',
  NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS:
    '--http: most requests in progress at once; more are answered 503 (default 64)',
  NETWORK_DISCOVERY_HTTP_MAX_HEADER_SOCKETS:
    '--http: most sockets still sending headers, besides those; the oldest is dropped beyond it (default 16)',
  NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS:
    'service requests one caller may queue for the quota before "busy" (default 50)',
  NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES:
    '--http: largest request body read, in bytes; a larger one is answered 413 (default 131072)',
  NETWORK_DISCOVERY_HTTP_BODY_TIMEOUT_MS:
    "--http: a request's whole body must arrive within this many ms of its head, else 408 (default 5000)",
  NETWORK_DISCOVERY_HTTP_MAX_BODY_SOCKETS:
    '--http: most requests still receiving their body, besides those in progress; the oldest is dropped beyond it (default 16)',
  NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS_PER_ADDRESS:
    '--http: most requests in progress of one caller (an accepted key, or all callers without one from one address; all of loopback is one); more are answered 503 (default 32)',
};

export const ENV_DOCS = MEANINGS;

/** The help text; `command` is how the person runs this server (src/cli/command-name.ts). */
export function usage(command: string = SERVER_NAME): string {
  const width = Math.max(...Object.keys(MEANINGS).map((k) => k.length));
  const vars = Object.entries(MEANINGS).map(
    ([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`,
  );
  const column = Math.max(command.length + 14, 30);
  const line = (args: string, meaning: string) => {
    const left = `  ${command} ${args}`.trimEnd();
    return left.length < column
      ? `${left.padEnd(column)}${meaning}`
      : `${left}\n${' '.repeat(column)}${meaning}`;
  };
  return [
    `${SERVER_NAME} ${SERVER_VERSION}: MCP server for the Scanopy network discovery API`,
    '',
    'Usage:',
    line('', 'serve MCP over stdio'),
    line('--demo', 'serve sample data, no service needed (--demo 0.17.22: that version)'),
    line('doctor', 'check the settings against the service, print a report'),
    line(
      '--http [--port N] [--host H [--allow-remote]] [--allowed-host NAME]...',
      'serve MCP over Streamable HTTP at /mcp (default 127.0.0.1:3000)',
    ),
    line('--help', 'show this help'),
    line('--version', 'show the version'),
    '',
    'Environment:',
    ...vars,
    '',
    'Exit status:',
    ...EXIT_STATUS_MEANINGS.map(([status, meaning]) => `  ${status}  ${meaning}`),
    '',
  ].join('\n');
}
