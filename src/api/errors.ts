// The small hierarchy of failures an API call can end in; mcp/tool-error.ts turns each into words.

/** Which call failed, so a message can name it. */
export interface Endpoint {
  readonly method: string;
  readonly path: string;
}

export abstract class ApiError extends Error {
  abstract readonly kind: string;
  constructor(
    message: string,
    readonly endpoint: Endpoint,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service answered with an error status and (usually) the JSON error envelope. */
export class HttpError extends ApiError {
  readonly kind = 'http';
  constructor(
    endpoint: Endpoint,
    readonly status: number,
    readonly detail: {
      readonly serviceMessage?: string | undefined;
      readonly code?: string | undefined;
      readonly params?: Readonly<Record<string, unknown>> | undefined;
      readonly retryAfterSeconds?: number | undefined;
      readonly location?: string | undefined;
    } = {},
  ) {
    super(`HTTP ${status} from ${endpoint.method} ${endpoint.path}`, endpoint);
  }
}

/** A 200 with an HTML page, or a 404/405 without the envelope: the route does not exist here. */
export class EndpointNotOfferedError extends ApiError {
  readonly kind = 'not-offered';
  constructor(
    endpoint: Endpoint,
    readonly status: number,
    readonly serverVersion?: string,
  ) {
    super(`${endpoint.method} ${endpoint.path} is not offered by this server`, endpoint);
  }
}

/** The body was not the JSON envelope the contract describes. */
export class ResponseShapeError extends ApiError {
  readonly kind = 'shape';
  constructor(
    endpoint: Endpoint,
    readonly status: number,
    readonly problem: string,
  ) {
    super(`Unexpected response from ${endpoint.method} ${endpoint.path}: ${problem}`, endpoint);
  }
}

/** The body was larger than the configured cap; it was not read whole. */
export class ResponseTooLargeError extends ApiError {
  readonly kind = 'too-large';
  constructor(
    endpoint: Endpoint,
    readonly limitBytes: number,
  ) {
    super(
      `Response from ${endpoint.method} ${endpoint.path} exceeded ${limitBytes} bytes`,
      endpoint,
    );
  }
}

/**
 * Other calls' answers already hold the process-wide budget of response bytes, and it stayed spent
 * for the whole wait: this answer was not read whole. Nothing is wrong with the call itself.
 */
export class ResponsesBusyError extends ApiError {
  readonly kind = 'responses-busy';
  constructor(
    endpoint: Endpoint,
    readonly budgetBytes: number,
  ) {
    super(
      `Response from ${endpoint.method} ${endpoint.path} waited too long for the ${budgetBytes}-byte budget of answers in flight`,
      endpoint,
    );
  }
}

/** The connection could not be made or broke before a response arrived. */
export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(
    endpoint: Endpoint,
    readonly code: string | undefined,
    readonly origin: string,
    options?: { cause?: unknown },
  ) {
    super(`Could not reach ${origin} (${code ?? 'network error'})`, endpoint, options);
  }
}

/** https:// to a port that answers plain http fails the TLS handshake with these codes. */
export const TLS_HANDSHAKE_CODES: ReadonlySet<string> = new Set([
  'EPROTO',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** Certificate checks that fail (node's name check, OpenSSL's verify results). */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * A TLS failure that every new connection meets the same way (a plain-http port, a protocol the
 * two sides do not share, a certificate that is not trusted): trying again only multiplies the wait.
 */
export function isLastingTlsFailure(code: string | undefined): boolean {
  if (code === undefined) return false;
  return (
    TLS_HANDSHAKE_CODES.has(code) || code.startsWith('ERR_SSL_') || CERTIFICATE_CODES.has(code)
  );
}

/** No response within the configured time. */
export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(
    endpoint: Endpoint,
    readonly timeoutMs: number,
    readonly phase: 'connect' | 'headers' | 'body' | 'total' = 'total',
  ) {
    super(
      `${endpoint.method} ${endpoint.path} timed out after ${timeoutMs} ms (${phase})`,
      endpoint,
    );
  }
}

/** The call needs a credential the configuration does not hold. */
export class MissingCredentialError extends ApiError {
  readonly kind = 'missing-credential';
  constructor(
    endpoint: Endpoint,
    readonly credential: 'apiKey' | 'session',
  ) {
    super(`${endpoint.method} ${endpoint.path} needs a ${credential} credential`, endpoint);
  }
}

/** Logging in with email and password failed; it is never retried in a loop. */
export class LoginError extends ApiError {
  readonly kind = 'login';
  constructor(
    endpoint: Endpoint,
    readonly status: number,
    readonly serviceMessage: string | undefined,
  ) {
    super(`Login failed with HTTP ${status}`, endpoint);
  }
}

/** The MCP request was cancelled; nothing more was sent. */
export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  constructor(endpoint: Endpoint) {
    super(`${endpoint.method} ${endpoint.path} was cancelled`, endpoint);
  }
}

/** Why an operation cannot be done; the MCP layer words it for the model (the API names no tool). */
export type UnsupportedReason =
  | { readonly kind: 'not-snmp'; readonly id: string; readonly credentialType: string }
  | { readonly kind: 'stored-v3'; readonly id: string }
  | { readonly kind: 'to-v3' }
  /** The service's record (read before a PUT, or its answer) has another id than the one asked. */
  | {
      readonly kind: 'other-record';
      readonly asked: string;
      readonly answered: string;
      readonly written: boolean;
    };

/** This service version cannot do what was asked (a v3 credential's community...); nothing was sent. */
export class UnsupportedOperationError extends ApiError {
  readonly kind = 'unsupported';
  constructor(
    endpoint: Endpoint,
    readonly reason: UnsupportedReason,
  ) {
    super(`${endpoint.method} ${endpoint.path} cannot be done: ${reason.kind}`, endpoint);
  }
}
