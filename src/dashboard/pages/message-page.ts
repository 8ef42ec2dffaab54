import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { Page } from '../../kit/page.js';

/** A page that only says something: a report that cannot be shown, a page that does not exist. */
export function messagePage(section: string, title: string, message: string): Page {
  return { title, section, main: [`<p>${text(message)}</p>`, '<p><a href="/">Back to the overview</a></p>'] };
}
