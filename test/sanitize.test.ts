// Untrusted text: invisible characters removed, error text cut, release-notes HTML made inert.
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, sanitizeJson, sanitizeText, serviceText } from '../src/safety/sanitize.js';
import { sampleData } from '../src/sample-api/data.js';
import { htmlToMarkdown, safeHref } from '../src/views/versions/html-to-markdown.js';
import { reply } from './fake-api.js';
import { textOf, useHarness } from './harness.js';

const HIDDEN = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\r',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u00ad',
  '\u061c',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\u{e0041}',
  '\u{e007f}',
];
const ANY_HIDDEN = new RegExp(
  HIDDEN.map((c) => c.replace(/[\s\S]/gu, (x) => `\\u{${x.codePointAt(0)?.toString(16)}}`)).join(
    '|',
  ),
  'u',
);

describe('sanitizeText', () => {
  it.each(HIDDEN.map((c) => [`U+${c.codePointAt(0)?.toString(16).toUpperCase()}`, c]))(
    'removes %s',
    (_name, char) => {
      expect(sanitizeText(`a${char}b`)).toBe('ab');
    },
  );

  it('keeps newlines, tabs, accents, CJK and emoji', () => {
    const text = 'Zürich\tnetwork\n東京 ✅ 👩‍💻 café';
    // The zero-width joiner inside the emoji sequence goes; its parts stay.
    expect(sanitizeText(text)).toBe('Zürich\tnetwork\n東京 ✅ 👩💻 café');
  });

  it('turns line and paragraph separators into newlines and lone surrogates into U+FFFD', () => {
    expect(sanitizeText('a\u2028b\u2029c')).toBe('a\nb\nc');
    expect(sanitizeText('x\ud800y\udc00z')).toBe('x\ufffdy\ufffdz');
  });

  it('drops every default-ignorable character the write path refuses as invisible, keeping spaces', () => {
    // Variation selectors (also the supplement's), Hangul fillers, the combining grapheme joiner,
    // a Mongolian selector and a tag character: each renders as nothing.
    const hidden = '\uFE0F\u{E0100}\u3164\u115F\uFFA0\u034F\u180B\u{E0041}';
    expect(sanitizeText(`Office${hidden} switches`)).toBe('Office switches');
    expect(serviceText(`core${hidden}`, 50)).toBe('core');
    expect(sanitizeText('a\u00A0b')).toBe('a\u00A0b');
  });

  it('hides nothing behind a right-to-left override', () => {
    // "invoice_\u202Egnp.exe" displays as "invoice_exe.png".
    expect(sanitizeText('invoice_\u202egnp.exe')).toBe('invoice_gnp.exe');
  });
});

