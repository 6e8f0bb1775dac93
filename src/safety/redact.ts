// The one place secrets are known and scrubbed: API key, session, password, every community seen.
import { isRedactionPlaceholder } from './placeholder.js';

const MASK = '[redacted]';
/**
 * Shorter values cannot be told apart from ordinary text: searched for in free text, a community
 * "Head" would mask "Head office" in every later result. They are never searched for.
 */
const MIN_SECRET_LENGTH = 6;
/** Secrets at least this long are masked wherever they appear, even inside a longer word. */
const ANYWHERE_LENGTH = 12;

/** Holds the secrets one scope (the process, or one HTTP caller) has seen and removes them. */
export interface Redactor {
  /** Remembers a secret so it is scrubbed from everything redacted afterwards. */
  add(secret: string | undefined): void;
  /**
   * Remembers a secret that is masked by place, not everywhere: a community a caller sent. It is
   * masked where a secret can appear (redact(): error texts, the audit trail, logs, echoes of
   * request bodies), but not in what the service returned about other records (the spared names of
   * redactSparing and the spared keys of redactValueSparing).
   */
  addEchoed(secret: string | undefined): void;
  /**
   * redact(), except that echoed secrets are left alone inside each occurrence of a spared text.
   * The spared texts may be given as a function: it is called only when an echoed secret is there.
   */
  redactSparing(text: string, spared: SparedTexts): string;
  /** redactValue(), except that strings under a spared key keep echoed secrets (names, tag names). */
  redactValueSparing<T>(value: T, sparedKeys: ReadonlySet<string>): T;
  /** Returns text with every known secret and credential header value replaced. */
  redact(text: string): string;
  /**
   * Redacts every string inside a JSON-like value, returning the same object when nothing
   * changed. Values are masked one by one, never by editing serialized JSON, so a secret such as
   * "true" or a quote can never break the structure.
   */
  redactValue<T>(value: T): T;
  /**
   * A redactor for one HTTP caller: it masks what this one masks plus `secret` (the caller's own
   * key) and whatever is added to it, but what it learns stays with it, so no caller can teach the
   * process to mask words in another caller's results, and keys do not pile up in a long run.
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

/** Boundary characters for short secrets: "abcd" must spare "abcdef". */
const WORD_CHAR = /[A-Za-z0-9_-]/;

/** Replaces every occurrence of `form`; short forms only where they stand as a whole token. */
function maskForm(text: string, form: string): string {
  let at = text.indexOf(form);
  if (at < 0) return text;
  const anywhere = form.length >= ANYWHERE_LENGTH;
  let out = '';
  let from = 0;
  while (at >= 0) {
    const before = text[at - 1];
    const after = text[at + form.length];
    const whole = (!before || !WORD_CHAR.test(before)) && (!after || !WORD_CHAR.test(after));
    if (anywhere || whole) {
      out += `${text.slice(from, at)}${MASK}`;
      from = at + form.length;
      at = text.indexOf(form, from);
    } else {
      at = text.indexOf(form, at + 1);
    }
  }
  return out + text.slice(from);
}

/**
 * The spellings a secret reappears in: URL-, form- and JSON-escaped echoes, the same with runs of
 * whitespace collapsed or trimmed (an HTML page or a log line), and for long secrets the leading
 * half (a UI or an error that shows "scp_u_abcd…", or a message cut in the middle of the key).
 */
function formsOf(secret: string): string[] {
  const collapsed = secret.replace(/\s+/g, ' ').trim();
  const forms = new Set<string>();
  for (const base of [secret, collapsed]) {
    forms.add(base);
    forms.add(encodeURIComponent(base));
    forms.add(encodeURIComponent(base).replace(/%20/g, '+'));
    forms.add(JSON.stringify(base).slice(1, -1));
    forms.add(JSON.stringify(JSON.stringify(base).slice(1, -1)).slice(1, -1));
  }
  if (secret.length >= 16) forms.add(secret.slice(0, Math.max(8, Math.ceil(secret.length / 2))));
  return [...forms].filter((form) => form.trim().length >= MIN_SECRET_LENGTH);
}

/** True for values that are not secrets: blank, too short, or a redaction placeholder. */
function notASecret(secret: string | undefined): secret is undefined {
  return !secret || secret.trim().length < MIN_SECRET_LENGTH || isRedactionPlaceholder(secret);
}

/** Every string in a value (keys are this server's own words), as deep as redactDeep goes. */
function collectStrings(value: unknown, into: string[], depth: number): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value !== null && typeof value === 'object' && depth <= 64) {
    // Own values in Object.values' order, without an array of them per object.
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (Object.hasOwn(record, key)) collectStrings(record[key], into, depth + 1);
    }
  }
  return into;
}

/**
 * Redacts value by value, but first asks once whether anything needs it: a result with no secret
 * in any string (nearly every one) is returned as it is, without a copy of each object on a hot
 * path. Strings are joined with NUL, which no mask keeps unchanged across, so anything the joined
 * text would mask sends the value through the exact walk below.
 */
