import type { RecordedRequest } from '../test-run.js';

/** Headers curl sets by itself, or that describe a body it measures: left out of the line. */
const IMPLIED_HEADERS = new Set(['content-length', 'host', 'connection', 'user-agent', 'accept-encoding']);

/** A shell line that sends the request again: `curl -sS -i -X POST 'http://…' -H 'content-type: …' --data-raw '…'`. */
export function curlCommand(request: RecordedRequest): string {
  const parts = ['curl', '-sS'];
  // `-X HEAD` would make curl wait for a body that never comes; `-I` sends HEAD and expects none.
  if (request.method === 'HEAD' && request.body === undefined) parts.push('-I');
  else {
    parts.push('-i');
    if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  }
  // curl reads [] and {} in a URL as ranges and sets to expand unless told not to.
  if (/[[\]{}]/.test(request.url)) parts.push('-g');
  parts.push(shellQuote(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (IMPLIED_HEADERS.has(name.toLowerCase()) || (name.toLowerCase() === 'accept' && value === '*/*')) continue;
    // `-H 'name:'` removes a header; `-H 'name;'` is how curl sends one with an empty value.
    parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

/** Single quotes keep everything literal in POSIX shells; a quote inside is closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
