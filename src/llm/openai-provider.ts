// OpenAI, OpenRouter, Gemini and any OpenAI-compatible server (LM Studio, vLLM, llama.cpp) through
// the official `openai` SDK. The SDK is imported on first use: most runs never load it.
import type OpenAI from 'openai';
import type { ProviderSettings } from '../config/types.js';
import { withCallSignal } from './call-signal.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ContextWindow, ModelProvider, ProviderOptions, ToolProtocol } from './chat-model.js';
import { type GatheredReply, toChatResponse } from './chat-response.js';
import { listOrExplain, modelAvailability } from './connection-check.js';
import { chooseContextWindow, DISCOVERY_TIMEOUT_MS } from './context-window/choose-context-window.js';
import { discoverOpenAIWindow } from './context-window/discover-openai-window.js';
import { LearnedOnce } from './context-window/learned-once.js';
import { isRecord } from './context-window/read-fields.js';
import { idleLimits } from './idle-limits.js';
import { type IdleLimits, type IdleWatch, withIdleWatch } from './idle-watch.js';
import { ModelSetupError, streamCutError, toModelError } from './model-errors.js';
import { sharedSdkClient } from './shared-sdk-client.js';
import { fetchWithReadableErrors } from './openai-error-body.js';
import { reasoningOf } from './openai-reasoning.js';
import { readOpenAIToolCalls, StreamedToolCalls, toOpenAIMessages, toOpenAITools } from './native-tools/openai-wire.js';
import { learnToolProtocol } from './native-tools/tool-protocol.js';
import type { ReplyFormat } from './reply-body-check.js';
import { emptyReplyError, type ModelServer, wrongShapeError } from './unreadable-reply.js';

const DEFAULT_BASE_URLS: Record<string, string> = {
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta/openai/',
};
/** Local OpenAI-compatible servers need no key, but the SDK refuses to start without one. */
const NO_API_KEY = 'none';

/** What an OpenAI chat model calls through: OpenAI-compatible servers here, Azure OpenAI in azure-provider.ts. */
export interface OpenAIServer {
  provider: string;
  baseUrl: string;
  apiKey?: string;
  /** `context_window` from the config. */
  contextWindow?: number;
  /** `timeout_s` from the config. */
  timeoutS?: number;
  /** `tool_protocol` from the config. */
  toolProtocol: ProviderSettings['toolProtocol'];
  /** The server says nothing of windows (Azure): the model table and `context_window` alone. */
  silentAboutWindows?: true;
  /** The client; given a call's format, one whose replies are checked to be in it. */
  connect(call?: { format: ReplyFormat }): Promise<OpenAI>;
}

export function createOpenAIProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const baseURL = settings.baseUrl ?? DEFAULT_BASE_URLS[settings.id];
  if (!baseURL) {
    throw new ModelSetupError(
      `Provider "${settings.id}" needs a base URL: set providers.${settings.id}.config.base_url ` + '(for example http://localhost:1234/v1 for LM Studio).',
    );
  }
  const endpoint = { provider: settings.id, url: baseURL };
  const wire: ModelServer = { protocol: 'openai', url: baseURL };
  const server: OpenAIServer = {
    provider: settings.id,
    baseUrl: baseURL,
    apiKey: settings.apiKey,
    contextWindow: settings.contextWindow,
    timeoutS: settings.timeoutS,
    toolProtocol: settings.toolProtocol,
    connect: sharedSdkClient(
      async (checkedFetch) => {
        const { default: OpenAIClient } = await import('openai');
        // Explicit values everywhere, so OPENAI_* variables never leak into another provider.
        return new OpenAIClient({
          apiKey: settings.apiKey ?? NO_API_KEY,
          baseURL,
          organization: null,
          project: null,
          maxRetries: 0, // Falcon retries itself (retrying-model.ts)
          logLevel: 'off', // it would print a chunk it cannot parse to the console, over the TUI
          fetch: checkedFetch,
        });
      },
      fetchWithReadableErrors,
      wire,
    ),
  };

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const client = await server.connect();
      return await withCallSignal(signal, async (callSignal) => {
        const models: string[] = [];
        for await (const model of client.models.list({ signal: callSignal })) {
          models.push(model.id.replace(/^models\//, '')); // Gemini lists `models/gemini-2.5-flash`
        }
        return models;
      });
    } catch (error) {
      throw toModelError(error, endpoint, signal);
    }
  }

  const modelListing = (signal?: AbortSignal) => listOrExplain(() => listModels(signal), { ...endpoint, hasApiKey: settings.apiKey !== undefined });

  return {
    id: settings.id,
    createModel: (model) => new OpenAIChatModel(server, model, options.stream ?? settings.stream ?? true),
    listModels,
    modelListing,
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      const listing = await modelListing(signal);
      return listing.ok ? modelAvailability(settings.model, listing.models) : listing;
    },
  };
}

export class OpenAIChatModel implements ChatModel {
  readonly provider: string;
  private readonly window: LearnedOnce<ContextWindow>;
  private readonly tools: LearnedOnce<ToolProtocol>;
  private readonly idleLimits: IdleLimits;
  private readonly wire: ModelServer;