function redactValueOf(value: unknown, redact: (text: string) => string, spared?: Spared): unknown {
  const joined = collectStrings(value, [], 0).join('\u0000');
  return redact(joined) === joined ? value : redactDeep(value, redact, 0, spared);
}

/** Keys whose strings keep echoed secrets, and the redaction that still applies to them. */
interface Spared {
  readonly keys: ReadonlySet<string>;
  readonly redact: (text: string) => string;
}

function redactDeep(
  value: unknown,
  redact: (text: string) => string,
  depth: number,
  spared?: Spared,
): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactDeep(item, redact, depth + 1, spared));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  let changed = false;
  const entries = Object.entries(value).map(([key, inner]) => {
    const under = spared?.keys.has(key) ? spared.redact : redact;
    const next = redactDeep(inner, under, depth + 1, spared);
    if (next !== inner) changed = true;
    return [key, next] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/** Texts a sparing redaction leaves alone, or how to list them (called only when needed). */
export type SparedTexts = readonly string[] | (() => readonly string[]);

/** What a caller's redactor inherits from the process's: both redactions, the full and the sparing. */
interface ParentRedaction {
  readonly full: (text: string) => string;
  readonly sparing: (text: string, spared: SparedTexts) => string;
}

/** Forms of secrets, longest first so a secret containing another is masked whole. */
function formList() {
  const known = new Set<string>();
  const forms: string[] = [];
  // Kept sorted on insertion (a binary search and one splice), never rebuilt: adding costs
  // O(forms), not a regex.
  const insert = (form: string) => {
    let lo = 0;
    let hi = forms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((forms[mid] as string).length >= form.length) lo = mid + 1;
      else hi = mid;
    }
    forms.splice(lo, 0, form);
  };
  return {
    forms,
    add(secret: string) {
      for (const form of formsOf(secret)) {
        if (known.has(form)) continue;
        known.add(form);
        insert(form);
      }
    },
  };
}

const maskAll = (text: string, forms: readonly string[]) => {
  let out = text;
  for (const form of forms) out = maskForm(out, form);
  return out;
};

/** Masks `forms` in `text` except inside each occurrence of a spared text. */
function maskOutside(text: string, forms: readonly string[], spared: SparedTexts): string {
  // Nothing to mask costs nothing: no secret form in the text, no spared name is looked for.
  if (!forms.some((form) => text.includes(form))) return text;
  const kept = (typeof spared === 'function' ? spared() : spared).filter(
    (s) => s.length > 0 && text.includes(s),
  );
  if (kept.length === 0) return maskAll(text, forms);
  // Longest first, so a spared name holding another is kept whole.
  kept.sort((a, b) => b.length - a.length);
  let out = '';
  let from = 0;
  while (from < text.length) {
    let at = -1;
    let which = '';
    for (const s of kept) {
      const found = text.indexOf(s, from);
      if (found >= 0 && (at < 0 || found < at)) {
        at = found;
        which = s;
      }
    }
    if (at < 0) break;
    out += maskAll(text.slice(from, at), forms) + which;
    from = at + which.length;
  }
  return out + maskAll(text.slice(from), forms);
}

export function createRedactor(
  initial: readonly (string | undefined)[] = [],
  parent?: ParentRedaction,
): Redactor {
  const seen = new Set<string>();
  const everywhere = formList();
  const echoed = formList();

  const remember = (list: ReturnType<typeof formList>) => (secret: string | undefined) => {
    if (notASecret(secret) || seen.has(secret)) return;
    seen.add(secret);
    list.add(secret);
  };
  const add = remember(everywhere);
  const addEchoed = remember(echoed);

  const patterns = (text: string) => {
    let out = text;
    if (!CREDENTIAL_WORDS.test(out)) return out;
    for (const [pattern, replace] of CREDENTIAL_PATTERNS) {
      out = out.replace(pattern, (_match, label: string, value: string) => replace(label, value));
    }
    return out;
  };

  const redact = (text: string) => {
    const out = parent ? parent.full(text) : text;
    return patterns(maskAll(maskAll(out, everywhere.forms), echoed.forms));
  };
  const redactSparing = (text: string, spared: SparedTexts) => {
    const out = parent ? parent.sparing(text, spared) : text;
    return patterns(maskOutside(maskAll(out, everywhere.forms), echoed.forms, spared));
  };

  for (const secret of initial) add(secret);
  return {
    add,
    addEchoed,
    redact,
    redactSparing,
    redactValue: <T>(value: T) => redactValueOf(value, redact) as T,
    redactValueSparing: <T>(value: T, keys: ReadonlySet<string>) =>
      redactValueOf(value, redact, { keys, redact: (text) => redactSparing(text, [text]) }) as T,
    withSecret: (secret) => createRedactor([secret], { full: redact, sparing: redactSparing }),
  };
}
