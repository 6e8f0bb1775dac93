// Bounded work per request: free-text arguments capped in length and words, refused before any request leaves.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, MAX_TEXT_WORDS } from '../src/tools/shared/free-text.js';
import { textOf, useHarness } from './harness.js';

const start = useHarness();

const LONG = 'a'.repeat(MAX_TEXT_CHARS + 1);
const WORDY = Array.from({ length: MAX_TEXT_WORDS + 1 }, (_, i) => `w${i}`).join(' ');

describe('free-text arguments are capped', () => {
  it.each([
    ['list_hosts', 'search', 'x '.repeat(60_000)],
    ['list_hosts', 'search', LONG],
    ['list_hosts', 'search', WORDY],
    ['list_hosts', 'network', LONG],
    ['list_hosts', 'service', WORDY],
    ['list_hosts', 'found_by', LONG],
    ['list_hosts', 'new_since', LONG],
    ['list_discoveries', 'search', LONG],
    ['list_discoveries', 'finished', WORDY],
    ['list_discoveries', 'zone', LONG],
  ])(
    '%s %s too long or too wordy is refused, and nothing is read',
    async (tool, argument, value) => {
      const h = await start();
      const before = h.api.requests.length;
      const result = await h.call(tool, { [argument]: value });
      expect(result.isError).toBe(true);
      const text = textOf(result);
      expect(text).toContain(`at most ${MAX_TEXT_CHARS} characters and ${MAX_TEXT_WORDS} words`);
      expect(text.length).toBeLessThan(2_000);
      expect(h.api.requests.length).toBe(before);
    },
  );

  it(`a search of ${MAX_TEXT_WORDS} words within ${MAX_TEXT_CHARS} characters is read, every word tested`, async () => {
    const h = await start();
    const result = await h.call('list_hosts', { search: 'srv office srv srv srv srv srv srv' });
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});
