// One reading of every failure a model call can end with — from the openai SDK, the ollama SDK, fetch
// or Falcon's own checks of a reply: may it be retried, what status, how long the server asks us to
// wait, and one line a user can act on (what came back, what to do), never an SDK's dump or a stack.
import { readContextOverflow } from './context-overflow.js';
import { errorChain } from './error-chain.js';
import { classifyNetworkFailure } from './network-failure.js';
import { quoteServerText } from './server-text.js';
import { classifyStatus, type HeaderLookup, serverDetail, statusOf, TOO_LONG } from './status-failure.js';
import { UnreadableReplyError } from './unreadable-reply.js';
import type { ModelErrorInfo } from './model-error-info.js';

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

const MAX_UNKNOWN_CHARS = 200;

/** The prompt did not fit: the agent makes the history shorter and asks again, no retry or other model helps. */
export function isContextOverflow(error: unknown): error is ModelError & { contextOverflow: { windowTokens?: number } } {
  return error instanceof ModelError && error.contextOverflow !== undefined;
}

/** The openai SDK's APIUserAbortError keeps the name `Error`; only its class tells it apart. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.constructor.name === 'APIUserAbortError');
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
  if (status !== undefined) return classifyStatus(error, status, provider, headersOf(error) ?? context.headers);
  const contextOverflow = readContextOverflow(error, status);
  if (contextOverflow) {
    const detail = serverDetail(error);
    return { transient: false, message: `${provider}: ${TOO_LONG}${detail ? ` (${detail})` : ''}`, contextOverflow };
  }
  // Found anywhere in the chain: the openai SDK wraps what fetch throws in an APIConnectionError.
  const unreadable = errorChain(error).find((link) => link instanceof UnreadableReplyError);
  if (unreadable) return { transient: unreadable.transient, message: `${provider}: ${unreadable.message}` };
  const network = classifyNetworkFailure(error, provider, context.url ?? 'the server');
  if (network) return network;
  const said = error instanceof Error ? error.message : String(error);
  return { transient: false, message: `${provider}: ${quoteServerText(said, MAX_UNKNOWN_CHARS)}` };
}

function headersOf(error: unknown): HeaderLookup | undefined {
  const headers = (error as { headers?: unknown }).headers;
  return headers instanceof Headers ? headers : undefined;
}
