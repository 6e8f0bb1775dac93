// Any error -> one short message saying what happened and what to do next (the one switch).
import {
  ApiError,
  CancelledError,
  EndpointNotOfferedError,
  HttpError,
  isLastingTlsFailure,
  LoginError,
  MissingCredentialError,
  NetworkError,
  ResponseShapeError,
  ResponsesBusyError,
  ResponseTooLargeError,
  TimeoutError,
  TLS_HANDSHAKE_CODES,
  UnsupportedOperationError,
} from '../api/errors.js';
import { ToolMessageError } from '../errors.js';
import { codeText, quote, quoteProse } from '../safety/quote.js';
import { isUuid } from '../tools/common/uuid-argument.js';
import { explainUnsupported } from './unsupported-operation.js';

export interface ErrorContext {
  /** Whether the configured key has the user-key prefix, to explain 403 auth_daemon_required. */
  readonly apiKeyLooksLikeUserKey: boolean;
  /** Where the caller can put a key: an error names only what they can change (env by default). */
  readonly keySource?: KeySource;
  /** How the person runs this server (`node dist/index.js` from a clone), for the doctor hint. */
  readonly command?: string;
}

/** env: NETWORK_DISCOVERY_API_KEY; http: each request's Authorization header; mcpb: the bundle's setting. */
export type KeySource = 'env' | 'http' | 'mcpb';

const USER_KEY = "a user API key (scp_u_..., created under API Keys in the service's web UI)";

/** How the caller gives the server a key, as the end of a sentence. */
function keyStep(source: KeySource = 'env'): string {
  switch (source) {
    case 'http':
      return `send ${USER_KEY} with each request in the header \`Authorization\`, as \`Bearer <key>\``;
    case 'mcpb':
      return `enter ${USER_KEY} in this extension's "API key" setting (Claude Desktop: Settings > Extensions)`;
    case 'env':
      return `set NETWORK_DISCOVERY_API_KEY to ${USER_KEY} and restart the MCP server`;
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Connection failures that prove nothing was sent. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function isTlsToPlainHttp(error: NetworkError): boolean {
  return error.origin.startsWith('https:') && TLS_HANDSHAKE_CODES.has(error.code ?? '');
}

/** Worded so the same text reads right in doctor's own report, which shows these messages too. */
const doctorOf = (context: ErrorContext) =>
  `\`${context.command ?? 'network-discovery-mcp'} doctor\``;

const SNMP_ROUTE_HINT =
  'The /api/v1/snmp-credentials routes exist on Scanopy 0.14.x only (0.15+ has /api/v1/credentials, which this server uses once it sees a 0.15+ version): call get_version to check what the service reports.';

export function describeError(error: unknown, context: ErrorContext): string {
  if (error instanceof ToolMessageError) return error.message;
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return `Internal error in network-discovery-mcp: ${message}. Try again; if it repeats, report it.`;
  }
  const call = `${error.endpoint.method} ${error.endpoint.path}`;
  if (error instanceof HttpError) return describeHttp(error, call, context);
  if (error instanceof UnsupportedOperationError) return explainUnsupported(error.reason);
  if (error instanceof EndpointNotOfferedError) {
    const version = error.serverVersion
      ? ` (service version ${quote(error.serverVersion, 64)})`
      : '';
    const hint = error.endpoint.path.includes('snmp-credentials') ? ` ${SNMP_ROUTE_HINT}` : '';
    return `This server does not offer ${call}${version}: it answered HTTP ${error.status} without the API's JSON.${hint} Check that NETWORK_DISCOVERY_BASE_URL is the service's own address.`;
  }
  if (error instanceof MissingCredentialError) {
    return error.credential === 'apiKey'
      ? `${call} needs an API key, and none is configured. ${capitalized(keyStep(context.keySource))}.`
      : `${call} needs a session or an API key, and neither is configured. Set NETWORK_DISCOVERY_SESSION_ID (the session_id cookie of a logged-in browser), or NETWORK_DISCOVERY_EMAIL and NETWORK_DISCOVERY_PASSWORD, and restart the MCP server.`;
  }
  if (error instanceof NetworkError) {
    // A TLS handshake or certificate failure comes before a byte of the request is sent.
    const reached =
      error.endpoint.method !== 'GET' &&
      !NOT_SENT_CODES.has(error.code ?? '') &&
      !isLastingTlsFailure(error.code);
    const write = reached
      ? ' The connection broke after the write was sent, so it may or may not have been applied: read the credential back before trying again.'
      : '';
    if (isTlsToPlainHttp(error)) {
      return `Could not reach the service at ${error.origin} (${error.code}) for ${call}: it does not speak https on that port.${write} A service on your own network usually serves plain http: set NETWORK_DISCOVERY_BASE_URL to ${error.origin.replace(/^https:/, 'http:')} (or use the port where it serves https).`;
    }
    if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
      // A name the resolver does not know (ENOTFOUND) or could not ask about (EAI_AGAIN): the
      // service was never contacted, so "is it running" would send the user the wrong way.
      const host = new URL(error.origin).hostname;
      return `Could not resolve the host name ${host} (${error.code}) for ${call}: nothing was sent. Check the spelling of the host in NETWORK_DISCOVERY_BASE_URL, or use the service's IP address instead (e.g. http://192.168.1.20:60072)${error.code === 'EAI_AGAIN' ? '; if the name is right, the name server did not answer: try again' : ''}.`;
    }
    return `Could not reach the service at ${error.origin} (${error.code ?? 'network error'}) for ${call}.${write} Check that it is running and that NETWORK_DISCOVERY_BASE_URL is right, then try again.`;
  }
  if (error instanceof TimeoutError) return describeTimeout(error, call, context);
  if (error instanceof ResponseTooLargeError) {
    const mb = Math.round(error.limitBytes / 100_000) / 10;
    return `The answer to ${call} was larger than ${mb} MB and was not read. Ask for less: a smaller limit, or filter with network_id; an operator can raise NETWORK_DISCOVERY_MAX_RESPONSE_BYTES.`;
  }
  if (error instanceof ResponsesBusyError) {
    const mb = Math.round(error.budgetBytes / 100_000) / 10;
    return `The service's answers are too large to hold right now: other calls are reading big answers (over ${mb} MB at once), and ${call} waited its turn too long, so its answer was not read. Try again in a moment, with fewer calls at once or asking for less (a smaller limit, or filter with network_id); an operator can raise NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT.`;
  }
  if (error instanceof ResponseShapeError) {
    return `The service's answer to ${call} (HTTP ${error.status}) was not what the API describes: ${error.problem}. Check that NETWORK_DISCOVERY_BASE_URL points at a Scanopy service (0.14 to 0.17) and not a proxy or login page.`;
  }
  if (error instanceof CancelledError) {
    return `${call} was cancelled; nothing further was sent.`;
  }
  if (error instanceof LoginError) {
    const said = error.serviceMessage ? `: ${quoteProse(error.serviceMessage)}` : '';
    return `Logging in to the service failed (HTTP ${error.status}${said}). Check NETWORK_DISCOVERY_EMAIL and NETWORK_DISCOVERY_PASSWORD; the service locks an account after five failed logins, so this server does not retry.`;
  }
  return `${call} failed: ${error.message}.`;
}

