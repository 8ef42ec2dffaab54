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

export interface CurlOptions {
  /** `-i`: the status line and headers before the body; default true. Off when the body is captured. */
  headersInOutput?: boolean;
  /** `{{name}}` in the request → the shell variable that holds the value (chain-reproduction.ts): `$ORDER_ID`. */
  chainVariables?: ReadonlyMap<string, string>;
}

const CHAIN_MARKER = /\{\{([\w.:-]+)\}\}/g;

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
export function curlLines(request: RecordedRequest, options: CurlOptions = {}): CurlLines {
  const { command, variables } = curlCommandParts(request, options);
  return variables.length === 0 ? { command } : { command, note: setFirstNote(variables) };
}

/** `# set API_TOKEN first (its value is masked here)`, for the variables masked values became. */
export function setFirstNote(names: readonly string[]): string {
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `# set ${list} first (${names.length === 1 ? 'its value is' : 'their values are'} masked here)`;
}

/** The command, and the variables its masked values became (in order of first use). */
export function curlCommandParts(request: RecordedRequest, options: CurlOptions = {}): { command: string; variables: string[] } {
  const variables = new Set<string>();
  const word = (text: string) => shellWord(text, variables, options.chainVariables);
  const parts = ['curl', '-sS'];
  // `-X HEAD` would make curl wait for a body that never comes; `-I` sends HEAD and expects none.
  if (request.method === 'HEAD' && request.body === undefined) parts.push('-I');
  else {
    if (options.headersInOutput !== false) parts.push('-i');
    if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  }
  // curl reads [] and {} in a URL as ranges and sets to expand unless told not to.
  if (/[[\]{}]/.test(request.url.replace(MASKED_MARKER, '').replace(CHAIN_MARKER, (whole, name: string) => (options.chainVariables?.has(name) ? '' : whole))))
    parts.push('-g');
  parts.push(word(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (IMPLIED_HEADERS.has(name.toLowerCase()) || (name.toLowerCase() === 'accept' && value === '*/*')) continue;
    // `-H 'name:'` removes a header; `-H 'name;'` is how curl sends one with an empty value.
    parts.push('-H', word(value === '' ? `${name};` : `${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', word(request.body));
  return { command: parts.join(' '), variables: [...variables] };
}

/**
 * Single quotes keep everything literal in POSIX shells; a quote inside is closed, escaped and reopened.
 * A text holding masked values (or chain values) is double-quoted instead, each replaced by `$NAME`.
 */
function shellWord(text: string, variables: Set<string>, chain?: ReadonlyMap<string, string>): string {
  const references = shellReferences(text, chain);
  if (references.length === 0) return `'${text.replace(/'/g, `'\\''`)}'`;
  let word = '';
  let copied = 0;
  for (const { index, length, name, masked } of references) {
    if (masked) variables.add(name);
    const end = index + length;
    word += doubleQuoted(text.slice(copied, index)) + (/^\w/.test(text.slice(end)) ? `\${${name}}` : `$${name}`);
    copied = end;
  }
  return `"${word}${doubleQuoted(text.slice(copied))}"`;
}

/** Where the text holds a masked value or a chain value, in order, with the variable each becomes. */
function shellReferences(
  text: string,
  chain: ReadonlyMap<string, string> | undefined,
): Array<{ index: number; length: number; name: string; masked: boolean }> {
  const references: Array<{ index: number; length: number; name: string; masked: boolean }> = [];
  if (text.includes('[masked')) {
    for (const match of text.matchAll(MASKED_MARKER))
      references.push({ index: match.index, length: match[0].length, name: variableName(match[1], text.slice(0, match.index)), masked: true });
  }
  if (chain && text.includes('{{')) {
    for (const match of text.matchAll(CHAIN_MARKER)) {
      const name = chain.get(match[1]!);
      if (name) references.push({ index: match.index, length: match[0].length, name, masked: false });
    }
  }
  return references.sort((a, b) => a.index - b.index);
}

/** Inside double quotes `\ " $ \`` are escaped; `!` is closed out into single quotes, where bash never expands it. */
function doubleQuoted(text: string): string {
  return text.replace(/[\\"$`]/g, '\\$&').replace(/!/g, `"'!'"`);
}

/** Upper case, as environment variables are named (and as shape masking knows a variable from a value). */
function variableName(label: string | undefined, before: string): string {
  const name = label ?? NAME_BEFORE.exec(before)?.[1] ?? 'SECRET';
  return (
    name
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toUpperCase() || 'SECRET'
  );
}
