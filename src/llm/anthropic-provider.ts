// Claude through the Anthropic Messages API (or a gateway that speaks it) with the official
// `@anthropic-ai/sdk`: streamed replies, thinking blocks kept apart from the text, native tool calls,
// prompt caching (anthropic-messages.ts). The SDK is imported on first use: most runs never load it.
import type Anthropic from '@anthropic-ai/sdk';
import type { ProviderSettings } from '../config/types.js';
import type { NativeToolCall } from './chat-message.js';
import { inReadableShape } from './anthropic-error-body.js';
import { toAnthropicPrompt } from './anthropic-messages.js';
import { replyTokenLimit } from './anthropic-reply-limit.js';
import { withCallSignal } from './call-signal.js';
import type { ChatModel, ChatRequest, ChatResponse, ConnectionCheck, ContextWindow, ModelProvider, ProviderOptions, ToolProtocol } from './chat-model.js';
import { toChatResponse } from './chat-response.js';
import { listOrExplain, modelAvailability } from './connection-check.js';
import { chooseContextWindow } from './context-window/choose-context-window.js';
import type { LearnedOnce } from './context-window/learned-once.js';
import { isRecord } from './context-window/read-fields.js';
import { idleLimits } from './idle-limits.js';
import { type IdleLimits, type IdleWatch, withIdleWatch } from './idle-watch.js';
import { streamCutError, toModelError } from './model-errors.js';
import { sharedSdkClient } from './shared-sdk-client.js';
import { learnToolProtocol } from './native-tools/tool-protocol.js';
import type { ReplyFormat } from './reply-body-check.js';
import { emptyReplyError, type ModelServer, wrongShapeError } from './unreadable-reply.js';

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** A gateway may take no key, but the SDK refuses to start without one. */
const NO_API_KEY = 'none';

interface AnthropicServer {
  provider: string;
  baseUrl: string;
  contextWindow?: number;
  timeoutS?: number;
  toolProtocol: ProviderSettings['toolProtocol'];
  /** The client; given a call's format, one whose replies are checked to be in it. */
  connect(call?: { format: ReplyFormat }): Promise<Anthropic>;
}

export function createAnthropicProvider(settings: ProviderSettings, options: ProviderOptions = {}): ModelProvider {
  const baseURL = settings.baseUrl ?? DEFAULT_BASE_URL;
  const endpoint = { provider: settings.id, url: baseURL };
  const wire: ModelServer = { protocol: 'anthropic', url: baseURL };
  const server: AnthropicServer = {
    provider: settings.id,
    baseUrl: baseURL,
    contextWindow: settings.contextWindow,
    timeoutS: settings.timeoutS,
    toolProtocol: settings.toolProtocol,
    connect: sharedSdkClient(
      async (checkedFetch) => {
        const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
        // Explicit values, so no ANTHROPIC_* variable or credential file speaks for another provider.
        return new AnthropicClient({
          apiKey: settings.apiKey ?? NO_API_KEY,
          baseURL,
          maxRetries: 0, // Falcon retries itself (retrying-model.ts)
          logLevel: 'off', // it would print what it cannot parse to the console, over the TUI
          fetch: checkedFetch,
        });
      },
      () => fetch,
      wire,
    ),
  };

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const client = await server.connect();
      return await withCallSignal(signal, async (callSignal) => {
        const models: string[] = [];
        for await (const model of client.models.list({ limit: 1000 }, { signal: callSignal })) models.push(model.id);
        return models;
      });
    } catch (error) {
      throw toModelError(inReadableShape(error), endpoint, signal);
    }
  }

  const modelListing = (signal?: AbortSignal) => listOrExplain(() => listModels(signal), { ...endpoint, hasApiKey: settings.apiKey !== undefined });

  return {
    id: settings.id,
    createModel: (model) => new AnthropicChatModel(server, model, options.stream ?? settings.stream ?? true),
    listModels,
    modelListing,
    async checkConnection(signal?: AbortSignal): Promise<ConnectionCheck> {
      const listing = await modelListing(signal);
      return listing.ok ? modelAvailability(settings.model, listing.models, isSameModel) : listing;
    },
  };
}

/** An alias (`claude-sonnet-4-5`, `claude-3-7-sonnet-latest`) names the dated model the list holds. */
function isSameModel(listed: string, wanted: string): boolean {
  if (listed === wanted) return true;
  const alias = wanted.replace(/-latest$/, '');
  return listed.startsWith(`${alias}-`) && /^\d{8}$/.test(listed.slice(alias.length + 1));
}

/** What a reply brought, gathered from its events or its content blocks. */
interface Gathered {
  text: string;
  thinking: string;
  toolCalls: NativeToolCall[];
  usage?: Partial<Anthropic.Usage> | Partial<Anthropic.MessageDeltaUsage>;
  outputTokens?: number;
}

class AnthropicChatModel implements ChatModel {
  readonly provider: string;
  private readonly window: ContextWindow;
  private readonly idleLimits: IdleLimits;
  private readonly wire: ModelServer;
  private readonly tools: LearnedOnce<ToolProtocol>;

  constructor(
    private readonly server: AnthropicServer,
    readonly model: string,
    private readonly stream: boolean,
  ) {
    this.provider = server.provider;
    this.idleLimits = idleLimits({ timeoutS: server.timeoutS, url: server.baseUrl, stream });
    this.wire = { protocol: 'anthropic', url: server.baseUrl };
    // Anthropic's model list says no window: the config, else the known Claude window (200,000 tokens).
    this.window = chooseContextWindow({ model, configured: server.contextWindow });
    // Anthropic's model list says nothing of tools: `auto` goes by the known-model table.
    this.tools = learnToolProtocol(server.toolProtocol, model);
  }