function describeTimeout(error: TimeoutError, call: string, context: ErrorContext): string {
  const DOCTOR = doctorOf(context);
  const seconds = Math.round(error.timeoutMs / 100) / 10;
  const read = error.endpoint.method === 'GET';
  if (error.phase === 'connect') {
    // Nothing was sent, so a write needs no warning.
    return `${call} got no answer within ${seconds} s: the connection was never accepted, so nothing was sent. The host may be down, or a firewall may be dropping the traffic: check the host and port in NETWORK_DISCOVERY_BASE_URL; ${DOCTOR} checks the address from a terminal.`;
  }
  const write = read
    ? ''
    : ' The write may or may not have been applied: read the credential back before trying again.';
  const overloaded =
    'The service may be overloaded; try again later or raise NETWORK_DISCOVERY_TIMEOUT_MS.';
  if (error.phase === 'body') {
    return `${call} got no complete answer within ${seconds} s: the answer started, then stalled.${write} ${overloaded}`;
  }
  // A write comes after a read of the same credential succeeded, so the address is right.
  if (!read) return `${call} got no answer within ${seconds} s.${write} ${overloaded}`;
  // No headers at all: a silent port or a proxy far more often than a slow service. The
  // whole-request limit ('total') fires first unless the phases are set shorter, so it lands here
  // too, though it cannot say whether headers had come; hence "usually".
  return `${call} got no answer within ${seconds} s. Silence for that long usually means the wrong port (another program accepts the connection and says nothing) or a proxy or firewall holding the request: check the port in NETWORK_DISCOVERY_BASE_URL; ${DOCTOR} checks the address from a terminal. Raise NETWORK_DISCOVERY_TIMEOUT_MS only if the service is known to be slow.`;
}

