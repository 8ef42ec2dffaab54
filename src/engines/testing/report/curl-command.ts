import { MASKED_MARKER } from '../../../safety/masked-marker.js';
import type { RecordedRequest } from '../test-run.js';

/** Headers curl sets by itself, or that describe a body it measures: left out of the line. */
const IMPLIED_HEADERS = new Set(['content-length', 'host', 'connection', 'user-agent', 'accept-encoding']);
/** `X-Api-Key: `, `api_key=`, `"password": "`, `Authorization: Bearer `: the name a masked value was given under. */
const NAME_BEFORE = /([A-Za-z_][\w-]*)["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest)\s+)?$/i;

export interface CurlLines {
  command: string;
  /** `# set API_TOKEN first (…)`: present when masked values became shell variables in the command. */
  note?: string;
}

/** The curl line, with the note above it when it has one: what a report shows in its code block. */
export function curlCommand(request: RecordedRequest): string {
  const { command, note } = curlLines(request);
  return note ? `${note}\n${command}` : command;
}

/**
 * A shell line that sends the request again: `curl -sS -i -X POST 'http://…' -H 'content-type: …' --data-raw '…'`.
 * A masked value becomes a variable the user sets: `-H "X-Api-Key: $API_KEY"`, named after the `{{VAR}}`
 * it came from when the mask says, else after the header, query parameter or field it was sent in.
 */
export function curlLines(request: RecordedRequest): CurlLines {
  const variables = new Set<string>();
  const word = (text: string) => shellWord(text, variables);
  const parts = ['curl', '-sS'];
  // `-X HEAD` would make curl wait for a body that never comes; `-I` sends HEAD and expects none.
  if (request.method === 'HEAD' && request.body === undefined) parts.push('-I');
  else {
    parts.push('-i');
    if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  }
  // curl reads [] and {} in a URL as ranges and sets to expand unless told not to.
  if (/[[\]{}]/.test(request.url.replace(MASKED_MARKER, ''))) parts.push('-g');
  parts.push(word(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (IMPLIED_HEADERS.has(name.toLowerCase()) || (name.toLowerCase() === 'accept' && value === '*/*')) continue;
    // `-H 'name:'` removes a header; `-H 'name;'` is how curl sends one with an empty value.
    parts.push('-H', word(value === '' ? `${name};` : `${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', word(request.body));
  const command = parts.join(' ');
  if (variables.size === 0) return { command };
  const names = [...variables];
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return { command, note: `# set ${list} first (${names.length === 1 ? 'its value is' : 'their values are'} masked here)` };
}

/**
 * Single quotes keep everything literal in POSIX shells; a quote inside is closed, escaped and reopened.
 * A text holding masked values is double-quoted instead, each mask replaced by `$NAME`.
 */
function shellWord(text: string, variables: Set<string>): string {
  if (!text.includes('[masked')) return `'${text.replace(/'/g, `'\\''`)}'`;
  let word = '';
  let copied = 0;
  for (const match of text.matchAll(MASKED_MARKER)) {
    const name = variableName(match[1], text.slice(0, match.index));
    variables.add(name);
    const end = match.index + match[0].length;
    word += doubleQuoted(text.slice(copied, match.index)) + (/^\w/.test(text.slice(end)) ? `\${${name}}` : `$${name}`);
    copied = end;
  }
  return `"${word}${doubleQuoted(text.slice(copied))}"`;
}

/** Inside double quotes `\ " $ \`` are escaped; `!` is closed out into single quotes, where bash never expands it. */
function doubleQuoted(text: string): string {
  return text.replace(/[\\"$`]/g, '\\$&').replace(/!/g, `"'!'"`);
}

/** Upper case, as environment variables are named (and as shape masking knows a variable from a value). */
function variableName(label: string | undefined, before: string): string {
  const name = label ?? NAME_BEFORE.exec(before)?.[1] ?? 'SECRET';
  return name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(\d)/, '_$1').toUpperCase() || 'SECRET';
}
