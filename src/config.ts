// One zod schema over the environment: every problem reported at once, secrets never echoed.
import * as z from 'zod';
import { nearest } from './did-you-mean.js';
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

/** A base URL reduced to the service root, with what was dropped from the address as given. */
interface BaseUrlSetting {
  readonly url: URL | 'demo';
  /** One line saying what was changed, when anything was. */
  readonly note?: string;
}

const SCHEME_HINT =
  'must start with https:// (or http:// for a service on your own network), e.g. https://scanopy.example.com';

const BASE_URL_REQUIRED =
  "is required: the service's address, e.g. https://scanopy.example.com, or demo to try the built-in sample service first";

const baseUrl = z
  .string({ error: BASE_URL_REQUIRED })
  .trim()
  .min(1, BASE_URL_REQUIRED)
  .transform((value, ctx): BaseUrlSetting => {
    if (value.toLowerCase() === 'demo') return { url: 'demo' };
    const normalized = normalizeBaseUrl(value);
    if ('problem' in normalized) {
      ctx.addIssue({ code: 'custom', message: normalized.problem });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * Addresses copied from a browser or from the API docs often carry `/api/v1/...`, a trailing slash,
 * a query or a fragment. The server appends `/api/...` itself, so these are cut back to the root
 * (a path prefix of a reverse proxy stays) and said once; the values dropped are never echoed.
 */
export function normalizeBaseUrl(value: string): BaseUrlSetting | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    const noScheme = /^[\w.-]+(:\d+)?(\/.*)?$/.test(value);
    return {
      problem: noScheme ? SCHEME_HINT : 'is not a valid URL (expected https://host[:port])',
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // `scanopy.local:60072` parses as a URL whose scheme is the host name.
    return { problem: SCHEME_HINT };
  }
  if (url.username || url.password) {
    return { problem: 'must not contain a user name or password; use NETWORK_DISCOVERY_API_KEY' };
  }
  const dropped: string[] = [];
  const path = url.pathname.replace(/\/+$/, '');
  const apiAt = path.search(/\/api(\/|$)/i);
  const root = apiAt === -1 ? path : path.slice(0, apiAt);
  // Capped: a whole pasted endpoint URL should not become a paragraph of log.
  if (apiAt !== -1)
    dropped.push(path.slice(apiAt, apiAt + 40) + (path.length > apiAt + 40 ? '...' : ''));
  if (url.search) dropped.push('the query string');
  if (url.hash) dropped.push('the fragment');
  const normalized = new URL(`${url.origin}${root}`);
  // A path without /api is kept (a reverse proxy's prefix) but may be a web UI page pasted from
  // the browser (/discovery, /networks/...): then every API call misses, so the root is named.
  const page =
    apiAt === -1 && root !== ''
      ? `kept the path ${root.slice(0, 40)}${root.length > 40 ? '...' : ''} as a reverse proxy's prefix; if it is a page of the web UI, set the root ${url.origin}/ instead`
      : undefined;
  if (dropped.length === 0) {
    return page
      ? { url: normalized, note: `NETWORK_DISCOVERY_BASE_URL: ${page}` }
      : { url: normalized };
  }
  return {
    url: normalized,
    note: `NETWORK_DISCOVERY_BASE_URL: dropped ${listOf(dropped)}; using ${normalized.href} (the server adds /api/v1/... itself; set the service's root address to silence this note)${page ? `; ${page}` : ''}`,
  };
}

/** "a", "a and b", "a, b and c": a note names what it removed as a sentence would. */
function listOf(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Something a value copied from a shell line, a JSON file or a request header carries around it. */
interface Wrapping {
  /** How the note names it. */
  readonly what: string;
  /** Matches the whole value; the last group is what is inside. */
  readonly pattern: RegExp;
}

const QUOTES: Wrapping = { what: 'the surrounding quotes', pattern: /^(["'])(.*)\1$/s };
const AUTHORIZATION: Wrapping = {
  what: 'the "Authorization" header name',
  pattern: /^authorization\s*:\s*(.*)$/is,
};
const BEARER: Wrapping = { what: 'the "Bearer " prefix', pattern: /^bearer\s+(.*)$/is };

/**
 * A secret pasted with its wrapping (`"scp_u_..."`, `Authorization: Bearer scp_u_...`) would be
 * sent as written and refused by the service. The wrapping is removed, in any order and nesting,
 * and named in one note; the value itself is never echoed.
 */
const pastedSecret = (name: string, wrappings: readonly Wrapping[], alone: string) =>
  optionalSecret.transform((given): { value: string | undefined; note?: string } => {
    if (given === undefined) return { value: given };
    const removed = new Set<Wrapping>();
    let value = given;
    // Each match makes the value shorter, so this ends.
    for (let again = true; again; ) {
      again = false;
      for (const wrapping of wrappings) {
        const match = wrapping.pattern.exec(value);
        const inner = match?.[match.length - 1];
        if (inner === undefined) continue;
        value = inner.trim();
        removed.add(wrapping);
        again = true;
      }
    }
    if (removed.size === 0) return { value };
    if (value === '') return { value: undefined };
    const what = wrappings.filter((wrapping) => removed.has(wrapping)).map((w) => w.what);
    return {
      value,
      note: `${name}: removed ${listOf(what)}; set it to ${alone} to silence this note`,
    };
  });

/** Environment variables this server reads, with their schema. Names are a public contract. */
export const envSchema = z.object({
  NETWORK_DISCOVERY_BASE_URL: baseUrl,
  NETWORK_DISCOVERY_API_KEY: pastedSecret(
    'NETWORK_DISCOVERY_API_KEY',
    [QUOTES, AUTHORIZATION, BEARER],
    'the key alone (scp_u_...; the server sends the header itself)',
  ),
  NETWORK_DISCOVERY_SESSION_ID: pastedSecret(
    'NETWORK_DISCOVERY_SESSION_ID',
    [QUOTES],
    'the session_id cookie value alone',
  ),
  NETWORK_DISCOVERY_READ_ONLY: flag,
  NETWORK_DISCOVERY_TIMEOUT_MS: integerIn(1000, 600_000, 30_000),
  NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP: flag,
  NETWORK_DISCOVERY_EMAIL: optionalSecret,
  NETWORK_DISCOVERY_PASSWORD: optionalSecret,
  NETWORK_DISCOVERY_AUDIT_LOG: optionalSecret,
  NETWORK_DISCOVERY_TOKEN_SECRET: optionalSecret,
  NETWORK_DISCOVERY_REDIS_URL: optionalSecret.refine(
    (value) => value === undefined || /^rediss?:\/\/[^\s]+$/i.test(value),
    'must be a redis:// or rediss:// URL, e.g. redis://redis.internal:6379',
  ),
  NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE: integerIn(1, 100_000, 300),
  NETWORK_DISCOVERY_RATE_LIMIT_BURST: integerIn(1, 100_000, 150),
  NETWORK_DISCOVERY_MAX_RESULT_BYTES: integerIn(2_000, 10_000_000, 100_000),
  NETWORK_DISCOVERY_MAX_RESPONSE_BYTES: integerIn(10_000, 1_000_000_000, 24_000_000),
  NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT: integerIn(100_000, 10_000_000_000, 32_000_000),
  NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS: integerIn(1_000, 10_000_000, 50_000),
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
      if (word === 'token') return 'token' as const;
      ctx.addIssue({ code: 'custom', message: 'must be auto, elicitation or token' });
      return z.NEVER;
    }),
  NETWORK_DISCOVERY_FORM_TIMEOUT_MS: integerIn(100, 600_000, 25_000),
  NETWORK_DISCOVERY_HTTP_WRITES: flag,
  NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS: integerIn(1, 10_000, 64),
  NETWORK_DISCOVERY_HTTP_MAX_HEADER_SOCKETS: integerIn(1, 10_000, 16),
  NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS: integerIn(1, 100_000, 50),
  NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES: integerIn(1_024, 4_000_000, 131_072),
  NETWORK_DISCOVERY_HTTP_BODY_TIMEOUT_MS: integerIn(100, 60_000, 5_000),
  NETWORK_DISCOVERY_HTTP_MAX_BODY_SOCKETS: integerIn(1, 10_000, 16),
  NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS_PER_ADDRESS: integerIn(1, 10_000, 32),
});

export type EnvName = keyof typeof envSchema.shape;

/**
 * Set to `mcpb` only by manifest.json's mcp_config: the .mcpb bundle started the server, so its key
 * is an extension setting the user edits, not a variable (no setting of its own, so not in envSchema).
 */
export const CLIENT_MARKER = 'NETWORK_DISCOVERY_CLIENT';

export const startedByBundle = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env[CLIENT_MARKER] === 'mcpb';

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
  /** Where replicas on several machines record spent tokens and approvals (confirm/spent-store.ts). */
  readonly redisUrl: string | undefined;
  readonly rateLimitPerMinute: number;
  readonly rateLimitBurst: number;
  readonly maxResultBytes: number;
  readonly maxResponseBytes: number;
  /** Response bytes held at once across every call; beyond it reads wait, then are refused. */
  readonly responseBytesInFlight: number;
  /** Hosts held at once in kept host copies plus reads in flight, all callers together. */
  readonly inventoryMaxHosts: number;
  /** In demo mode, the Scanopy version the built-in sample API plays. */
  readonly demoScanopy: string;
  /**
   * `auto`: a person confirms in a form or the app, else no write; `elicitation`: forms only;
   * `token`: the preview token carried back by the caller where no person can be asked.
   */
  readonly confirm: 'auto' | 'elicitation' | 'token';
  /** How long a confirmation form may wait for an answer before it is withdrawn. */
  readonly formTimeoutMs: number;
  /** Whether --http registers the write tool at all. */
  readonly httpWrites: boolean;
  readonly httpMaxConnections: number;
  /** --http sockets still sending headers at once; beyond it the oldest is dropped. */
  readonly httpMaxHeaderSockets: number;
  /** Service requests one caller may have waiting for the quota before calls are turned away. */
  readonly maxQueuedRequests: number;
  /** --http: the largest request body read; beyond it the request is answered 413. */
  readonly httpMaxBodyBytes: number;
  /** --http: a request's whole body must arrive within this after its head. */
  readonly httpBodyTimeoutMs: number;
  /** --http: requests still receiving their body at once; beyond it the oldest is dropped. */
  readonly httpMaxBodySockets: number;
  /** --http: connections one client address may hold open at once. */
  readonly httpMaxConnectionsPerAddress: number;
}

export type ConfigResult =
  | {
      readonly ok: true;
      readonly config: Config;
      /** Settings that were repaired (a base URL cut back to the root, a key's quotes or "Bearer "). */
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * A value that is only a `${...}` placeholder: a client that did not substitute it. Claude Desktop
 * passes `${user_config.x}` through for an optional bundle setting left blank (mcpb#250), and
 * Claude Code leaves an unset `${VAR}` in `.mcp.json` as it is; sent on, the placeholder would
 * be the API key.
 */
const UNFILLED = /^\s*\$\{[^}]*\}\s*$/;
/** The placeholder as shown in a note: only its plain `${name}` form, never anything longer. */
const SHOWN_PLACEHOLDER = /^\$\{[\w.:-]{1,64}\}$/;

/** The variables with unfilled placeholders set aside, and one note for each. */
function withoutPlaceholders(env: Readonly<Record<string, string | undefined>>) {
  const kept: Record<string, string | undefined> = {};
  const unfilled = new Map<string, string>();
  for (const name of Object.keys(envSchema.shape)) {
    const value = env[name];
    if (value !== undefined && UNFILLED.test(value)) {
      const trimmed = value.trim();
      const shown = SHOWN_PLACEHOLDER.test(trimmed) ? `the placeholder ${trimmed}` : undefined;
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the words a user sees, not a template
      unfilled.set(name, shown ?? 'a ${...} placeholder');
    } else {
      kept[name] = value;
    }
  }
  return { kept, unfilled };
}

const PREFIX = 'NETWORK_DISCOVERY_';

/**
 * A key copied from the README's examples rather than the service: `scp_u_...` and its kin
 * (`scp_u_…`, `scp_u_<your key>`, `scp_u_xxxx`). Public text, so never treated as a secret.
 */
export const isPlaceholderKey = (key: string | undefined): boolean =>
  key !== undefined && /^scp_u_(?:\.{2,}|…|<[^>]*>|x+|\*+|your[\w-]*)$/i.test(key);

const PLACEHOLDER_KEY_NOTE =
  "NETWORK_DISCOVERY_API_KEY is the README's placeholder scp_u_..., not a key: set it to a user API key from the service (API Keys in its web UI)";

/**
 * Variables named like this server's that it does not read (`NETWORK_DISCOVERY_BASEURL`,
 * `..._API_KYE`), each with the nearest setting: a typo is said, as on the command line, never
 * silently ignored. Only the name is shown, never the value.
 */
export function unknownVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const names = new Set<string>([...Object.keys(envSchema.shape), CLIENT_MARKER]);
  const known = [...names].map((name) => name.slice(PREFIX.length).toLowerCase());
  return Object.keys(env)
    .filter((name) => name.toUpperCase().startsWith(PREFIX) && !names.has(name))
    .sort()
    .map((name) => {
      // A name is the person's own typing, but may hold anything: word characters only, capped.
      const shown = name.replace(/\W/g, '?').slice(0, 80);
      const best = nearest(name.slice(PREFIX.length), known);
      const meant = best === undefined ? '' : ` (did you mean ${PREFIX}${best.toUpperCase()}?)`;
      return `${shown} is not a setting of this server${meant}: ignored`;
    });
}

/** Parses the environment; never throws, never includes a value in a problem. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const unknown = unknownVariables(env);
  const { kept, unfilled } = withoutPlaceholders(env);
  // Parsed once per process: zod's compiled fast path would cost more to build (~2.5 ms of start-up)
  // than it could ever save.
  const result = envSchema.safeParse(kept, { jitless: true });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const placeholder = unfilled.get(name);
      return placeholder
        ? `${name} is ${placeholder}, which the MCP client did not fill in: set it in the client's settings for this server`
        : `${name} ${issue.message}`;
    });
    return { ok: false, problems: [...problems, ...unknown] };
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
  const base = e.NETWORK_DISCOVERY_BASE_URL.url;
  if (base !== 'demo') {
    const transport = checkTransport(base, e.NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP);
    if (!transport.ok) problems.push(transport.problem);
  }
  if (problems.length > 0) return { ok: false, problems: [...problems, ...unknown] };
  const config: Config = {
    baseUrl: base,
    apiKey: e.NETWORK_DISCOVERY_API_KEY.value,
    sessionId: e.NETWORK_DISCOVERY_SESSION_ID.value,
    readOnly: e.NETWORK_DISCOVERY_READ_ONLY,
    timeoutMs: e.NETWORK_DISCOVERY_TIMEOUT_MS,
    allowInsecureHttp: e.NETWORK_DISCOVERY_ALLOW_INSECURE_HTTP,
    email: e.NETWORK_DISCOVERY_EMAIL,
    password: e.NETWORK_DISCOVERY_PASSWORD,
    auditLogPath: e.NETWORK_DISCOVERY_AUDIT_LOG,
    tokenSecret: e.NETWORK_DISCOVERY_TOKEN_SECRET,
    redisUrl: e.NETWORK_DISCOVERY_REDIS_URL,
    rateLimitPerMinute: e.NETWORK_DISCOVERY_RATE_LIMIT_PER_MINUTE,
    rateLimitBurst: e.NETWORK_DISCOVERY_RATE_LIMIT_BURST,
    maxResultBytes: e.NETWORK_DISCOVERY_MAX_RESULT_BYTES,
    maxResponseBytes: e.NETWORK_DISCOVERY_MAX_RESPONSE_BYTES,
    responseBytesInFlight: e.NETWORK_DISCOVERY_RESPONSE_BYTES_IN_FLIGHT,
    inventoryMaxHosts: e.NETWORK_DISCOVERY_INVENTORY_MAX_HOSTS,
    demoScanopy: e.NETWORK_DISCOVERY_DEMO_SCANOPY,
    confirm: e.NETWORK_DISCOVERY_CONFIRM,
    formTimeoutMs: e.NETWORK_DISCOVERY_FORM_TIMEOUT_MS,
    httpWrites: e.NETWORK_DISCOVERY_HTTP_WRITES,
    httpMaxConnections: e.NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS,
    httpMaxHeaderSockets: e.NETWORK_DISCOVERY_HTTP_MAX_HEADER_SOCKETS,
    maxQueuedRequests: e.NETWORK_DISCOVERY_MAX_QUEUED_REQUESTS,
    httpMaxBodyBytes: e.NETWORK_DISCOVERY_HTTP_MAX_BODY_BYTES,
    httpBodyTimeoutMs: e.NETWORK_DISCOVERY_HTTP_BODY_TIMEOUT_MS,
    httpMaxBodySockets: e.NETWORK_DISCOVERY_HTTP_MAX_BODY_SOCKETS,
    httpMaxConnectionsPerAddress: e.NETWORK_DISCOVERY_HTTP_MAX_CONNECTIONS_PER_ADDRESS,
  };
  const notes = [
    ...[...unfilled].map(
      ([name, placeholder]) =>
        `${name} is ${placeholder}, which the MCP client did not fill in: treated as not set (set it in the client's settings for this server, or leave the variable out)`,
    ),
    e.NETWORK_DISCOVERY_BASE_URL.note,
    e.NETWORK_DISCOVERY_API_KEY.note,
    isPlaceholderKey(e.NETWORK_DISCOVERY_API_KEY.value) ? PLACEHOLDER_KEY_NOTE : undefined,
    e.NETWORK_DISCOVERY_SESSION_ID.note,
    ...unknown,
  ].filter((note): note is string => note !== undefined);
  return { ok: true, config: Object.freeze(config), notes };
}

/** The secrets a config holds, for the redactor; a Redis URL may carry a password, so it is one. */
export function configSecrets(config: Config): string[] {
  return [
    isPlaceholderKey(config.apiKey) ? undefined : config.apiKey,
    config.sessionId,
    config.password,
    config.tokenSecret,
    config.redisUrl,
    config.redisUrl === undefined ? undefined : urlPassword(config.redisUrl),
  ].filter((s): s is string => typeof s === 'string' && s.length > 0);
}

function urlPassword(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}
