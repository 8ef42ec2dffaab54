// Local Ollama or Ollama cloud through the official `ollama` SDK, imported on first use.
import type { ChatResponse as OllamaReply, Ollama } from 'ollama';
import type { ProviderSettings } from '../config/types.js';
import { withCallSignal } from './call-signal.js';
import { onTheWire } from './chat-message.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ContextWindow, ModelProvider, ProviderOptions } from './chat-model.js';
import { type GatheredReply, toChatResponse } from './chat-response.js';
import { listOrExplain, modelAvailability } from './connection-check.js';
import { DISCOVERY_TIMEOUT_MS } from './context-window/choose-context-window.js';
import { LearnedOnce } from './context-window/learned-once.js';
import { ollamaContextWindow, readOllamaContextLength } from './context-window/ollama-context-window.js';
import { isRecord } from './context-window/read-fields.js';
import { idleLimits } from './idle-limits.js';
import { type IdleLimits, type IdleWatch, withIdleWatch } from './idle-watch.js';
import { ModelAbortError, streamCutError, toModelError } from './model-errors.js';
import { modelFetch } from './model-fetch.js';
import { fetchWithJsonErrors } from './ollama-error-body.js';
import type { ReplyFormat } from './reply-body-check.js';
import { type ModelServer, wrongShapeError } from './unreadable-reply.js';

const LOCAL_HOST = 'http://localhost:11434';
const CLOUD_HOST = 'https://ollama.com';
/** What the SDK throws when a stream ends without its `done: true` line. */
const NO_DONE_MESSAGE = /did not receive done/i;
const CHAT_REPLY = { what: 'an Ollama chat reply', field: 'message' };

interface Connection {
  client: Ollama;
  /** Headers of the latest response: the SDK's errors drop them, and with them Retry-After. */
  lastHeaders(): Headers | undefined;
}

interface OllamaServer {
  provider: string;
  host: string;
  /** `num_ctx`, `context_window` and `timeout_s` from the config. */
  numCtx?: number;
  contextWindow?: number;
  timeoutS?: number;
  /** A client for one call: its replies are checked to be `format` (JSON by default). */
  connect(signal: AbortSignal, call?: { format: ReplyFormat }): Promise<Connection>;
}

export function createOllamaProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const host = settings.baseUrl ?? (settings.mode === 'cloud' ? CLOUD_HOST : LOCAL_HOST);
  const headers = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : undefined;
  const server: OllamaServer = {
    provider: settings.id,
    host,
    numCtx: settings.numCtx,
    contextWindow: settings.contextWindow,
    timeoutS: settings.timeoutS,
    connect: (signal, call) => openConnection({ host, headers, signal, format: call?.format ?? 'json' }),
  };
  const endpoint = { provider: settings.id, url: host };

  function listModels(signal?: AbortSignal): Promise<string[]> {
    return withCallSignal(signal, async (callSignal) => {
      const connection = await server.connect(callSignal);
      try {
        const { models } = await connection.client.list();
        return models.map((model) => model.name);
      } catch (error) {
        throw toModelError(error, { ...endpoint, headers: connection.lastHeaders() }, signal);
      }
    });
  }

  const modelListing = (signal?: AbortSignal) =>
    listOrExplain(() => listModels(signal), {
      ...endpoint,
      hasApiKey: settings.apiKey !== undefined,
      unreachableHint: settings.mode === 'cloud' ? undefined : 'is Ollama running? Start it with `ollama serve`',
    });

  return {
    id: settings.id,
    createModel: (model) => new OllamaChatModel(server, model, options.stream ?? settings.stream ?? true),
    listModels,
    modelListing,
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      const listing = await modelListing(signal);
      return listing.ok ? modelAvailability(settings.model, listing.models, sameModel) : listing;
    },
  };
}

interface ConnectionOptions {
  host: string;
  headers: Record<string, string> | undefined;
  signal: AbortSignal;
  format: ReplyFormat;
}

/**
 * A fresh client whose every request follows `signal`. The SDK can only abort all streams of a client
 * at once and never aborts a non-streamed request, so one client per call is what makes Esc work.
 */
async function openConnection({ host, headers, signal, format }: ConnectionOptions): Promise<Connection> {
  const { Ollama: OllamaClient } = await import('ollama');
  let lastHeaders: Headers | undefined;
  const fetchFollowingSignal: typeof fetch = async (input, init) => {
    const requestSignal = init?.signal ? AbortSignal.any([signal, init.signal]) : signal;
    const response = await fetch(input, { ...init, signal: requestSignal });
    lastHeaders = response.headers;
    return response;
  };
  const checked = modelFetch(fetchWithJsonErrors(fetchFollowingSignal), { format, server: { protocol: 'ollama', url: host } });
  return { client: new OllamaClient({ host, headers, fetch: checked }), lastHeaders: () => lastHeaders };
}

