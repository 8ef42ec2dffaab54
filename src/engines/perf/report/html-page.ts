import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../testing/report/markup-escape.js';

export interface HtmlPage {
  title: string;
  style: string;
  finishedAt: Date;
  /** What follows "Finished <time>" in the header, as text. */
  facts: string[];
  /** The page's main content, as markup. */
  main: string[];
}

/** A self-contained report page (inline style, no script, nothing fetched) with header and main landmarks. */
export function htmlPage(page: HtmlPage): string {
  const finished = page.finishedAt.toISOString();
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(page.title)}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${text(page.title)}</h1>`,
    `<p class="meta">Finished <time datetime="${attribute(finished)}">${text(finished)}</time>${page.facts.map((fact) => ` · ${text(fact)}`).join('')}</p>`,
    '</header>',
    '<main>',
    ...page.main,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A section labelled by its heading. */
export function htmlSection(id: string, heading: string, content: string[], level = 2): string[] {
  return [`<section aria-labelledby="${id}">`, `<h${level} id="${id}">${text(heading)}</h${level}>`, ...content, '</section>'];
}
