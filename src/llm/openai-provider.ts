// OpenAI, OpenRouter, Gemini and any OpenAI-compatible server (LM Studio, vLLM, llama.cpp) through
// the official `openai` SDK. The SDK is imported on first use: most runs never load it.
import type OpenAI from 'openai';
import type { ProviderSettings } from '../config/types.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ModelProvider } from './chat-model.js';
import { connectionFailure, modelAvailability } from './connection-check.js';
import { isAbortError, ModelSetupError, streamCutError, toModelError } from './model-errors.js';
import type { ProviderOptions } from './provider-options.js';
import { usageOrEstimate } from './usage.js';

const DEFAULT_BASE_URLS: Record<string, string> = {
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta/openai/',
};
/** Local OpenAI-compatible servers need no key, but the SDK refuses to start without one. */
const NO_API_KEY = 'none';

export function createOpenAIProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const baseURL = settings.baseUrl ?? DEFAULT_BASE_URLS[settings.id];
  if (!baseURL) {
    throw new ModelSetupError(
      `Provider "${settings.id}" needs a base URL: set providers.${settings.id}.config.base_url ` +
        '(for example http://localhost:1234/v1 for LM Studio).',
    );
  }
  const endpoint = { provider: settings.id, url: baseURL };
  let client: Promise<OpenAI> | undefined;
  const connect = (): Promise<OpenAI> =>
    (client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        // Explicit values everywhere, so OPENAI_* variables never leak into another provider.
        new OpenAIClient({
          apiKey: settings.apiKey ?? NO_API_KEY,
          baseURL,
          organization: null,
          project: null,
          maxRetries: 0, // Falcon retries itself (resilient-model.ts)
        }),
    ));

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const models: string[] = [];
      for await (const model of (await connect()).models.list({ signal })) {
        models.push(model.id.replace(/^models\//, '')); // Gemini lists `models/gemini-2.5-flash`
      }
      return models;
    } catch (error) {
      throw toModelError(error, endpoint, signal);
    }
  }

  return {
    id: settings.id,
    createModel: (model) => new OpenAIChatModel(settings.id, model, baseURL, connect, options.stream ?? settings.stream ?? true),
    listModels,
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      try {
        return modelAvailability(settings.model, await listModels(signal));
      } catch (error) {
        if (isAbortError(error)) throw error;
        return connectionFailure(error, { ...endpoint, hasApiKey: settings.apiKey !== undefined });
      }
    },
  };
}

class OpenAIChatModel implements ChatModel {
  constructor(
    readonly provider: string,
    readonly model: string,
    private readonly url: string,
    private readonly connect: () => Promise<OpenAI>,
    private readonly stream: boolean,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    try {
      const client = await this.connect();
      return this.stream ? await this.streamReply(client, request) : await this.wholeReply(client, request);
    } catch (error) {
      throw toModelError(error, { provider: this.provider, url: this.url }, request.signal);
    }
  }

  private async streamReply(client: OpenAI, { messages, signal, onDelta }: ChatRequest): Promise<ChatResponse> {
    const stream = await client.chat.completions.create(
      { model: this.model, messages, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    let text = '';
    let finished = false;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const delta = choice?.delta?.content;
      if (delta) {
        text += delta;
        onDelta?.(delta);
      }
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) usage = chunk.usage;
    }
    // The SDK ends an aborted stream quietly, and a cut socket may look like a short reply.
    signal.throwIfAborted();
    if (!finished) throw streamCutError(this.provider);
    return { text, usage: usageOrEstimate({ input: usage?.prompt_tokens, output: usage?.completion_tokens }, messages, text) };
  }

  private async wholeReply(client: OpenAI, { messages, signal, onDelta }: ChatRequest): Promise<ChatResponse> {
    const completion = await client.chat.completions.create({ model: this.model, messages }, { signal });
    const text = completion.choices[0]?.message.content ?? '';
    if (text) onDelta?.(text);
    const usage = completion.usage;
    return { text, usage: usageOrEstimate({ input: usage?.prompt_tokens, output: usage?.completion_tokens }, messages, text) };
  }
}
