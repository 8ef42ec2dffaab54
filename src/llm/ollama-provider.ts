// Local Ollama or Ollama cloud through the official `ollama` SDK, imported on first use.
import type { ChatResponse as OllamaReply, Ollama } from 'ollama';
import type { ProviderSettings } from '../config/types.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ModelProvider } from './chat-model.js';
import { connectionFailure, modelAvailability } from './connection-check.js';
import { isAbortError, streamCutError, toModelError } from './model-errors.js';
import type { ProviderOptions } from './provider-options.js';
import { usageOrEstimate } from './usage.js';

const LOCAL_HOST = 'http://localhost:11434';
const CLOUD_HOST = 'https://ollama.com';
/** What the SDK throws when a stream ends without its `done: true` line. */
const NO_DONE_MESSAGE = /did not receive done/i;

interface Connection {
  client: Ollama;
  /** Headers of the latest response: the SDK's errors drop them, and with them Retry-After. */
  lastHeaders(): Headers | undefined;
}

export function createOllamaProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const host = settings.baseUrl ?? (settings.mode === 'cloud' ? CLOUD_HOST : LOCAL_HOST);
  const headers = settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : undefined;
  const connect = (signal?: AbortSignal) => openConnection(host, headers, signal);
  const endpoint = { provider: settings.id, url: host };

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    const connection = await connect(signal);
    try {
      const { models } = await connection.client.list();
      return models.map((model) => model.name);
    } catch (error) {
      throw toModelError(error, { ...endpoint, headers: connection.lastHeaders() }, signal);
    }
  }

  return {
    id: settings.id,
    createModel: (model) => new OllamaChatModel(settings.id, model, host, connect, options.stream ?? settings.stream ?? true),
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
async function openConnection(host: string, headers: Record<string, string> | undefined, signal?: AbortSignal): Promise<Connection> {
  const { Ollama: OllamaClient } = await import('ollama');
  let lastHeaders: Headers | undefined;
  const fetchFollowingSignal: typeof fetch = async (input, init) => {
    const requestSignal = signal && init?.signal ? AbortSignal.any([signal, init.signal]) : (signal ?? init?.signal);
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
  constructor(
    readonly provider: string,
    readonly model: string,
    private readonly host: string,
    private readonly connect: (signal: AbortSignal) => Promise<Connection>,
    private readonly stream: boolean,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const connection = await this.connect(request.signal);
    try {
      const reply = this.stream ? await this.streamReply(connection.client, request) : await this.wholeReply(connection.client, request);
      const text = reply.message.content;
      return { text, usage: usageOrEstimate({ input: reply.prompt_eval_count, output: reply.eval_count }, request.messages, text) };
    } catch (error) {
      const context = { provider: this.provider, url: this.host, headers: connection.lastHeaders() };
      throw toModelError(error, context, request.signal);
    }
  }

  /** Streams the deltas, then returns the final `done` line with the whole text in it. */
  private async streamReply(client: Ollama, { messages, onDelta }: ChatRequest): Promise<OllamaReply> {
    const stream = await client.chat({ model: this.model, messages, stream: true });
    let text = '';
    try {
      for await (const part of stream) {
        const delta = part.message?.content;
        if (delta) {
          text += delta;
          onDelta?.(delta);
        }
        if (part.done) return { ...part, message: { ...part.message, content: text } };
      }
    } catch (error) {
      if (error instanceof Error && NO_DONE_MESSAGE.test(error.message)) throw streamCutError(this.provider);
      throw error;
    }
    throw streamCutError(this.provider);
  }

  private async wholeReply(client: Ollama, { messages, onDelta }: ChatRequest): Promise<OllamaReply> {
    const reply = await client.chat({ model: this.model, messages, stream: false });
    if (reply.message.content) onDelta?.(reply.message.content);
    return reply;
  }
}
