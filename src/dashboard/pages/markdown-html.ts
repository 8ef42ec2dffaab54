import { Marked, type Tokens } from 'marked';
import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import { printableText } from '../../engines/testing/report/printable-text.js';

/** The only link targets an answer may carry: no `javascript:`, `data:`, `file:` or page-relative address. */
const LINKED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Headings of an answer sit under the entry's own `<h3>`: `#` becomes `<h4>`, and none goes past `<h6>`. */
const HEADING_SHIFT = 3;

/**
 * The Markdown a model wrote, as markup that can do nothing but show it. Raw HTML is shown as the
 * text it is, never parsed (no tag, attribute or script reaches the page); links keep an http,
 * https or mailto target only, open apart (`rel="noopener noreferrer"`); images are never fetched
 * but linked by their description. Control characters are made visible first, entities shown as
 * typed, so nothing hides or reorders text.
 */
export function markdownHtml(markdown: string): string {
  try {
    return renderer.parse(printableText(markdown), { async: false });
  } catch {
    return `<p>${text(markdown)}</p>`;
  }
}

/** The address as the page may link it, or `undefined` when it is not an absolute http, https or mailto URL. */
export function linkTarget(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return LINKED_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function anchor(href: string, content: string, title?: string | null): string {
  const titled = title ? ` title="${attribute(title)}"` : '';
  return `<a href="${attribute(href)}"${titled} rel="noopener noreferrer" target="_blank">${content}</a>`;
}

const renderer = new Marked({
  gfm: true,
  renderer: {
    html({ text: raw, block }: Tokens.HTML | Tokens.Tag) {
      return block ? `<p>${text(raw.trimEnd())}</p>\n` : text(raw);
    },
    text(token: Tokens.Text | Tokens.Escape) {
      if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
      return 'escaped' in token && token.escaped ? token.text : text(token.text);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(depth + HEADING_SHIFT, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const content = this.parser.parseInline(tokens);
      const target = linkTarget(href);
      return target === undefined ? content : anchor(target, content, title);
    },
    image({ href, title, text: description }: Tokens.Image) {
      const label = text(description || 'image');
      const target = linkTarget(href);
      return target === undefined ? label : anchor(target, `Image: ${label}`, title);
    },
  },
});
