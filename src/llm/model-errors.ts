// One reading of every failure a model call can end with — from the openai SDK, the ollama SDK or
// fetch itself: may it be retried, what status, how long the server asks us to wait, and a message
// a user can act on.
import { STATUS_CODES } from 'node:http';
import { readContextOverflow } from './context-overflow.js';

export interface ModelErrorInfo {
  /** Worth retrying the same model: 429, 5xx, network failures, streams cut off mid-way. */
  transient: boolean;
  status?: number;
  /** From `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
  retryAfterMs?: number;
  message: string;
  /**
   * The prompt did not fit the model's context window (a 400 `context_length_exceeded` and its
   * cousins). `windowTokens` is the window the server named, when it named one.
   */
  contextOverflow?: { windowTokens?: number };
}

/** A failed model call, already classified. Providers throw this (or ModelAbortError). */
export class ModelError extends Error implements ModelErrorInfo {
  override readonly name = 'ModelError';
  readonly transient: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly contextOverflow?: { windowTokens?: number };

  constructor(info: ModelErrorInfo, options?: { cause?: unknown }) {
    super(info.message, options);
    this.transient = info.transient;
    this.status = info.status;
    this.retryAfterMs = info.retryAfterMs;
    this.contextOverflow = info.contextOverflow;
  }
}

/** The caller's AbortSignal stopped the call. Named `AbortError` so every layer recognises it. */
export class ModelAbortError extends Error {
  override readonly name = 'AbortError';

  constructor() {
    super('The model call was cancelled');
  }
}

/** A provider or model choice the user must fix in their configuration. */
export class ModelSetupError extends Error {
  override readonly name = 'ModelSetupError';
}

export interface ErrorContext {
  /** Provider id, the prefix of every message: `openai: 401 Unauthorized — …`. */
  provider: string;
  /** The server address, named when it cannot be reached. */
  url?: string;
  /** Response headers, for SDKs whose errors do not carry them (ollama). */
  headers?: HeaderLookup;
}

interface HeaderLookup {
  get(name: string): string | null;
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const DROPPED_MESSAGES = /terminated|socket hang up|other side closed/i;
/** fetch's and the openai SDK's words for a request that got no response, whatever the cause. */
const UNANSWERED_MESSAGES = /fetch failed|connection error|timed? ?out/i;
const MAX_DETAIL_CHARS = 200;
const TOO_LONG = "the conversation no longer fits the model's context window";

/** The prompt did not fit: the agent makes the history shorter and asks again, no retry or other model helps. */
export function isContextOverflow(error: unknown): error is ModelError & { contextOverflow: { windowTokens?: number } } {
  return error instanceof ModelError && error.contextOverflow !== undefined;
}

/** The openai SDK's APIUserAbortError keeps the name `Error`; only its class tells it apart. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.constructor.name === 'APIUserAbortError');
}

/** True when the server could not be reached at all (as opposed to a dropped or refused request). */
export function isConnectError(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = codeOf(link);
    return code !== undefined && (CONNECT_CODES.has(code) || code === 'ENOTFOUND');
  });
}

export function streamCutError(provider: string): ModelError {
  return new ModelError({ transient: true, message: `${provider}: the response stream was cut off before it finished` });
}

/** What a provider throws for any failure: an abort stays an abort, everything else becomes a ModelError. */
export function toModelError(error: unknown, context: ErrorContext, signal?: AbortSignal): Error {
  if (signal?.aborted || isAbortError(error)) return new ModelAbortError();
  if (error instanceof ModelError) return error;
  return new ModelError(classifyModelError(error, context), { cause: error });
}

export function classifyModelError(error: unknown, context: ErrorContext): ModelErrorInfo {
  if (error instanceof ModelError) return error;
  const { provider } = context;
  if (isAbortError(error)) return { transient: false, message: `${provider}: cancelled` };

  const status = statusOf(error);
  const contextOverflow = readContextOverflow(error, status);
  const detail = serverDetail(error);
  const saying = detail ? ` (${detail})` : '';
  if (status !== undefined) {
    const headers = headersOf(error) ?? context.headers;
    const retryAfterMs = headers ? parseRetryAfter(headers) : undefined;
    const title = [status, STATUS_CODES[status]].filter(Boolean).join(' ');
    const explanation = contextOverflow ? TOO_LONG : explainStatus(status);
    const message = `${provider}: ${title} — ${explanation}${saying}`;
    // llama.cpp answered an overflow with a 500 until 2025: the same prompt would only fail again.
    const transient = !contextOverflow && isTransientStatus(status);
    return { transient, status, retryAfterMs, message, ...(contextOverflow && { contextOverflow }) };
  }
  if (contextOverflow) return { transient: false, message: `${provider}: ${TOO_LONG}${saying}`, contextOverflow };

  const chain = errorChain(error);
  const codes = chain.map(codeOf).filter((code): code is string => code !== undefined);
  const where = context.url ?? 'the server';
  const deepest = chain.at(-1)?.message;
  const connectCode = codes.find((code) => CONNECT_CODES.has(code));
  if (codes.includes('ENOTFOUND')) {
    // A definite DNS answer: the host name is wrong, retrying will not help.
    return { transient: false, message: `${provider}: cannot reach ${where} (host not found — check the URL)` };
  }
  if (connectCode) return { transient: true, message: `${provider}: cannot reach ${where} (${connectCode})` };
  if (codes.some((code) => DROPPED_CODES.has(code)) || chain.some((link) => DROPPED_MESSAGES.test(link.message))) {
    return { transient: true, message: `${provider}: the connection to ${where} was lost (${deepest})` };
  }
  if (chain.some((link) => UNANSWERED_MESSAGES.test(link.message))) {
    return { transient: true, message: `${provider}: no answer from ${where} (${deepest})` };
  }
  return { transient: false, message: `${provider}: ${error instanceof Error ? error.message : String(error)}` };
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

function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function explainStatus(status: number): string {
  switch (status) {
    case 400:
    case 422:
      return 'the request was rejected';
    case 401:
      return 'the API key was refused';
    case 403:
      return 'this API key may not use this model or endpoint';
    case 404:
      return 'not found (is the model name or base URL right?)';
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

/** The openai SDK puts the status in `status`, the ollama SDK in `status_code`. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, status_code: statusCode } = error as { status?: unknown; status_code?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

function headersOf(error: unknown): HeaderLookup | undefined {
  const headers = (error as { headers?: unknown }).headers;
  return headers instanceof Headers ? headers : undefined;
}

/** The server's own words: `error.message` in OpenAI bodies, `error` in Ollama's. */
function serverDetail(error: unknown): string | undefined {
  const body = (error as { error?: unknown } | null | undefined)?.error;
  const text =
    typeof body === 'string' ? body
    : typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ?
      (body as { message: string }).message
    : undefined;
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_DETAIL_CHARS ? `${trimmed.slice(0, MAX_DETAIL_CHARS)}…` : trimmed;
}

function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let link = error; link instanceof Error && !chain.includes(link); link = link.cause) chain.push(link);
  return chain;
}

function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
