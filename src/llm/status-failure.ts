// A model call the server answered with an HTTP error: the status, the server's own words, whether a
// retry may help, how long the server asks us to wait, and what the user can do about it.
import { STATUS_CODES } from 'node:http';
import { apiKeyAdvice } from './api-key-advice.js';
import { readContextOverflow } from './context-overflow.js';
import type { ModelErrorInfo } from './model-error-info.js';
import { htmlTitle, looksLikeHtml, quoteServerText } from './server-text.js';

export interface HeaderLookup {
  get(name: string): string | null;
}

const MAX_DETAIL_CHARS = 200;
export const TOO_LONG = "the conversation no longer fits the model's context window";
/** Ollama's words for a model it does not have: `model "llama3.2" not found, try pulling it first`. */
const OLLAMA_MISSING_MODEL = /model ['"]([^'"]+)['"] not found/;

/** The openai SDK puts the status in `status`, the ollama SDK in `status_code`. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, status_code: statusCode } = error as { status?: unknown; status_code?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

/** `provider: 404 Not Found (the server's words) — what to do`. */
export function classifyStatus(error: unknown, status: number, provider: string, headers: HeaderLookup | undefined): ModelErrorInfo {
  const contextOverflow = readContextOverflow(error, status);
  const detail = serverDetail(error);
  const title = [status, STATUS_CODES[status]].filter(Boolean).join(' ');
  const retryAfterMs = headers ? parseRetryAfter(headers) : undefined;
  const advice = contextOverflow ? TOO_LONG : adviceFor(status, provider, detail);
  const message = `${provider}: ${title}${detail ? ` (${detail})` : ''} — ${advice}`;
  // llama.cpp answered an overflow with a 500 until 2025: the same prompt would only fail again.
  const transient = !contextOverflow && isTransientStatus(status);
  return { transient, status, retryAfterMs, message, ...(contextOverflow && { contextOverflow }) };
}

/** `retry-after-ms` (milliseconds), else `retry-after` as seconds or an HTTP date. */
export function parseRetryAfter(headers: HeaderLookup, now: number = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's own words: `error.message` in OpenAI bodies, `error` in Ollama's; an HTML page by its title. */
export function serverDetail(error: unknown): string | undefined {
  const body = (error as { error?: unknown } | null | undefined)?.error;
  const text =
    typeof body === 'string'
      ? body
      : typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : undefined;
  // The ollama SDK's stand-in when the body said nothing: the status line again.
  if (!text?.trim() || /^Error \d{3}:/.test(text)) return undefined;
  if (looksLikeHtml(text)) {
    const title = htmlTitle(text);
    return title ? `an HTML page, “${title}”` : 'an HTML page';
  }
  return quoteServerText(text, MAX_DETAIL_CHARS);
}

function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function adviceFor(status: number, provider: string, detail: string | undefined): string {
  switch (status) {
    case 400:
    case 422:
      return 'the server rejected the request';
    case 401:
      return `the API key was refused: ${apiKeyAdvice(provider)}`;
    case 403:
      return `this API key may not use this model or endpoint: ${apiKeyAdvice(provider)}`;
    case 404: {
      const missing = detail === undefined ? undefined : OLLAMA_MISSING_MODEL.exec(detail)?.[1];
      return missing ? `the server does not have this model: pull it with \`ollama pull ${missing}\`` : 'check the model name and the URL';
    }
    case 408:
      return 'the server timed out';
    case 413:
      return 'the request is too large for this model';
    case 429:
      return 'rate limited, too many requests';
    case 529:
      return 'the server is overloaded';
    default:
      return status >= 500 ? 'the server failed' : 'the request failed';
  }
}
