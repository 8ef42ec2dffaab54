import { MAX_JSON_DEPTH, jsonTextDepth } from '../../../engines/http/json-nesting.js';
import { describeServerWords } from '../../../engines/api-server/describe-server-log.js';
import { describeRedirects } from '../../../engines/http/redirects.js';
import type { HttpResponse } from '../../../engines/http/send-request.js';
import { describeStatus } from '../../../engines/http/status-meaning.js';
import { maskHeaderValue } from '../../../safety/mask-headers.js';
import { maskText } from '../../../safety/mask-text.js';
import { formatSize } from '../../../kit/tool/result-facts.js';
import type { HttpResponseDetails } from '../../../workspace/tool-result-details.js';

const MAX_SHOWN_BODY_CHARS = 8 * 1024;

/** Headers worth the model's attention; the rest are only counted. */
const NOTABLE_HEADERS = new Set([
  'content-type',
  'content-encoding',
  'location',
  'retry-after',
  'www-authenticate',
  'allow',
  'set-cookie',
  'etag',
  'x-request-id',
  'access-control-allow-origin',
]);
const RATE_LIMIT_HEADER = /^(x-)?ratelimit/;

/**
 * The observation for one response: status, time and size first, then the timing split, what the
 * status means, redirects followed, cookies sent, notable headers, and the body — every part masked.
 */
export function describeResponse(response: HttpResponse, options: { savedAs?: string } = {}): string {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const meaning = describeStatus(response);
  const lines = [
    `${status} · ${response.durationMs} ms · ${formatSize(response.sizeBytes)}`,
    describeTiming(response.timing),
    ...(meaning ? [`meaning: ${maskText(meaning)}`] : []),
    ...describeRedirectChain(response),
    ...describeCookiesSent(response.request.headers.cookie),
    ...describeHeaders(response.headers),
    ...(response.bodyNote ? [`note: ${response.bodyNote}`] : []),
    ...(options.savedAs ? [`saved as "${options.savedAs}" (and as "last")`] : []),
  ];
  const server = describeServerWords(response.serverLog, response.serverNotes);
  return `${lines.join('\n')}\n\n${describeBody(response)}${server.length > 0 ? `\n\n${maskText(server.join('\n'))}` : ''}`;
}

function describeTiming(timing: HttpResponse['timing']): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return `timing: dns ${ms(timing.dnsMs)} · connect ${ms(timing.connectMs)} · tls ${ms(timing.tlsMs)} · first byte ${ms(timing.firstByteMs)}`;
}

function describeRedirectChain(response: HttpResponse): string[] {
  if (response.redirects.length === 0) return [];
  const count = response.redirects.length;
  return [`followed ${count} redirect${count === 1 ? '' : 's'}:`, ...describeRedirects(response.redirects).map((line) => `  ${maskText(line)}`)];
}

/** Names only: the values are secrets, and the model only needs to know the session's cookies went along. */
function describeCookiesSent(cookie: string | undefined): string[] {
  if (!cookie) return [];
  const names = cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim())
    .filter(Boolean);
  return [`cookies sent: ${names.join(', ')}`];
}

function describeHeaders(headers: HttpResponse['headers']): string[] {
  const names = Object.keys(headers);
  const notable = names.filter((name) => NOTABLE_HEADERS.has(name) || RATE_LIMIT_HEADER.test(name));
  const lines = notable.flatMap((name) => ([] as string[]).concat(headers[name] ?? []).map((value) => `${name}: ${maskHeaderValue(name, value)}`));
  const others = names.length - notable.length;
  if (others > 0) lines.push(`(${others} more header${others === 1 ? '' : 's'})`);
  return lines;
}

function describeBody(response: HttpResponse): string {
  if (response.sizeBytes === 0) return '(empty body)';
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.binary) return `(binary body, ${formatSize(response.sizeBytes)}${contentType ? `, ${contentType}` : ''} — not shown)`;
  const text = prettyJson(response.body, contentType) ?? response.body;
  // Masked before the cut, with room to spare, so that a secret astride the cut is still masked whole.
  const masked = maskText(text.slice(0, MAX_SHOWN_BODY_CHARS + 1024));
  if (text.length <= MAX_SHOWN_BODY_CHARS && !response.bodyTruncated) return masked;
  return `${masked.slice(0, MAX_SHOWN_BODY_CHARS)}\n… (truncated, ${formatSize(response.sizeBytes)} in total)`;
}

function prettyJson(body: string, contentType: string): string | undefined {
  if (!/json/i.test(contentType) && !/^\s*[[{]/.test(body)) return undefined;
  const depth = jsonTextDepth(body);
  if (depth > MAX_JSON_DEPTH) return `(JSON nested ${depth.toLocaleString('en-US')} levels deep, shown as it came)\n${body}`;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return undefined;
  }
}

/** Longer words from the server (a status text, a media type) are cut: the screen gives them one line. */
const MAX_WORD_CHARS = 80;

/** What the screen shows of a response: its status, time, size and media type. */
export function responseDetails(response: HttpResponse): HttpResponseDetails {
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim();
  return {
    kind: 'http_response',
    status: response.status,
    statusText: cut(response.statusText),
    durationMs: response.durationMs,
    sizeBytes: response.sizeBytes,
    contentType: cut(mediaType),
  };
}

function cut(word: string): string {
  return word.length > MAX_WORD_CHARS ? `${word.slice(0, MAX_WORD_CHARS - 1)}…` : word;
}
