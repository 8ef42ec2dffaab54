// Local Ollama or Ollama cloud through the official `ollama` SDK, imported on first use.
import type { ChatResponse as OllamaReply, Ollama } from 'ollama';
import type { ProviderSettings } from '../config/types.js';
import { withCallSignal } from './call-signal.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ContextWindow, ModelProvider } from './chat-model.js';
import { type GatheredReply, toChatResponse } from './chat-response.js';
import { connectionFailure, modelAvailability } from './connection-check.js';
import { DISCOVERY_TIMEOUT_MS } from './context-window/discovery-deadline.js';
import { LearnedOnce } from './context-window/learned-once.js';
import { ollamaContextWindow, readOllamaContextLength } from './context-window/ollama-context-window.js';
import { isAbortError, ModelAbortError, streamCutError, toModelError } from './model-errors.js';
import type { ProviderOptions } from './provider-options.js';

const LOCAL_HOST = 'http://localhost:11434';
const CLOUD_HOST = 'https://ollama.com';
/** What the SDK throws when a stream ends without its `done: true` line. */
const NO_DONE_MESSAGE = /did not receive done/i;

interface Connection {
  client: Ollama;
  /** Headers of the latest response: the SDK's errors drop them, and with them Retry-After. */
  lastHeaders(): Headers | undefined;
}

interface OllamaServer {
  provider: string;
  host: string;
  /** `num_ctx` and `context_window` from the config. */
  numCtx?: number;
  contextWindow?: number;
  connect(signal: AbortSignal): Promise<Connection>;
}

export function createOllamaProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const host = settings.baseUrl ?? (settings.mode === 'cloud' ? CLOUD_HOST : LOCAL_HOST);
  const headers = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : undefined;
  const server: OllamaServer = {
    provider: settings.id,
    host,
    numCtx: settings.numCtx,
    contextWindow: settings.contextWindow,
    connect: (signal) => openConnection(host, headers, signal),
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

  return {
    id: settings.id,
    createModel: (model) => new OllamaChatModel(server, model, options.stream ?? settings.stream ?? true),
    listModels,
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      try {
        return modelAvailability(settings.model, await listModels(signal), sameModel);
      } catch (error) {
        if (isAbortError(error)) throw error;
        return connectionFailure(error, {
          ...endpoint,
          hasApiKey: settings.apiKey !== undefined,
          unreachableHint: settings.mode === 'cloud' ? undefined : 'is Ollama running? Start it with `ollama serve`',
        });
      }
    },
  };
}

/**
 * A fresh client whose every request follows `signal`. The SDK can only abort all streams of a client
 * at once and never aborts a non-streamed request, so one client per call is what makes Esc work.
 */
async function openConnection(host: string, headers: Record<string, string> | undefined, signal: AbortSignal): Promise<Connection> {
  const { Ollama: OllamaClient } = await import('ollama');
  let lastHeaders: Headers | undefined;
  const fetchFollowingSignal: typeof fetch = async (input, init) => {
    const requestSignal = init?.signal ? AbortSignal.any([signal, init.signal]) : signal;
    const response = await fetch(input, { ...init, signal: requestSignal });
    lastHeaders = response.headers;
    return response;
  };
  return { client: new OllamaClient({ host, headers, fetch: fetchFollowingSignal }), lastHeaders: () => lastHeaders };
}

/** Ollama lists `llama3.2:latest` for a model asked for as `llama3.2`. */
function sameModel(listed: string, wanted: string): boolean {
  return listed === wanted || listed === `${wanted}:latest`;
}

class OllamaChatModel implements ChatModel {
  readonly provider: string;
  private readonly window: LearnedOnce<ContextWindow>;

  constructor(
    private readonly server: OllamaServer,
    readonly model: string,
    private readonly stream: boolean,
  ) {
    this.provider = server.provider;
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
    return withCallSignal(request.signal, async (signal) => {
      const connection = await this.server.connect(signal);
      try {
        const reply = this.stream ? await this.streamReply(connection.client, request, numCtx) : await this.wholeReply(connection.client, request, numCtx);
        return toChatResponse(request.messages, reply);
      } catch (error) {
        const context = { provider: this.provider, url: this.server.host, headers: connection.lastHeaders() };
        throw toModelError(error, context, request.signal);
      }
    });
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
  private async streamReply(client: Ollama, { messages, onDelta, onThinking }: ChatRequest, numCtx: number): Promise<GatheredReply> {
    const stream = await client.chat({ model: this.model, messages, stream: true, options: { num_ctx: numCtx } });
    let text = '';
    let thinking = '';
    try {
      for await (const part of stream) {
        const thought = part.message?.thinking;
        if (typeof thought === 'string' && thought) {
          thinking += thought;
          onThinking?.(thought);
        }
        const delta = part.message?.content;
        if (typeof delta === 'string' && delta) {
          text += delta;
          onDelta?.(delta);
        }
        if (part.done) return { text, thinking, promptTokens: part.prompt_eval_count, completionTokens: part.eval_count };
      }
    } catch (error) {
      if (error instanceof Error && NO_DONE_MESSAGE.test(error.message)) throw streamCutError(this.provider);
      throw error;
    }
    throw streamCutError(this.provider);
  }

  private async wholeReply(client: Ollama, { messages, onDelta, onThinking }: ChatRequest, numCtx: number): Promise<GatheredReply> {
    const reply: OllamaReply = await client.chat({ model: this.model, messages, stream: false, options: { num_ctx: numCtx } });
    const text = typeof reply.message?.content === 'string' ? reply.message.content : '';
    const thinking = typeof reply.message?.thinking === 'string' ? reply.message.thinking : '';
    if (thinking) onThinking?.(thinking);
    if (text) onDelta?.(text);
    return { text, thinking, promptTokens: reply.prompt_eval_count, completionTokens: reply.eval_count };
  }
}
