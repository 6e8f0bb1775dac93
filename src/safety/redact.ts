// The one place secrets are known and scrubbed: API key, session, password, every community seen.
const MASK = '[redacted]';
/** Shorter values cannot be told apart from ordinary text; masking them would garble every result. */
const MIN_SECRET_LENGTH = 4;
/** Secrets at least this long are masked wherever they appear, even inside a longer word. */
const ANYWHERE_LENGTH = 12;

/** Holds every secret this process has seen and removes them from any text. */
export interface Redactor {
  /** Remembers a secret so it is scrubbed from everything redacted afterwards. */
  add(secret: string | undefined): void;
  /** Returns text with every known secret and credential header value replaced. */
  redact(text: string): string;
  /**
   * A redactor that also masks `secret` (one HTTP caller's own key) without keeping it in this
   * one, so a long-running server does not accumulate every caller's key; add() still reaches here.
   */
  withSecret(secret: string | undefined): Redactor;
}

/** A credential-looking token: long, and not a plain word (has a digit, or is very long). */
function looksLikeToken(value: string): boolean {
  return (value.length >= 16 && /\d/.test(value)) || value.length >= 32;
}

/**
 * Credentials the redactor was never told about, recognised by their syntax (a header echoed by a
 * proxy, a key of another user). Each keeps its label and masks only the value, and each needs the
 * syntax of a header or a JSON field, so prose like "a bearer token" or "the cookie" is untouched.
 */
const CREDENTIAL_PATTERNS: readonly (readonly [
  RegExp,
  (label: string, value: string) => string,
])[] = [
  // Authorization: Bearer x / "authorization":"Basic x" / authorization=x
  [
    /(\bauthorization\\?"?\s*[:=]\s*\\?"?\s*(?:(?:bearer|basic|token)\s+)?)([^\s,;"'\\]+)/gi,
    (label) => `${label}${MASK}`,
  ],
  // Cookie / Set-Cookie header values: only when they hold name=value pairs.
  [/(\b(?:set-)?cookie\\?"?\s*:\s*\\?"?)([^\n"'\\]*=[^\n"'\\]*)/gi, (label) => `${label}${MASK}`],
  [/(\bsession_id=)([^\s;,"'\\&]+)/gi, (label) => `${label}${MASK}`],
  // "password":"x", "community":"x" (as the service or a proxy might echo a body), password=x.
  [
    /(\\?"(?:password|community|api_key|apikey|secret)\\?"\s*:\s*\\?")((?:[^"\\]|\\[^"])+)/gi,
    (label, value) => (/^\*+$/.test(value) ? `${label}${value}` : `${label}${MASK}`),
  ],
  [/(\bpassword=)([^\s&;,"'\\]+)/gi, (label) => `${label}${MASK}`],
  // A bearer token in free text, only when it looks like one.
  [
    /(\bbearer\s+)([A-Za-z0-9._~+/=-]+)/gi,
    (label, value) => (looksLikeToken(value) ? `${label}${MASK}` : `${label}${value}`),
  ],
  // Scanopy user and daemon keys, whoever they belong to.
  [/()(\bscp_[ud]_[A-Za-z0-9]{8,})/g, () => MASK],
];

/** Every credential pattern needs one of these words: text without any skips all seven scans. */
const CREDENTIAL_WORDS =
  /authorization|cookie|session_id=|password|community|api_?key|secret|bearer|scp_[ud]_/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Long secrets match anywhere; short ones only as a whole token, so "abcd" spares "abcdef". */
function secretPattern(secret: string): string {
  const escaped = escapeRegExp(secret);
  return secret.length >= ANYWHERE_LENGTH
    ? escaped
    : `(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`;
}

export function createRedactor(initial: readonly (string | undefined)[] = []): Redactor {
  const secrets = new Set<string>();
  let matcher: RegExp | undefined;

  const rebuild = () => {
    // Longest first so a secret that contains another is masked whole.
    const sorted = [...secrets].sort((a, b) => b.length - a.length).map(secretPattern);
    matcher = sorted.length > 0 ? new RegExp(sorted.join('|'), 'g') : undefined;
  };

  const add = (secret: string | undefined) => {
    // Blank values and the service's own "********" placeholder are not secrets.
    if (!secret || secret.trim().length < MIN_SECRET_LENGTH || /^\*+$/.test(secret)) return;
    if (secrets.has(secret)) return;
    // URL-encoded, form-encoded and JSON-escaped forms are how a secret reappears in echoes.
    for (const form of [
      secret,
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(JSON.stringify(secret).slice(1, -1)).slice(1, -1),
    ]) {
      secrets.add(form);
    }
    rebuild();
  };

  const redact = (text: string) => {
    let out = matcher ? text.replace(matcher, MASK) : text;
    if (!CREDENTIAL_WORDS.test(out)) return out;
    for (const [pattern, replace] of CREDENTIAL_PATTERNS) {
      out = out.replace(pattern, (_match, label: string, value: string) => replace(label, value));
    }
    return out;
  };

  for (const secret of initial) add(secret);
  const self: Redactor = {
    add,
    redact,
    withSecret(secret) {
      const own = createRedactor([secret]);
      return { add, redact: (text) => own.redact(redact(text)), withSecret: self.withSecret };
    },
  };
  return self;
}