  constructor(
    private readonly server: OpenAIServer,
    readonly model: string,
    private readonly stream: boolean,
  ) {
    this.provider = server.provider;
    this.idleLimits = idleLimits({ timeoutS: server.timeoutS, url: server.baseUrl, stream });
    this.wire = { protocol: 'openai', url: server.baseUrl };
    const configured = server.contextWindow;
    this.window = new LearnedOnce(
      async () => {
        if (server.silentAboutWindows) return chooseContextWindow({ model, configured });
        const said = await withCallSignal(undefined, (signal) => discoverOpenAIWindow(server, model, signal), DISCOVERY_TIMEOUT_MS);
        return chooseContextWindow({ model, server: said, configured });
      },
      () => chooseContextWindow({ model, configured }),
    );
    // OpenAI-compatible model lists say nothing of tools: `auto` goes by the known-model table.
    this.tools = learnToolProtocol(server.toolProtocol, model);
  }

  contextWindow(signal?: AbortSignal): Promise<ContextWindow> {
    return this.window.get(signal);
  }

  toolProtocol(signal?: AbortSignal): Promise<ToolProtocol> {
    return this.tools.get(signal);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    try {
      return await withIdleWatch(request.signal, this.idleLimits, async (signal, watch) => {
        const client = await this.server.connect({ format: this.stream ? 'sse' : 'json' });
        return this.stream ? this.streamReply(client, request, signal, watch) : this.wholeReply(client, request, signal);
      });
    } catch (error) {
      throw toModelError(error, { provider: this.provider, url: this.server.baseUrl }, request.signal);
    }
  }

  private async streamReply(client: OpenAI, request: ChatRequest, signal: AbortSignal, watch: IdleWatch): Promise<ChatResponse> {
    const { messages, onDelta, onThinking } = request;
    const stream = await client.chat.completions.create({ ...this.body(request), stream: true, stream_options: { include_usage: true } }, { signal });
    const toolCalls = new StreamedToolCalls();
    let text = '';
    let thinking = '';
    let chunks = 0;
    let choices = 0;
    let finished = false;
    let usage: OpenAI.CompletionUsage | undefined;
    let last: unknown;
    for await (const chunk of stream) {
      chunks++;
      last = chunk;
      // Some servers send chunks without `choices` (usage alone, keep-alives).
      const chunkChoices = chunk.choices as OpenAI.ChatCompletionChunk.Choice[] | undefined;
      if (Array.isArray(chunkChoices)) choices++;
      const choice = chunkChoices?.[0];
      const thought = reasoningOf(choice?.delta);
      if (thought) {
        watch.output();
        thinking += thought;
        onThinking?.(thought);
      }
      const delta = choice?.delta?.content;
      if (delta) {
        watch.output();
        text += delta;
        onDelta?.(delta);
      }
      for (const call of choice?.delta?.tool_calls ?? []) if (toolCalls.add(call)) watch.output();
      if (choice?.finish_reason) finished = true;
      if (chunk.usage) usage = chunk.usage;
    }
    // The SDK ends an aborted stream quietly, and a cut socket may look like a short reply.
    signal.throwIfAborted();
    if (!finished) {
      if (chunks === 0) throw emptyReplyError(this.wire, true);
      if (choices === 0) throw wrongShapeError(this.wire, { what: 'a stream of chat completion chunks', field: 'choices' }, last);
      throw streamCutError(this.provider);
    }
    const calls = toolCalls.done();
    return toChatResponse(messages, { text, thinking, ...gatheredUsage(usage), toolCalls: calls });
  }

  private async wholeReply(client: OpenAI, request: ChatRequest, signal: AbortSignal): Promise<ChatResponse> {
    const { messages, onDelta, onThinking } = request;
    const completion = await client.chat.completions.create(this.body(request), { signal });
    // Typed by the SDK, but whatever JSON the server sent.
    if (!isRecord(completion) || !Array.isArray(completion.choices)) {
      throw wrongShapeError(this.wire, { what: 'a chat completion', field: 'choices' }, completion);
    }
    const message = completion.choices[0]?.message;
    const text = message?.content ?? '';
    const thinking = reasoningOf(message);
    if (thinking) onThinking?.(thinking);
    if (text) onDelta?.(text);
    const usage = completion.usage;
    const toolCalls = readOpenAIToolCalls(message);
    return toChatResponse(messages, { text, thinking, ...gatheredUsage(usage), toolCalls });
  }

  /** The request's model, messages and, in native tool mode, tools, as the API takes them. */
  private body({ messages, tools }: ChatRequest) {
    return { model: this.model, messages: toOpenAIMessages(messages), ...(tools?.length && { tools: toOpenAITools(tools) }) };
  }
}

function gatheredUsage(usage: OpenAI.CompletionUsage | undefined | null): Pick<GatheredReply, 'promptTokens' | 'completionTokens' | 'cachedTokens'> {
  return { promptTokens: usage?.prompt_tokens, completionTokens: usage?.completion_tokens, cachedTokens: usage?.prompt_tokens_details?.cached_tokens };
}