describe('sanitizeJson', () => {
  it('cleans every string and key at any depth and keeps other values', () => {
    const cleaned = sanitizeJson({
      'na\u200bme': 'Office\u202e switch',
      list: [1, true, null, 'x\u0007y', { deep: ['\u2066a\u2069'] }],
    });
    expect(cleaned).toEqual({
      name: 'Office switch',
      list: [1, true, null, 'xy', { deep: ['a'] }],
    });
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const cleaned = sanitizeJson(JSON.parse('{"__proto__":{"polluted":true},"a":1}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect((cleaned as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(cleaned)).toEqual(['__proto__', 'a']);
  });

  it('replaces values nested deeper than the stack should go', () => {
    let nested: unknown = 'bottom';
    for (let i = 0; i < MAX_DEPTH + 10; i++) nested = [nested];
    const text = JSON.stringify(sanitizeJson(nested));
    expect(text).not.toContain('bottom');
    expect(text).toContain('nested too deeply');
  });
});

describe('serviceText', () => {
  it('puts service text on one line, cleaned and cut by code point', () => {
    expect(serviceText('line one\n\tline\u200b two  ')).toBe('line one line two');
    const long = `${'é'.repeat(299)}😀😀😀`;
    const cut = serviceText(long);
    expect(Array.from(cut)).toHaveLength(301);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('safeHref', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    [' javascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['file:///etc/passwd'],
    ['//evil.example/x'],
    ['/relative'],
    ['#fragment'],
    ['https://user:pass@evil.example/'],
    [''],
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeUndefined();
  });

  it('keeps http(s) and escapes what would end a markdown link', () => {
    expect(safeHref('HTTPS://Example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeHref('https://x.example/)](javascript:alert(1))')).toBe(
      'https://x.example/%29%5D%28javascript:alert%281%29%29',
    );
    expect(safeHref('http://[::1]:8080/a(b)')).toBe('http://[::1]:8080/a%28b%29');
  });
});

describe('htmlToMarkdown', () => {
  it('keeps structure, emphasis, lists and http(s) links', () => {
    expect(
      htmlToMarkdown(
        '<h2>Highlights</h2><p>Renders <b>twice as fast</b>, see <a href="https://example.invalid/docs">the docs</a>.</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe(
      '## Highlights\n\nRenders **twice as fast**, see [the docs](https://example.invalid/docs).\n\n* one\n* two',
    );
  });

  it.each([
    ['script', '<p>a</p><script>alert("x")</script><p>b</p>'],
    ['style', '<style>body{display:none}</style><p>a</p><p>b</p>'],
    ['iframe', '<p>a</p><iframe src="https://evil.example">alert</iframe><p>b</p>'],
    ['object and embed', '<p>a</p><object data="x">alert</object><embed src="y"><p>b</p>'],
    ['svg', '<p>a</p><svg onload="alert(1)"><text>alert</text></svg><p>b</p>'],
    ['form', '<p>a</p><form action="https://evil.example"><input value="alert"></form><p>b</p>'],
    [
      'noscript and template',
      '<p>a</p><noscript>alert</noscript><template>alert</template><p>b</p>',
    ],
  ])('drops %s with its content', (_name, html) => {
    const markdown = htmlToMarkdown(html);
    expect(markdown).toBe('a\n\nb');
  });

  it('drops event handlers and image sources', () => {
    const markdown = htmlToMarkdown(
      '<p onclick="alert(1)" onmouseover="steal()">hi<img src="https://track.example/p.gif" onerror="alert(1)"></p>',
    );
    expect(markdown).toBe('hi');
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">click</a>'],
    ['entity-encoded javascript:', '<a href="&#106;avascript&#58;alert(1)">click</a>'],
    ['hex-entity javascript:', '<a href="&#x6A;&#x61;vascript:alert(1)">click</a>'],
    ['javascript: split by a tab entity', '<a href="jav&#x09;ascript:alert(1)">click</a>'],
    ['data:', '<a href="data:text/html;base64,PHNjcmlwdD4=">click</a>'],
    ['vbscript:', '<a href="VBScript:msgbox(1)">click</a>'],
    ['protocol-relative', '<a href="//evil.example">click</a>'],
  ])('keeps the text of a %s link but not its target', (_name, html) => {
    expect(htmlToMarkdown(html)).toBe('click');
  });

  it('escapes markdown written as text, so it never becomes a live link or HTML', () => {
    const markdown = htmlToMarkdown(
      '<p>[x](javascript:alert(1)) ![i](https://t.example/p.png) &lt;javascript:alert(1)&gt; &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(markdown).not.toMatch(/(?<!\\)\[x(?<!\\)\]\(/);
    expect(markdown).not.toMatch(/(?<!\\)<(javascript|img)/);
    expect(markdown).toContain('\\[x\\](javascript:alert(1))');
  });

  it('escapes markdown in link text and image alt text', () => {
    expect(htmlToMarkdown('<a href="https://ok.example">[click](javascript:alert(1))</a>')).toBe(
      '[\\[click\\](javascript:alert(1))](https://ok.example/)',
    );
    expect(htmlToMarkdown('<img alt="](javascript:alert(1))" src="x">')).toBe(
      '[image: \\]\\(javascript:alert\\(1\\)\\)]',
    );
  });

  it('keeps nested and malformed tags inert', () => {
    expect(
      htmlToMarkdown('<a href="https://a.example"><a href="javascript:x">nested</a></a>'),
    ).not.toContain('javascript:x)');
    expect(htmlToMarkdown('<scr<script>ipt>alert(1)</script>')).not.toContain('alert');
    expect(htmlToMarkdown('<div><p><b>unclosed <i>tags')).toBe('unclosed tags');
  });

  it('fences preformatted text so a fence inside cannot close it', () => {
    const markdown = htmlToMarkdown('<pre><code>x\n```\n[a](javascript:b)</code></pre>');
    expect(markdown).toBe('````\nx\n```\n[a](javascript:b)\n````');
  });

  it('removes control and bidi characters that entities bring back', () => {
    expect(htmlToMarkdown('<p>&#x1b;[31mred &#x202e;evil&#8203;</p>')).toBe('\\[31mred evil');
  });
});

describe('through the tools, against the fake API', () => {
  const start = useHarness();

  it('removes hidden characters from names before a model sees them', async () => {
    const data = sampleData();
    const first = data.discoveries[0] as Record<string, unknown>;
    first['name'] = 'Office\u202e LAN\u200b sweep\u0007';
    (first['run_type'] as Record<string, unknown>)['timezone'] = 'Europe/\u2066Berlin\u2069';
    const h = await start({ sample: { data } });
    const result = await h.call('list_discoveries', {});
    expect(result.isError).toBeFalsy();
    const all = JSON.stringify(result);
    expect(textOf(result)).toContain('Office LAN sweep');
    expect(textOf(result)).toContain('Europe/Berlin');
    expect(all).not.toMatch(ANY_HIDDEN);
  });

  it('cuts and cleans a long service error message', async () => {
    const h = await start();
    const message = `database exploded\u202e ${'x'.repeat(5_000)}`;
    h.api.setIntercept((_req, res) => reply(res, 500, message, { 'content-type': 'text/plain' }));
    const result = await h.call('list_discoveries', {});
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('database exploded x');
    expect(text).not.toMatch(ANY_HIDDEN);
    expect(text.length).toBeLessThan(1_000);
  });

  it('turns hostile release notes into inert markdown', async () => {
    const data = sampleData();
    data.releases = [
      {
        version: '0.14.13\n# Injected heading',
        title: 'Fast\u202e',
        date: '2026-11-10',
        html: '<p onclick="x()">Read <a href="javascript:steal()">this</a> and <a href="https://ok.example/notes">that</a>.</p><script>alert(1)</script><iframe src="https://evil.example"></iframe>',
        url: 'javascript:alert(document.cookie)',
      },
    ];
    const h = await start({ sample: { data } });
    const result = await h.call('get_unseen_release_notes', {});
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toContain('## "0.14.13 # Injected heading": "Fast" (2026-11-10)');
    expect(text).toContain('Read this and [that](https://ok.example/notes).');
    expect(text).not.toMatch(/javascript|script|iframe|onclick|evil\.example/);
    expect(result.structuredContent).toMatchObject({ releases: [{ url: '' }] });
  });
});
