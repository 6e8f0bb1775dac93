// Retry-After read as RFC 9110 says (delay-seconds: digits only, or an HTTP-date), and X-RateLimit-Reset as the 429's fallback.

const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT": what senders must use. */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** Obsolete RFC 850 form, "Sunday, 06-Nov-94 08:49:37 GMT", which recipients must still accept. */
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** Obsolete asctime form, "Sun Nov  6 08:49:37 1994". */
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Seconds to wait from a Retry-After value, or undefined when it is neither delay-seconds (ASCII
 * digits only: `0x9`, `9.5`, `1e1`, `-1` are not) nor an HTTP-date. A date in the past is 0.
 * Number() and Date.parse() read far more than the RFC allows (`0x9` as 9 s, `9` as a date).
 */
export function parseRetryAfter(value: string, now: number): number | undefined {
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  const at = parseHttpDate(text);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** X-RateLimit-Reset on a 429: whole seconds until the bucket refills (digits only). */
export function parseResetSeconds(value: string): number | undefined {
  const text = value.trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

function parseHttpDate(text: string): number | undefined {
  let parts: { day: string; month: string; year: number; time: string[] } | undefined;
  const imf = IMF_FIXDATE.exec(text);
  const rfc850 = RFC_850.exec(text);
  const asctime = ASCTIME.exec(text);
  if (imf) {
    parts = { day: imf[2] ?? '', month: imf[3] ?? '', year: Number(imf[4]), time: imf.slice(5) };
  } else if (rfc850) {
    // Two-digit years: the RFC reads one more than 50 years ahead as the past century's.
    const yy = Number(rfc850[4]);
    const year = 2000 + yy > new Date().getUTCFullYear() + 50 ? 1900 + yy : 2000 + yy;
    parts = { day: rfc850[2] ?? '', month: rfc850[3] ?? '', year, time: rfc850.slice(5) };
  } else if (asctime) {
    parts = {
      day: (asctime[3] ?? '').trim(),
      month: asctime[2] ?? '',
      year: Number(asctime[7]),
      time: asctime.slice(4, 7),
    };
  }
  if (!parts) return undefined;
  const [hours, minutes, seconds] = parts.time.map(Number) as [number, number, number];
  const month = MONTHS.indexOf(parts.month);
  const day = Number(parts.day);
  const at = Date.UTC(parts.year, month, day, hours, minutes, seconds);
  const date = new Date(at);
  // A date that does not exist (31 Feb, 25:00) is not a date.
  if (date.getUTCDate() !== day || date.getUTCHours() !== hours || seconds > 59 || minutes > 59)
    return undefined;
  return at;
}
