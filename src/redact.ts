// The one place secrets are known and scrubbed: API key, session, password, every community seen.
const MIN_SECRET_LENGTH = 4;
const MASK = '[redacted]';

/** Holds every secret this process has seen and removes them from any text. */
export interface Redactor {
  /** Remembers a secret so it is scrubbed from everything redacted afterwards. */
  add(secret: string | undefined): void;
  /** Returns text with every known secret and credential header value replaced. */
  redact(text: string): string;
}

const CREDENTIAL_PATTERNS: readonly RegExp[] = [
  /(authorization"?\s*[:=]\s*"?(?:bearer\s+)?)[^\s,;"']{8,}/gi,
  /(\bcookie"?\s*:\s*"?)[^\n"']{8,}/gi,
  /(session_id=)[^\s;,"']+/gi,
  /(\bbearer\s+)[A-Za-z0-9._~+/=-]{12,}/gi,
  /()\bscp_[ud]_[A-Za-z0-9]{8,}/g,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createRedactor(initial: readonly (string | undefined)[] = []): Redactor {
  const secrets = new Set<string>();
  let matcher: RegExp | undefined;

  const rebuild = () => {
    // Longest first so a secret that contains another is masked whole.
    const sorted = [...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
    matcher = sorted.length > 0 ? new RegExp(sorted.join('|'), 'g') : undefined;
  };

  const add = (secret: string | undefined) => {
    if (!secret || secret.length < MIN_SECRET_LENGTH || /^\*+$/.test(secret)) return;
    if (secrets.has(secret)) return;
    secrets.add(secret);
    // URL-encoded and JSON-escaped forms are how a secret reappears in echoed requests.
    secrets.add(encodeURIComponent(secret));
    secrets.add(JSON.stringify(secret).slice(1, -1));
    rebuild();
  };

  const redact = (text: string) => {
    let out = matcher ? text.replace(matcher, MASK) : text;
    for (const pattern of CREDENTIAL_PATTERNS) out = out.replace(pattern, `$1${MASK}`);
    return out;
  };

  for (const secret of initial) add(secret);
  return { add, redact };
}
