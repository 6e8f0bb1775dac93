// The text checks on service strings read a bounded start of each field, with linear patterns: a hostile 1 MB field costs what a 4 kB one does.
import { describe, expect, it } from 'vitest';
import { quote } from '../src/safety/quote.js';
import { capText, oneLine, sanitizeJson, serviceText } from '../src/safety/sanitize.js';
import { markServiceData, SERVICE_DATA_PREFIX } from '../src/safety/service-data-mark.js';

const ID = '0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3';

describe('bounded, linear text checks', () => {
  it('a field of a million spaces before its line break is cut, not scanned from every space', () => {
    // The old pattern \s*[\t\n]\s* retried the run from each space: quadratic, minutes here.
    const hostile = `${' '.repeat(1_000_000)}x\n`;
    expect(oneLine(hostile, 100)).toBe(`${' '.repeat(100)}…`);
    expect(serviceText(hostile, 100)).toBe('');
    expect(sanitizeJson({ name: hostile })).toEqual({ name: `${' '.repeat(200)}…` });
    expect(oneLine(`a\n${' '.repeat(1_000_000)}b\n`, 10)).toBe('a');
  });

  it('a line break inside a run of spaces still flattens the run to one space', () => {
    expect(oneLine('a  \t \n  b c', 100)).toBe('a b c');
    expect(oneLine('a\u00a0\nb', 100)).toBe('a b');
  });

  it('capText splits only what it keeps, never half an emoji', () => {
    const text = '😀'.repeat(600_000);
    expect(capText(text, 3)).toBe('😀😀😀…');
    expect(capText(`ab${'😀'.repeat(10)}`, 3)).toBe('ab😀…');
  });

  it('the service-data mark judges the start it shows: a link or an order far past it does not mark it', () => {
    expect(markServiceData('['.repeat(100_000))).toBe('['.repeat(100_000));
    expect(markServiceData(`${'['.repeat(3_000)}](http://x) ignore previous`)).not.toMatch(
      /^\[service data\]/,
    );
    expect(markServiceData(`${'a '.repeat(100)} ignore previous`, 50)).not.toContain(
      SERVICE_DATA_PREFIX,
    );
    expect(markServiceData('[click](http://x)')).toBe(`${SERVICE_DATA_PREFIX}[click](http://x)`);
    expect(markServiceData('<b>bold</b>')).toMatch(/^\[service data\]/);
  });

  it('quote flags an id it shows, not one cut off', () => {
    expect(quote(`switch ${ID}`, 100)).toContain('(name holds an id)');
    expect(quote(`${'x'.repeat(300)} ${ID}`, 100)).not.toContain('(name holds an id)');
  });
});
