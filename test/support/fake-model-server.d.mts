/** Where an OpenAI-compatible server puts streamed and whole reasoning (`delta.<field>`, `message.<field>`). */
export type ThinkingField = 'reasoning_content' | 'reasoning';

/** A reply, as given or as a function of the chat request it answers (e.g. a summary request answered apart). */
export type ScriptedReply = ScriptedAnswer | ((request: RecordedRequest) => ScriptedAnswer);

export type ScriptedAnswer =
  /** Shorthand for `{ text }`. */
  | string
  /**
   * A normal reply, streamed in chunks of `chunkSize` characters (default 8) when the client streams,
   * each after the first `chunkDelayMs` later, or once `beforeChunk` resolves (a test paces the
   * chunks itself, in-process only).
   * `thinking` comes first, apart from the text: Ollama's `message.thinking`, an OpenAI-compatible
   * server's `reasoning_content` (or `reasoning`, per `thinkingField`), an Anthropic `thinking` block.
   * `toolCalls` (Anthropic): `tool_use` blocks after the text, their input streamed in `input_json_delta` chunks.
   */
  | {
      text: string;
      thinking?: string;
      thinkingField?: ThinkingField;
      toolCalls?: ScriptedToolCall[];
      chunkSize?: number;
      chunkDelayMs?: number;
      beforeChunk?: () => Promise<void>;
      /** The usage the reply reports instead of the counted one. */
      usage?: ScriptedUsage;
    }
  /**
   * Native tool calls, after the text if any: OpenAI streams each call's index, id and name, then its
   * arguments in pieces of `chunkSize`, and ends with `finish_reason: "tool_calls"` (whole: `message.tool_calls`);
   * Ollama sends them whole in one `message.tool_calls`, arguments as an object and no id.
   */
  | { text?: string; thinking?: string; toolCalls: ScriptedToolCall[]; chunkSize?: number; usage?: ScriptedUsage }
  /**
   * An HTTP error with a body like the real API's unless `body` is given (e.g. 429 with `retry-after`).
   * With `body`, any answer at all: a 200 HTML page (`headers: {'content-type': 'text/html'}`), JSON of
   * another API, an empty body (`''`), a 302 to one of the server's `pages`. A string body is sent as
   * text/plain, anything else as JSON, unless `headers` say otherwise.
   */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Takes the request and never answers, not even with headers (until the client aborts or the server closes). */
  | { silent: true }
  /** Sends that many characters of the text, then destroys the socket: a stream cut mid-way. */
  | { text: string; thinking?: string; thinkingField?: ThinkingField; cutAfterChars: number; chunkSize?: number; chunkDelayMs?: number }
  /**
   * Sends that many characters of the text, then never ends (until the client aborts or the server
   * closes). Headers are sent at once: `hangAfterChars: 0` is a reply that starts and says nothing
   * (an OpenAI stream still sends its first chunk, `{role: "assistant", content: ""}`). With
   * `keepAliveEveryMs`, streamed, the connection is kept warm meanwhile with what carries no output:
   * SSE `: keep-alive` comments and empty deltas, or Ollama lines of empty content with `done: false`.
   */
  | {
      text: string;
      thinking?: string;
      thinkingField?: ThinkingField;
      hangAfterChars: number;
      keepAliveEveryMs?: number;
      chunkSize?: number;
      chunkDelayMs?: number;
    }
  /**
   * Streams that many characters of the text, then one chunk whose payload is `garbage` (an SSE
   * `data:` line or an NDJSON line; default `this is not JSON {`), then ends the response. Not
   * streamed, the whole body is `garbage` with a JSON content type.
   */
  | { text: string; garbleAfterChars: number; garbage?: string; chunkSize?: number; chunkDelayMs?: number }
  /** Anthropic: streams that many characters, then an `error` event of the status's type (529 `overloaded_error` by default). */
  | { text: string; errorAfterChars: number; errorStatus?: number; chunkSize?: number };

