// One zod schema over the environment: every problem reported at once, secrets never echoed.
import { z } from 'zod';
import { checkTransport } from './safety/transport-safety.js';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', '']);

const flag = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const word = (value ?? '').trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true/false (or 1/0)' });
    return z.NEVER;
  });

const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const integerIn = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const baseUrl = z
  .string({ error: 'is required (the service address, e.g. https://scanopy.example.com)' })
  .trim()
  .min(1, 'is required (the service address, e.g. https://scanopy.example.com)')
  .transform((value, ctx) => {
    if (value.toLowerCase() === 'demo') return 'demo' as const;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'is not a valid URL (expected https://host[:port])',
      });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: 'must start with https:// or http://' });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'must not contain a user name or password; use NETWORK_DISCOVERY_API_KEY',
      });
      return z.NEVER;
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'must not contain a query string or fragment' });
      return z.NEVER;
    }
    // The server appends /api/...; a trailing /api or slash from a copied address is dropped.
    const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
    return new URL(`${url.origin}${path}`);
  });

/** Environment variables this server reads, with their schema. Names are a public contract. */
export const envSchema = z.object({
  NETWORK_DISCOVERY_BASE_URL: baseUrl,
  NETWORK_DISCOVERY_API_KEY: optionalSecret,
  NETWORK_DISCOVERY_SESSION_ID: optionalSecret,
  NETWORK_DISCOVERY_READ_ONLY: flag,
  NETWORK_DISCOVERY_TIMEOUT_MS: integerIn(1000, 600_000, 30_000),
  NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: flag,
  NETWORK_DISCOVERY_EMAIL: optionalSecret,
  NETWORK_DISCOVERY_PASSWORD: optionalSecret,
  NETWORK_DISCOVERY_AUDIT_LOG: optionalSecret,
  NETWORK_DISCOVERY_TOKEN_SECRET: optionalSecret,
  NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: integerIn(1, 100_000, 300),
  NETWORK_DISCOVERY_RATE_LIMIT_BURST: integerIn(1, 100_000, 150),
  NETWORK_DISCOVERY_MAX_RESULT_BYTES: integerIn(2_000, 10_000_000, 100_000),
  NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: integerIn(10_000, 1_000_000_000, 32_000_000),
  NETWORK_DISCOVERY_DEMO_SCANOPY: z
    .enum(['0.14.13', '0.16.2', '0.17.22'], { error: 'must be 0.14.13, 0.16.2 or 0.17.22' })
    .default('0.14.13'),
  NETWORK_DISCOVERY_CONFIRM: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const word = (value ?? '').trim().toLowerCase();
      if (word === '' || word === 'auto') return 'auto' as const;
      if (word === 'elicitation') return 'elicitation' as const;
      ctx.addIssue({ code: 'custom', message: 'must be auto or elicitation' });
      return z.NEVER;
    }),
  NETWORK_DISCOVERY_HTTP_WRITES: flag,
  NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS: integerIn(1, 10_000, 64),
  NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS: integerIn(1, 100_000, 50),
});

export type EnvName = keyof typeof envSchema.shape;

/** Everything the server needs to know, decided once at start-up. */
export interface Config {
  readonly baseUrl: URL | 'demo';
  readonly apiKey: string | undefined;
  readonly sessionId: string | undefined;
  readonly readOnly: boolean;
  readonly timeoutMs: number;
  readonly allowInsecureHttp: boolean;
  readonly email: string | undefined;
  readonly password: string | undefined;
  readonly auditLogPath: string | undefined;
  readonly tokenSecret: string | undefined;
  readonly rateLimitPerMinute: number;
  readonly rateLimitBurst: number;
  readonly maxResultBytes: number;
  readonly maxResponseBytes: number;
  /** In demo mode, the Scanopy version the built-in sample API plays. */
  readonly demoScanopy: string;
  /** `elicitation`: writes only after a person answers a form; `auto` falls back to tokens. */
  readonly confirm: 'auto' | 'elicitation';
  /** Whether --http registers the write tool at all. */
  readonly httpWrites: boolean;
  readonly httpMaxConnections: number;
  /** Service requests one caller may have waiting for the quota before calls are turned away. */
  readonly maxQueuedRequests: number;
}

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Parses the environment; never throws, never includes a value in a problem. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${String(issue.path[0])} ${issue.message}`,
    );
    return { ok: false, problems };
  }
  const e = result.data;
  const problems: string[] = [];
  if (e.NETWORK_DISCOVERY_EMAIL && !e.NETWORK_DISCOVERY_PASSWORD) {
    problems.push('NETWORK_DISCOVERY_PASSWORD is required when NETWORK_DISCOVERY_EMAIL is set');
  }
  if (e.NETWORK_DISCOVERY_PASSWORD && !e.NETWORK_DISCOVERY_EMAIL) {
    problems.push('NETWORK_DISCOVERY_EMAIL is required when NETWORK_DISCOVERY_PASSWORD is set');
  }
  if (e.NETWORK_DISCOVERY_RATE_LIMIT_BURST > e.NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE) {
    problems.push(
      'NETWORK_DISCOVERY_RATE_LIMIT_BURST must not exceed NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE',
    );
  }
  if (e.NETWORK_DISCOVERY_BASE_URL !== 'demo') {
    const transport = checkTransport(
      e.NETWORK_DISCOVERY_BASE_URL,
      e.NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP,
    );
    if (!transport.ok) problems.push(transport.problem);
  }
  if (problems.length > 0) return { ok: false, problems };
  const config: Config = {
    baseUrl: e.NETWORK_DISCOVERY_BASE_URL,
    apiKey: e.NETWORK_DISCOVERY_API_KEY,
    sessionId: e.NETWORK_DISCOVERY_SESSION_ID,
    readOnly: e.NETWORK_DISCOVERY_READ_ONLY,
    timeoutMs: e.NETWORK_DISCOVERY_TIMEOUT_MS,
    allowInsecureHttp: e.NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP,
    email: e.NETWORK_DISCOVERY_EMAIL,
    password: e.NETWORK_DISCOVERY_PASSWORD,
    auditLogPath: e.NETWORK_DISCOVERY_AUDIT_LOG,
    tokenSecret: e.NETWORK_DISCOVERY_TOKEN_SECRET,
    rateLimitPerMinute: e.NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE,
    rateLimitBurst: e.NETWORK_DISCOVERY_RATE_LIMIT_BURST,
    maxResultBytes: e.NETWORK_DISCOVERY_MAX_RESULT_BYTES,
    maxResponseBytes: e.NETWORK_DISCOVERY_MAX_RESPONSE_BYTES,
    demoScanopy: e.NETWORK_DISCOVERY_DEMO_SCANOPY,
    confirm: e.NETWORK_DISCOVERY_CONFIRM,
    httpWrites: e.NETWORK_DISCOVERY_HTTP_WRITES,
    httpMaxConnections: e.NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS,
    maxQueuedRequests: e.NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS,
  };
  return { ok: true, config: Object.freeze(config) };
}

/** The secrets a config holds, for the redactor. */
export function configSecrets(config: Config): string[] {
  return [config.apiKey, config.sessionId, config.password, config.tokenSecret].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );
}