function describeHttp(error: HttpError, call: string, context: ErrorContext): string {
  const { status, detail } = error;
  const said = [
    detail.code ? `code ${codeText(detail.code)}` : undefined,
    detail.serviceMessage ? quoteProse(detail.serviceMessage) : undefined,
  ].filter(Boolean);
  const head = `${call} failed with HTTP ${status}${said.length > 0 ? ` (${said.join(', ')})` : ''}.`;
  return `${head} ${nextStep(error, context)}`;
}

function nextStep(error: HttpError, context: ErrorContext): string {
  const { status, detail } = error;
  if (status >= 300 && status < 400) {
    const where = detail.location ? ` to ${quoteProse(detail.location)}` : '';
    return `The service redirected${where}; redirects are not followed so credentials never go elsewhere. Set NETWORK_DISCOVERY_BASE_URL to the final address.`;
  }
  if (status < 300)
    return 'The service reported a failure; try again, and check its logs if it repeats.';
  switch (status) {
    case 400:
    case 415:
    case 422:
      return 'The service rejected the request as invalid: fix what its message names and call again.';
    case 401:
      return context.keySource === 'http' || context.keySource === 'mcpb'
        ? `The credential was not accepted (unknown, revoked or expired): ${keyStep(context.keySource)}.`
        : 'The credential was not accepted (unknown, revoked or expired). Create a user API key under API Keys in the service and set NETWORK_DISCOVERY_API_KEY (or refresh NETWORK_DISCOVERY_SESSION_ID).';
    case 402:
      return "The organization's plan does not include API access; an owner must enable it. Retrying will not help.";
    case 403:
      return forbiddenStep(detail.code, context);
    case 404:
      return notFoundStep(error, context);
    case 409:
      return 'The change conflicts with the current state (often a duplicate name). Read the current state, adjust, and call again.';
    case 429: {
      const wait = detail.retryAfterSeconds
        ? `${detail.retryAfterSeconds} seconds`
        : 'a few seconds';
      return `The service is rate limiting this key (300 requests a minute). Wait ${wait} and try again.`;
    }
    default:
      if (status >= 500) {
        return 'The service failed while handling the request (a duplicate name shows up this way too). Try again later; if it repeats, check the service logs.';
      }
      return 'Check the request and try again.';
  }
}

function forbiddenStep(code: string | undefined, context: ErrorContext): string {
  if (code === 'auth_daemon_required' || !context.apiKeyLooksLikeUserKey) {
    return `The key does not look like a user API key (scp_u_...): the service treats other bearer tokens as daemon keys. ${capitalized(keyStep(context.keySource))}.`;
  }
  if (code === 'auth_user_context_required') {
    return 'This endpoint needs a logged-in session rather than an API key: set NETWORK_DISCOVERY_SESSION_ID.';
  }
  if (code === 'entity_access_denied') {
    return "The record belongs to another organization, or organization_id is not the caller's. Use the organization_id the credential already has.";
  }
  return "The key's user lacks permission (updating SNMP credentials needs an admin or owner role), or the key is limited to other networks. Ask an admin, or use a key with the right role.";
}

/**
 * A 404 on a route with no id in it is not a missing record: the address answers for another API
 * (a wrong path prefix, another program on the port), or the route is not in this version.
 */
function notFoundStep({ endpoint, detail }: HttpError, context: ErrorContext): string {
  const DOCTOR = doctorOf(context);
  const { params } = detail;
  const record =
    detail.code === 'entity_not_found' ||
    typeof params?.['id'] === 'string' ||
    // Scanopy ids are UUIDs: a path that ends in one addresses one record.
    isUuid(endpoint.path.split('/').at(-1));
  if (!record) {
    const missing = `There is no ${endpoint.method} ${endpoint.path} at this address`;
    return endpoint.path === '/api/version'
      ? `${missing}, and every Scanopy service has one: NETWORK_DISCOVERY_BASE_URL (most likely its path prefix, or the port) points at another service or API. Set it to the Scanopy service's root address; ${DOCTOR} checks it from a terminal.`
      : `${missing}: NETWORK_DISCOVERY_BASE_URL (most likely its path prefix) may point at another service or API, or this service version may lack the route. Call get_version to see what answers there; ${DOCTOR} checks the address from a terminal.`;
  }
  const entity = typeof params?.['entity'] === 'string' ? params['entity'] : 'record';
  const id = typeof params?.['id'] === 'string' ? ` with id ${params['id']}` : '';
  return `No ${entity}${id} exists for this organization. List the records to find the right id, then call again.`;
}
