// Release-notes HTML -> plain markdown: no script/style/embeds, links only to http(s), no smuggled markup.
import { NodeHtmlMarkdown, type TranslatorConfigObject } from 'node-html-markdown';
import { sanitizeText } from '../../safety/sanitize.js';

/** Elements dropped with everything inside them: active content, embeds, forms and page chrome. */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'audio',
  'video',
  'canvas',
];

/** Markdown-significant characters; `<` and `>` too, so no autolink or raw HTML survives in text. */
const MARKDOWN_SPECIAL = /[\\`*_~[\]<>()!|#]/g;

/**
 * The href as an absolute http(s) URL safe inside `(...)`, or undefined. Parsing with URL (not a
 * prefix test) resolves what browsers resolve: tabs and newlines inside the scheme, upper case.
 */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  // URL already percent-encodes spaces, quotes and angle brackets; brackets would end the link
  // (the host keeps its own: an IPv6 literal needs them).
  const origin = `${url.protocol}//${url.host}`;
  const rest = url.href
    .slice(origin.length)
    .replace(/[()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${origin}${rest}`;
}

function escapeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(MARKDOWN_SPECIAL, '\\$&');
}

const translators: TranslatorConfigObject = {
  // Link text is always kept (escaped by the converter); the target only when it is http(s).
  a: ({ node }) => {
    const href = safeHref(node.getAttribute('href'));
    return href ? { prefix: '[', postfix: `](${href})` } : {};
  },
  // Preformatted text is fenced with more backticks than it contains, so it cannot close the fence
  // and turn the rest into live markdown.
  pre: ({ node }) => {
    const text = node.textContent.replace(/^\n+|\s+$/g, '');
    const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run: string) => run.length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return {
      content: `${fence}\n${text}\n${fence}`,
      recurse: false,
      noEscape: true,
      preserveWhitespace: true,
      surroundingNewlines: 2,
    };
  },
  img: ({ node }) => {
    const alt = escapeText(node.getAttribute('alt') ?? '');
    return { content: alt ? `[image: ${alt}]` : '', recurse: false, ignore: !alt };
  },
};

let converter: NodeHtmlMarkdown | undefined;

export function htmlToMarkdown(html: string): string {
  converter ??= new NodeHtmlMarkdown(
    {
      ignore: DROPPED,
      // The default escapes plus < and >, so text like "&lt;javascript:x&gt;" stays text.
      globalEscape: [/[\\`*_~[\]<>]/gm, '\\$&'],
    },
    translators,
  );
  // Entities decoded by the parser (&#x1b;, &#x202e;) can bring back what the envelope removed.
  return sanitizeText(converter.translate(html)).trim();
}
