// Release-notes HTML -> plain markdown: no tags, no script/style, links only to http(s).
import { NodeHtmlMarkdown, type TranslatorConfigObject } from 'node-html-markdown';

const SAFE_LINK = /^https?:\/\//i;

const translators: TranslatorConfigObject = {
  // Keep link text always, the target only when it is http(s): no javascript:, data: or file:.
  a: ({ node }) => {
    const href = node.getAttribute('href') ?? '';
    return SAFE_LINK.test(href.trim())
      ? { prefix: '[', postfix: `](${href.trim().replace(/[()\s]/g, encodeURIComponent)})` }
      : {};
  },
  img: ({ node }) => {
    const alt = (node.getAttribute('alt') ?? '').trim();
    return { content: alt ? `[image: ${alt}]` : '', recurse: false, ignore: !alt };
  },
};

let converter: NodeHtmlMarkdown | undefined;

export function htmlToMarkdown(html: string): string {
  converter ??= new NodeHtmlMarkdown(
    {
      ignore: [
        'script',
        'style',
        'iframe',
        'object',
        'embed',
        'noscript',
        'template',
        'svg',
        'form',
      ],
    },
    translators,
  );
  return converter.translate(html).trim();
}
