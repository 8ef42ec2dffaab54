import { describe, expect, it } from 'vitest';
import { linkTarget, markdownHtml } from '../../../src/dashboard/pages/markdown-html.js';

/** Every tag the renderer may write; anything else in its output would be the input's markup. */
const OWN_TAGS = new Set([
  'p',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'hr',
  'br',
  'del',
  'input',
]);

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase());
}

function attributesOf(html: string): string[] {
  return [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((tag) => [...tag[0].matchAll(/\s([\w-]+)=/g)].map((match) => match[1]!.toLowerCase()));
}

describe('markdownHtml', () => {
  it('renders what a model writes: emphasis, code, lists, tables, code blocks, headings under the entry’s own', () => {
    const html = markdownHtml(
      '# Result\n\n`GET /notes/0` failed with a **500**, _twice_.\n\n1. read\n2. fix\n\n| code | count |\n|---|---|\n| 500 | 2 |\n\n```js\nif (a < b) x();\n```\n',
    );
    expect(html).toContain('<h4>Result</h4>');
    expect(html).toContain('<p><code>GET /notes/0</code> failed with a <strong>500</strong>, <em>twice</em>.</p>');
    expect(html).toContain('<ol>\n<li>read</li>\n<li>fix</li>\n</ol>');
    expect(html).toMatch(/<table>[\s\S]*<th>code<\/th>[\s\S]*<td>500<\/td>/);
    expect(html).toContain('<pre><code class="language-js">if (a &lt; b) x();\n</code></pre>');
    expect(markdownHtml('###### deep')).toContain('<h6>deep</h6>');
  });

  it('shows raw HTML as the text it is, block or inline, never as markup', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '',
      '<div onclick="steal()">block <b>html</b></div>',
      '',
      'inline <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">a link</a>, <iframe src="https://evil.example"></iframe>',
      '',
      '<style>body{display:none}</style>',
      '',
      '<!-- <script>alert(2)</script> -->',
      '',
      '| cell |',
      '|---|',
      '| <svg onload=alert(3)> |',
    ].join('\n');
    const html = markdownHtml(hostile);
    expect(tagsOf(html).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(attributesOf(html).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).toContain('&lt;div onclick="steal()"&gt;block &lt;b&gt;html&lt;/b&gt;&lt;/div&gt;');
    expect(html).toContain('inline &lt;img src=x onerror=alert(1)&gt; and &lt;a href="javascript:alert(1)"&gt;a link&lt;/a&gt;');
    expect(html).toContain('&lt;svg onload=alert(3)&gt;');
  });

  it('links only http, https and mailto targets, each opening apart with rel="noopener noreferrer"', () => {
    const html = markdownHtml(
      [
        '[docs](https://example.com/a?b=1&c="2" "the \\"docs\\"")',
        '[js](javascript:alert(1)) [JS](JaVaScRiPt:alert(1)) [spaced]( javascript:alert(1)) [tabbed](java\tscript:alert(1))',
        '[data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox) [file](file:///etc/passwd) [page](/sessions) [frag](#x)',
        '<https://auto.example/x> www.example.org <mailto:team@example.com>',
        '[ref][r]',
        '',
        '[r]: javascript:alert(4)',
      ].join('\n'),
    );
    const anchors = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
    expect(anchors).toEqual([
      '<a href="https://example.com/a?b=1&amp;c=%222%22" title="the &quot;docs&quot;" rel="noopener noreferrer" target="_blank">',
      '<a href="https://auto.example/x" rel="noopener noreferrer" target="_blank">',
      '<a href="http://www.example.org/" rel="noopener noreferrer" target="_blank">',
      '<a href="mailto:team@example.com" rel="noopener noreferrer" target="_blank">',
    ]);
    // A link refused keeps its words.
    for (const words of ['js', 'JS', 'spaced', 'tabbed', 'data', 'vb', 'file', 'page', 'frag', 'ref']) expect(html).toMatch(new RegExp(`\\b${words}\\b`));
    expect(html).not.toMatch(/href="(?!https?:|mailto:)/);
  });

  it('never fetches an image: a safe one becomes a link named by its description, any other its description only', () => {
    const html = markdownHtml('![the chart](https://example.com/chart.png) ![pixel](javascript:alert(1)) ![](data:image/svg+xml,<svg onload=alert(1)>)');
    expect(tagsOf(html)).not.toContain('img');
    expect(html).toContain('<a href="https://example.com/chart.png" rel="noopener noreferrer" target="_blank">Image: the chart</a>');
    expect(html).toContain(' pixel ');
    expect(html).not.toContain('href="data:');
  });

  it('shows control characters, bidi overrides and entities as visible text', () => {
    const html = markdownHtml('title \u001b]0;pwned\u0007 \u202Eevil &#x202E; &lt;b&gt; & more');
    expect(html).toBe('<p>title ␛]0;pwned^G &lt;U+202E&gt;evil &amp;#x202E; &amp;lt;b&amp;gt; &amp; more</p>\n');
  });
});

describe('linkTarget', () => {
  it('keeps absolute http, https and mailto addresses, normalised', () => {
    expect(linkTarget(' https://Example.com/a b ')).toBe('https://example.com/a%20b');
    expect(linkTarget('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const refused of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
      '#fragment',
      '//host/x',
      'ftp://host/x',
      '',
    ]) {
      expect(linkTarget(refused), refused).toBeUndefined();
    }
  });
});
