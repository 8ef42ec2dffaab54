import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';

/**
 * What a refused request gets: the reason and nothing of the project (not even its name), without
 * the dashboard's style or script.
 */
export function refusalPage(status: number, reason: string): string {
  const title = status === 401 ? 'Not signed in to this dashboard' : 'Refused';
  return `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${text(title)}</title></head>\n<body>\n<main>\n<h1>${text(title)}</h1>\n<p>${text(`${reason}.`)}</p>\n</main>\n</body>\n</html>\n`;
}