  contextWindow(): Promise<ContextWindow> {
    return Promise.resolve(this.window);
  }

  toolProtocol(signal?: AbortSignal): Promise<ToolProtocol> {
    return this.tools.get(signal);
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    try {
      return await withIdleWatch(request.signal, this.idleLimits, async (signal, watch) => {
        const client = await this.server.connect({ format: this.stream ? 'sse' : 'json' });
        const params = { model: this.model, max_tokens: replyTokenLimit(this.model, this.stream), ...toAnthropicPrompt(request.messages, request.tools) };
        const gathered = this.stream ? await this.streamReply(client, params, request, signal, watch) : await this.wholeReply(client, params, request, signal);
        return this.response(request, gathered);
      });
    } catch (error) {
      throw toModelError(inReadableShape(error), { provider: this.provider, url: this.server.baseUrl }, request.signal);
    }
  }

  private async streamReply(
    client: Anthropic,
    params: Anthropic.MessageCreateParamsNonStreaming,
    { onDelta, onThinking }: ChatRequest,
    signal: AbortSignal,
    watch: IdleWatch,
  ): Promise<Gathered> {
    const stream = await client.messages.create({ ...params, stream: true }, { signal });
    const gathered: Gathered = { text: '', thinking: '', toolCalls: [] };
    const toolInputs = new Map<number, { call: NativeToolCall; json: string; input: unknown }>();
    let events = 0;
    let started = false;
    let stopped = false;
    let last: unknown;
    for await (const event of stream) {
      events++;
      last = event;
      switch (event.type) {
        case 'message_start':
          started = true;
          gathered.usage = event.message.usage;
          break;
        case 'content_block_start':
          if (event.content_block.type === 'tool_use') {
            const call = { id: event.content_block.id, name: event.content_block.name, arguments: '' };
            toolInputs.set(event.index, { call, json: '', input: event.content_block.input });
            gathered.toolCalls.push(call);
          }
          break;
        case 'content_block_delta': {
          const { delta } = event;
          if (delta.type === 'text_delta' && delta.text) {
            watch.output();
            gathered.text += delta.text;
            onDelta?.(delta.text);
          } else if (delta.type === 'thinking_delta' && delta.thinking) {
            watch.output();
            gathered.thinking += delta.thinking;
            onThinking?.(delta.thinking);
          } else if (delta.type === 'input_json_delta' && delta.partial_json) {
            watch.output();
            const tool = toolInputs.get(event.index);
            if (tool) tool.json += delta.partial_json;
          }
          break;
        }
        case 'message_delta':
          gathered.usage = { ...gathered.usage, ...definedCounts(event.usage) };
          gathered.outputTokens = event.usage.output_tokens;
          break;
        case 'message_stop':
          stopped = true;
          break;
        case 'content_block_stop':
          break;
      }
    }
    // The SDK ends an aborted stream quietly, and a cut socket may look like a short reply.
    signal.throwIfAborted();
    if (!stopped) {
      if (events === 0) throw emptyReplyError(this.wire, true);
      if (!started) throw wrongShapeError(this.wire, { what: 'a stream of Messages API events', field: 'message_start' }, last);
      throw streamCutError(this.provider);
    }
    for (const { call, json, input } of toolInputs.values()) call.arguments = json || JSON.stringify(input ?? {});
    return gathered;
  }

  private async wholeReply(
    client: Anthropic,
    params: Anthropic.MessageCreateParamsNonStreaming,
    { onDelta, onThinking }: ChatRequest,
    signal: AbortSignal,
  ): Promise<Gathered> {
    const message = await client.messages.create(params, { signal });
    // Typed by the SDK, but whatever JSON the server sent.
    if (!isRecord(message) || !Array.isArray(message.content)) {
      throw wrongShapeError(this.wire, { what: 'a Messages API message', field: 'content' }, message);
    }
    const gathered: Gathered = { text: '', thinking: '', toolCalls: [], usage: message.usage, outputTokens: message.usage?.output_tokens };
    for (const block of message.content) {
      if (block.type === 'text') gathered.text += block.text;
      else if (block.type === 'thinking') gathered.thinking += block.thinking;
      else if (block.type === 'tool_use') gathered.toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) });
    }
    if (gathered.thinking) onThinking?.(gathered.thinking);
    if (gathered.text) onDelta?.(gathered.text);
    return gathered;
  }

  /** Every prompt token counts as input, those read from and written to the cache included. */
  private response({ messages }: ChatRequest, { text, thinking, toolCalls, usage, outputTokens }: Gathered): ChatResponse {
    const cacheRead = usage?.cache_read_input_tokens ?? 0;
    const cacheWrite = usage?.cache_creation_input_tokens ?? 0;
    const promptTokens = typeof usage?.input_tokens === 'number' ? usage.input_tokens + cacheRead + cacheWrite : undefined;
    const response = toChatResponse(messages, { text, thinking, promptTokens, completionTokens: outputTokens });
    return {
      ...response,
      usage: { ...response.usage, ...(cacheRead > 0 && { cachedInputTokens: cacheRead }), ...(cacheWrite > 0 && { cacheWriteTokens: cacheWrite }) },
      ...(toolCalls.length > 0 && { toolCalls }),
    };
  }
}

/** `message_delta` repeats the counts of `message_start` (or says them only now); a null says nothing. */
function definedCounts(usage: Anthropic.MessageDeltaUsage): Partial<Anthropic.MessageDeltaUsage> {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => typeof value === 'number'));
}
