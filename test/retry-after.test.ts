// Retry-After read as RFC 9110 says (digits or an HTTP-date, nothing else) and X-RateLimit-Reset as a 429's fallback, as design.md says.
import { describe, expect, it } from 'vitest';
import { retryAfter } from '../src/api/envelope.js';
import { parseRetryAfter } from '../src/api/retry-after.js';
import type { RawResponse } from '../src/api/transport/http.js';

const NOW = Date.UTC(2026, 10, 29, 8, 0, 0);
const answer = (status: number, headers: Record<string, string>): RawResponse => ({
  status,
  headers,
  text: '{}',
});

describe('Retry-After', () => {
  it.each([
    ['9', 9],
    [' 0 ', 0],
    ['120', 120],
  ])('delay-seconds %j is %i s', (value, seconds) => {
    expect(parseRetryAfter(value, NOW)).toBe(seconds);
  });

  it.each(['0x9', '9.5', '1e1', '-1', '+9', '0b1', 'Infinity', '9 s', '', 'soon', '2026-11-29'])(
    '%j is neither delay-seconds nor an HTTP-date',
    (value) => {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    },
  );

  it.each([
    ['Sun, 29 Nov 2026 08:00:30 GMT', 30],
    ['Sunday, 29-Nov-26 08:01:00 GMT', 60],
    ['Sun Nov 29 08:00:05 2026', 5],
    ['Sun, 29 Nov 2026 07:00:00 GMT', 0],
  ])('the HTTP-date %j is %i s away', (value, seconds) => {
    expect(parseRetryAfter(value, NOW)).toBe(seconds);
  });

  it.each([
    'Sun, 31 Feb 2026 08:00:00 GMT',
    'Sun, 29 Nov 2026 25:00:00 GMT',
    'Sun, 29 Nov 2026 08:00:00 UTC',
  ])('%j is not an HTTP-date', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it('a 429 without a usable Retry-After falls back to X-RateLimit-Reset; other answers never read it', () => {
    expect(retryAfter(answer(429, { 'retry-after': '0x9', 'x-ratelimit-reset': '2' }))).toBe(2);
    expect(retryAfter(answer(429, { 'x-ratelimit-reset': '3' }))).toBe(3);
    expect(retryAfter(answer(429, { 'retry-after': '0x9' }))).toBeUndefined();
    expect(retryAfter(answer(503, { 'x-ratelimit-reset': '60' }))).toBeUndefined();
    expect(retryAfter(answer(429, { 'retry-after': '4', 'x-ratelimit-reset': '60' }))).toBe(4);
  });
});
