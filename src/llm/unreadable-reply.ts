// A successful answer (2xx) that is not what the protocol promises: an HTML page, garbled or empty
// stream, JSON of another API. Each becomes one line saying what came back and what to check; the
// server's own text is quoted short and without control characters.
import type { ProviderProtocol } from '../config/types.js';
import { htmlTitle, quoteServerText } from './server-text.js';

/** The server a provider talks to, as its messages name it. */
export interface ModelServer {
  protocol: ProviderProtocol;
  /** The base URL (OpenAI-compatible, Anthropic) or host (Ollama) from the config. */
  url: string;
}

/** Thrown while reading a reply; its message lacks only the provider's name. */
export class UnreadableReplyError extends Error {
  override readonly name = 'UnreadableReplyError';

  constructor(
    message: string,
    /** A server that spoke the protocol and then broke off may do better next time; one that never spoke it will not. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

const QUOTED_CHARS = 60;

export function htmlPageError(server: ModelServer, html: string, redirectedTo?: string): UnreadableReplyError {
  const title = htmlTitle(html);
  const page = `an HTML page${title ? ` (“${title}”)` : ''}`;
  if (redirectedTo !== undefined) {
    // Without its query, which a sign-in redirect fills with state and tokens.
    const target = quoteServerText(URL.canParse(redirectedTo) ? withoutQuery(new URL(redirectedTo)) : redirectedTo, 80);
    return new UnreadableReplyError(
      `${server.url} redirected to ${target}, ${page}, not the API — a proxy or sign-in page stands in front of it; check ${urlSetting(server)}`,
      false,
    );
  }
  return new UnreadableReplyError(`${server.url} answered with ${page}, not the API — ${htmlAdvice(server)}`, false);
}

/** A chunk, line or body that does not parse as a JSON object. */
export function notJsonError(server: ModelServer, text: string, where: { stream: boolean; midway: boolean }): UnreadableReplyError {
  const problem = `${isJson(text) ? 'not a JSON object' : 'not JSON'}: ${code(text)}`;
  if (where.midway) return new UnreadableReplyError(`the stream from ${server.url} turned unreadable mid-way (${problem})`, true);
  const sent = where.stream ? 'sent a stream Falcon cannot read' : 'answered with a body Falcon cannot read';
  return new UnreadableReplyError(`${server.url} ${sent} (${problem}) — ${endpointQuestion(server)}`, false);
}

export function emptyReplyError(server: ModelServer, stream: boolean): UnreadableReplyError {
  return new UnreadableReplyError(`${server.url} answered with an empty ${stream ? 'stream' : 'body'} — ${endpointQuestion(server)}`, false);
}

/** A body with no server-sent event in it where a stream of them was asked for. */
export function notAStreamError(server: ModelServer, text: string): UnreadableReplyError {
  return new UnreadableReplyError(`${server.url} answered with text that is not an event stream (${code(text)}) — ${endpointQuestion(server)}`, false);
}

/** JSON that parses but is not the reply the protocol describes, e.g. without `choices`. */
export function wrongShapeError(server: ModelServer, expected: { what: string; field: string }, value: unknown): UnreadableReplyError {
  return new UnreadableReplyError(
    `${server.url} answered with JSON that is not ${expected.what} (no "${expected.field}"; ${describeJson(value)}) — ${endpointQuestion(server)}`,
    false,
  );
}

function endpointQuestion(server: ModelServer): string {
  switch (server.protocol) {
    case 'openai':
      return 'is base_url an OpenAI-compatible endpoint?';
    case 'anthropic':
      return 'is base_url an Anthropic Messages API endpoint (without /v1)?';
    case 'ollama':
      return 'is url an Ollama server?';
    case 'azure':
      return 'is base_url the Azure OpenAI resource endpoint (https://NAME.openai.azure.com)?';
  }
}

function urlSetting(server: ModelServer): string {
  return server.protocol === 'ollama' ? 'url' : 'base_url';
}

/**
 * A web UI or server root instead of the API: OpenAI-compatible APIs live under `/v1`, Ollama's on its
 * own port; the Anthropic SDK adds `/v1` itself.
 */
function htmlAdvice(server: ModelServer): string {
  if (server.protocol === 'ollama') return 'check url: it should be the Ollama server itself (port 11434 by default), not a web UI';
  if (server.protocol === 'anthropic') return 'check base_url: the root of the Messages API, without /v1';
  if (!URL.canParse(server.url) || /\/v\d/.test(new URL(server.url).pathname)) return 'check base_url';
  return `check base_url (did you mean ${server.url.replace(/\/+$/, '')}/v1?)`;
}

function withoutQuery(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return 'it is a list';
  if (typeof value !== 'object' || value === null) return `it is ${code(JSON.stringify(value) ?? String(value))}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'it is empty';
  const shown = keys.slice(0, 5).map((key) => quoteServerText(key, 24));
  return `it has ${shown.join(', ')}${keys.length > shown.length ? ', …' : ''}`;
}

function code(text: string): string {
  return `\`${quoteServerText(text, QUOTED_CHARS).replaceAll('`', "'")}\``;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
