import type { RecordedRequest } from '../test-run.js';

/** Headers curl sets by itself, or that describe a body it measures: left out of the line. */
const IMPLIED_HEADERS = new Set(['content-length', 'host', 'connection', 'user-agent', 'accept-encoding']);

/** A shell line that sends the request again: `curl -X POST 'http://…' -H 'content-type: …' --data-raw '…'`. */
export function curlCommand(request: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i'];
  if (request.method !== 'GET' || request.body !== undefined) parts.push('-X', request.method);
  parts.push(shellQuote(request.url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (!IMPLIED_HEADERS.has(name.toLowerCase()) && !(name.toLowerCase() === 'accept' && value === '*/*')) parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

/** Single quotes keep everything literal in POSIX shells; a quote inside is closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
