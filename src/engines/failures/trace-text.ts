import { MAX_JSON_DEPTH, jsonTextDepth } from '../http/json-nesting.js';

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of a response body in which a stack trace could be: a JSON body's string values (a
 * `stack` field's `\n` escapes become lines; an array of strings becomes lines), an HTML debug
 * page without its tags, or the body as it is.
 */
export function traceTextOf(body: string): string {
  const json = parseJson(body);
  if (json !== undefined) return stringsOf(json).join('\n');
  if (/<(?:html|body|pre|div|textarea)\b/i.test(body)) return htmlToText(body);
  return body;
}

/** JSON nested deeper than MAX_JSON_DEPTH is read as text: stringsOf recurses once per level. */
function parseJson(body: string): unknown {
  if (!/^\s*[[{]/.test(body) || jsonTextDepth(body) > MAX_JSON_DEPTH) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(?:p|div|li|tr|h\d|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => decodeEntity(name) ?? entity);
}

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
  return HTML_ENTITIES[name.toLowerCase()];
}