export interface ScriptedToolCall {
  name: string;
  /** An object, or for OpenAI any text (arguments that are no JSON). */
  arguments?: Record<string, unknown> | string;
  /** The call's id (OpenAI default `call_fake_<index>`, Anthropic `toolu_fake_<n>`). */
  id?: string;
}

/** A Messages API request as sent, with where its cache breakpoints were and what its prompt cache did. */
export interface RecordedAnthropicRequest {
  system: unknown;
  tools: unknown[] | undefined;
  /** The turns as sent, content blocks and `cache_control` included. */
  messages: { role: string; content: string | Record<string, unknown>[] }[];
  /** Each block that carried `cache_control`: `tools[3]`, `system[0]`, `messages[4].content[0]`. */
  cacheBreakpoints: string[];
  /** The usage the server reported (absent when it refused the request). */
  usage?: { input_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

/**
 * Token counts a reply reports instead of the counted ones: OpenAI's `prompt_tokens`, `completion_tokens`
 * and `prompt_tokens_details.cached_tokens`; Ollama's `prompt_eval_count` and `eval_count` (no cached count).
 */
export interface ScriptedUsage {
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
}

/** A chat request (`POST /v1/chat/completions`, Azure's deployment URL, `POST /api/chat` or `POST /v1/messages`) as the server saw it. */
export interface RecordedRequest {
  protocol: 'openai' | 'ollama' | 'anthropic';
  path: string;
  model: string | undefined;
  stream: boolean;
  /** As sent (an assistant message with only tool calls has `content: null` on OpenAI): Anthropic turns have their blocks' text joined; native tool mode adds assistant `tool_calls` and `tool` messages (`tool_call_id` for OpenAI, `tool_name` for Ollama). */
  messages: { role: string; content: string; tool_calls?: unknown[]; tool_call_id?: string; tool_name?: string }[];
  /** The `tools` sent (native tool mode). */
  tools: { type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[] | undefined;
  anthropic?: RecordedAnthropicRequest;
  headers: Record<string, string | string[] | undefined>;
  /** Ollama's `options` as sent (`num_ctx` among them). */
  options: Record<string, unknown> | undefined;
  /** `max_tokens` (or `max_completion_tokens`) as sent. */
  max_tokens: number | undefined;
  /** The whole prompt by `countPromptTokens`, as the server counts it. */
  promptTokens: number;
  /** The window the server held the prompt to: Ollama's num_ctx for this request, else the model's window. */
  contextWindow: number;
  /** Ollama only: the prompt did not fit num_ctx and was cut without a word (a 200 and a normal reply). */
  truncated: boolean;
  /** The prompt tokens the model read (Ollama's `prompt_eval_count`): `promptTokens` unless truncated. */
  evaluatedTokens: number;
  /**
   * A silent or hanging reply has sent all it will (nothing, or its headers and first characters,
   * written to the socket): from now on only the client's patience ends it.
   */
  quiet: boolean;
  /** The keep-alive frames of a hanging reply written so far (`keepAliveEveryMs`). */
  keepAlives: number;
}

/** A request to any other endpoint: model lists, `/api/show`, `/props`, `/api/v0/models`, version. */
export interface MetadataRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body of a POST. */
  body: unknown;
}

export interface FakeModel {
  name: string;
  /**
   * The model's own window: Ollama's `<arch>.context_length` (and the most num_ctx gives), vLLM's
   * `max_model_len`, OpenRouter's `context_length`, LM Studio's `max_context_length`, llama.cpp's
   * `n_ctx_train`; an OpenAI-compatible server refuses a longer prompt (plus `max_tokens`) with its 400.
   */
  contextLength?: number;
  /** The window the server runs the model with, below its own: LM Studio's `loaded_context_length` (state `loaded`), llama.cpp's `n_ctx`; enforced instead of `contextLength`. */
  loadedContextLength?: number;
  /** Ollama's `general.architecture` (default `llama`). */
  architecture?: string;
  /** Ollama's `/api/show` `capabilities` (default `['completion']`; `['completion', 'tools']` for a model that takes tools). */
  capabilities?: string[];
}

/** Which server an OpenAI-compatible endpoint plays: its metadata endpoints and its words for a prompt that is too long. */
export type ServerFlavor = 'openai' | 'vllm' | 'lmstudio' | 'llamacpp' | 'openrouter';

export interface FakeModelServerOptions {
  /** What `GET /v1/models`, `GET /api/tags` and `/api/show` know (default `['fake-model']`). Chats accept any model. */
  models?: (string | FakeModel)[];
  /**
   * When set, every request must carry `Authorization: Bearer <apiKey>` (Azure: `api-key: <apiKey>`; Anthropic: `x-api-key`) or
   * gets a real-looking 401. Anthropic requests always need a key (`x-api-key` or a bearer token) and a known `anthropic-version`.
   */
  apiKey?: string;
  /**
   * Also serve Azure OpenAI: `POST /openai/deployments/{deployment}/chat/completions?api-version=…`, the
   * same SSE or JSON as OpenAI's, for these deployments (the deployment is the request's `model`) and
   * API versions (default `['2024-10-21']`). As Azure: 401 without the `api-key` header (or with another
   * key), 404 `Resource not found` for an unknown api-version, 404 `DeploymentNotFound` for another deployment.
   */
  azure?: { deployments: string[]; apiVersions?: string[] };
  /** The window of models that set no `contextLength` (default 131,072). */
  contextWindow?: number;
  /**
   * `openai` (default): a plain model list. `vllm`: `max_model_len` in `/v1/models`. `openrouter`:
   * `context_length` there. `llamacpp`: `meta.n_ctx_train` there and `GET /props`. `lmstudio`:
   * `GET /api/v0/models[/<id>]`. Each answers an over-long prompt with its own 400 body.
   */
  flavor?: ServerFlavor;
  /** Where OpenAI-compatible replies carry `thinking` (default `reasoning_content`); a reply may choose its own. */
  thinkingField?: ThinkingField;
  /** HTML served to GET at these paths, e.g. `{'/login': '<html>…'}` for a reply that redirects to a sign-in page. */
  pages?: Record<string, string>;
}

export interface FakeModelServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** `url` + '/v1' */
  openaiBaseUrl: string;
  ollamaUrl: string;
  /** `url`: the Anthropic SDK adds `/v1` itself. */
  anthropicBaseUrl: string;
  /**
   * Queues replies. With `model`, requests for that model take from this queue first; all others take
   * from the shared queue. An empty queue answers `Final Answer: (fake server has no scripted reply)`.
   * A prompt longer than an OpenAI-compatible model's window is refused before it takes a reply.
   */
  script(replies: ScriptedReply[], options?: { model?: string }): void;
  /** Forgets every queued reply, recorded request and cached prompt, so one test's leftovers cannot leak into the next. */
  reset(): void;
  /**
   * Every chat request received, in order. Usage counts in replies: `promptTokens` (Ollama: the tokens
   * it read), and `countTokens` of the reply's text and thinking.
   */
  requests: RecordedRequest[];
  /** Every other request, in order: the model lists and details a provider reads before it chats. */
  metadataRequests: MetadataRequest[];
  close(): Promise<void>;
}

export function startFakeModelServer(options?: FakeModelServerOptions): Promise<FakeModelServer>;

/** Tokens in a text: each GPT-2 pre-token piece (word, number, punctuation run, whitespace) counts ⌈length / 4⌉. */
export function countTokens(text: string): number;

/** Tokens of a chat prompt: each message's text plus 3 for its template, plus 3 that prime the reply. */
export function countPromptTokens(messages: readonly { content: string }[]): number;