/** Ollama lists `llama3.2:latest` for a model asked for as `llama3.2`. */
function sameModel(listed: string, wanted: string): boolean {
  return listed === wanted || listed === `${wanted}:latest`;
}

class OllamaChatModel implements ChatModel {
  readonly provider: string;
  private readonly window: LearnedOnce<ContextWindow>;
  private readonly idleLimits: IdleLimits;
  private readonly wire: ModelServer;

  constructor(
    private readonly server: OllamaServer,
    readonly model: string,
    private readonly stream: boolean,
  ) {
    this.provider = server.provider;
    this.idleLimits = idleLimits({ timeoutS: server.timeoutS, url: server.host, stream });
    this.wire = { protocol: 'ollama', url: server.host };
    const limits = { numCtx: server.numCtx, contextWindow: server.contextWindow };
    this.window = new LearnedOnce(
      async () => ollamaContextWindow({ ...limits, modelWindow: await this.askModelWindow() }),
      () => ollamaContextWindow(limits),
    );
  }

  /** The window the session works inside: the `num_ctx` every request sends. */
  contextWindow(signal?: AbortSignal): Promise<ContextWindow> {
    return this.window.get(signal);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    // One num_ctx for the model instance: Ollama reloads the model whenever it changes.
    const window = await this.contextWindow(request.signal);
    if (request.signal.aborted) throw new ModelAbortError();
    const numCtx = window.numCtx ?? window.tokens;
    let connection: Connection | undefined;
    try {
      return await withIdleWatch(request.signal, this.idleLimits, async (signal, watch) => {
        connection = await this.server.connect(signal, { format: this.stream ? 'ndjson' : 'json' });
        const { client } = connection;
        const reply = this.stream ? await this.streamReply(client, request, numCtx, watch) : await this.wholeReply(client, request, numCtx);
        return toChatResponse(request.messages, reply);
      });
    } catch (error) {
      const context = { provider: this.provider, url: this.server.host, headers: connection?.lastHeaders() };
      throw toModelError(error, context, request.signal);
    }
  }

  /** `/api/show`'s `<architecture>.context_length`; `undefined` when Ollama does not say in time. */
  private askModelWindow(): Promise<number | undefined> {
    return withCallSignal(
      undefined,
      async (signal) => {
        const connection = await this.server.connect(signal);
        return readOllamaContextLength(await connection.client.show({ model: this.model }));
      },
      DISCOVERY_TIMEOUT_MS,
    ).catch(() => undefined);
  }

  /** Streams thinking and text as they come, and takes the counts from the final `done` line. */
  private async streamReply(client: Ollama, { messages, onDelta, onThinking }: ChatRequest, numCtx: number, watch: IdleWatch): Promise<GatheredReply> {
    const stream = await client.chat({ model: this.model, messages: onTheWire(messages), stream: true, options: { num_ctx: numCtx } });
    let text = '';
    let thinking = '';
    let last: unknown;
    let replies = 0;
    try {
      for await (const part of stream) {
        last = part;
        if (isRecord(part.message)) replies++;
        const thought = part.message?.thinking;
        if (typeof thought === 'string' && thought) {
          watch.output();
          thinking += thought;
          onThinking?.(thought);
        }
        const delta = part.message?.content;
        if (typeof delta === 'string' && delta) {
          watch.output();
          text += delta;
          onDelta?.(delta);
        }
        if (part.done) return { text, thinking, promptTokens: part.prompt_eval_count, completionTokens: part.eval_count };
      }
    } catch (error) {
      if (!(error instanceof Error && NO_DONE_MESSAGE.test(error.message))) throw error;
    }
    if (replies === 0 && last !== undefined) throw wrongShapeError(this.wire, CHAT_REPLY, last);
    throw streamCutError(this.provider);
  }

  private async wholeReply(client: Ollama, { messages, onDelta, onThinking }: ChatRequest, numCtx: number): Promise<GatheredReply> {
    const reply: OllamaReply = await client.chat({ model: this.model, messages: onTheWire(messages), stream: false, options: { num_ctx: numCtx } });
    // Typed by the SDK, but whatever JSON the server sent.
    if (!isRecord(reply.message)) throw wrongShapeError(this.wire, CHAT_REPLY, reply);
    const text = typeof reply.message?.content === 'string' ? reply.message.content : '';
    const thinking = typeof reply.message?.thinking === 'string' ? reply.message.thinking : '';
    if (thinking) onThinking?.(thinking);
    if (text) onDelta?.(text);
    return { text, thinking, promptTokens: reply.prompt_eval_count, completionTokens: reply.eval_count };
  }
}
