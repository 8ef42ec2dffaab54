// A model server for tests and benchmarks that speaks the real wire protocols over loopback, limits
// included: OpenAI chat completions (JSON or SSE), Ollama /api/chat (JSON or NDJSON) and the Anthropic
// Messages API (JSON or SSE, its prompt cache: fake-anthropic-messages.mjs), the endpoints
// real servers use to say how long a prompt may be, and what each server does with a longer one.
// Azure OpenAI's deployment URLs are served too, when asked for. Replies are scripted, native tool calls and failures included: HTTP errors, silence, streams cut, left hanging or garbled,
// and any raw answer (an HTML page, JSON of another API, an empty body).
// CLI: node test/support/fake-model-server.mjs [--script replies.json]  →  prints `LISTENING <url>`.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  anthropicErrorBody,
  anthropicEvent,
  anthropicMessage,
  anthropicModelList,
  anthropicOverflowBody,
  anthropicRefusal,
  blockText,
  createPromptCache,
  isAnthropicRequest,
  promptBlocks,
  promptTokensOf,
} from './fake-anthropic-messages.mjs';

/** On the global timers, so a test's fake clock paces the chunks too. */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const UNSCRIPTED_TEXT = 'Final Answer: (fake server has no scripted reply)';
const DEFAULT_CHUNK_SIZE = 8;
const DEFAULT_GARBAGE = 'this is not JSON {';
/** What the Messages API signs a thinking block with, so it can be sent back. */
const FAKE_SIGNATURE = 'fake-signature';
/** The window of a model that names none, in every metadata answer and every limit. */
const DEFAULT_CONTEXT_LENGTH = 131_072;
/** What Ollama runs a model with when a request sends no `options.num_ctx`. */
const OLLAMA_DEFAULT_NUM_CTX = 4096;
/** A chat template wraps each message in a few tokens (`<|im_start|>role … <|im_end|>`), and primes the reply. */
const MESSAGE_OVERHEAD_TOKENS = 3;
const REPLY_PRIMING_TOKENS = 3;
/** GPT-2's pre-tokenisation: contractions, words, numbers, punctuation runs and whitespace, each a piece. */
const TOKEN_PIECES = /'(?:s|t|re|ve|m|ll|d)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;
const ERROR_MESSAGES = {
  400: 'Invalid request.',
  401: 'Incorrect API key provided.',
  403: 'You are not allowed to sample from this model.',
  404: 'Not found.',
  429: 'Rate limit reached for requests.',
  500: 'The server had an error while processing your request.',
  503: 'The server is overloaded or not ready yet.',
};

/** Tokens in a text: each GPT-2 pre-token piece counts ⌈length / 4⌉. */
export function countTokens(text) {
  const pieces = String(text ?? '').match(TOKEN_PIECES) ?? [];
  return pieces.reduce((sum, piece) => sum + Math.ceil(piece.length / 4), 0);
}

/** Tokens of a chat prompt as both protocols report them: each message's text and its template, and the reply's priming. */
export function countPromptTokens(messages = []) {
  return messages.reduce((sum, message) => sum + messageTokens(message), REPLY_PRIMING_TOKENS);
}

function messageTokens(message) {
  return MESSAGE_OVERHEAD_TOKENS + countTokens(typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''));
}

/** Azure OpenAI's chat path; the deployment, not the body's `model`, chooses the model. */
const AZURE_CHAT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
const AZURE_API_VERSIONS = ['2024-10-21'];
/** What Azure answers a request it refuses, in its own words. */
const AZURE_REFUSALS = {
  key: {
    status: 401,
    body: {
      error: {
        code: '401',
        message:
          'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
      },
    },
  },
  version: { status: 404, body: { error: { code: '404', message: 'Resource not found' } } },
  deployment: {
    status: 404,
    body: {
      error: {
        code: 'DeploymentNotFound',
        message:
          'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
      },
    },
  },
};

export async function startFakeModelServer({
  models = ['fake-model'],
  apiKey,
  azure,
  contextWindow,
  flavor = 'openai',
  thinkingField = 'reasoning_content',
  pages = {},
} = {}) {
  const catalog = models.map((model) => (typeof model === 'string' ? { name: model } : model));
  const windowOf = (model) => model?.contextLength ?? contextWindow ?? DEFAULT_CONTEXT_LENGTH;
  const find = (name) => catalog.find((model) => model.name === name || model.name === `${name}:latest`);
  const sharedQueue = [];
  const modelQueues = new Map();
  const requests = [];
  const metadataRequests = [];
  const promptCache = createPromptCache();

  const takeReply = (request) => {
    const queue = modelQueues.get(request.model);
    const scripted = (queue?.length ? queue : sharedQueue).shift() ?? UNSCRIPTED_TEXT;
    const reply = typeof scripted === 'function' ? scripted(request) : scripted;
    if (typeof reply === 'string') return { text: reply };
    return reply.toolCalls && reply.text === undefined ? { ...reply, text: '' } : reply;
  };

  const server = createServer(async (req, res) => {
    try {
      const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
      const address = new URL(req.url ?? '/', 'http://fake');
      const path = address.pathname;
      const route = `${req.method} ${path}`;
      const protocol = isAnthropicRequest(route, req.headers) ? 'anthropic' : path.startsWith('/api/') && !path.startsWith('/api/v0/') ? 'ollama' : 'openai';
      const azureDeployment = req.method === 'POST' ? AZURE_CHAT.exec(path)?.[1] : undefined;
      if (azure && path.startsWith('/openai/')) {
        const refused = azureRefusal(azure, apiKey, req.headers, address.searchParams.get('api-version'), azureDeployment);
        if (refused) return sendJson(res, refused.status, refused.body);
        if (azureDeployment) body.model = decodeURIComponent(azureDeployment);
      }
      const isChat =
        route === 'POST /v1/chat/completions' ||
        route === 'POST /api/chat' ||
        route === 'POST /v1/messages' ||
        (azure !== undefined && azureDeployment !== undefined);
      if (!isChat) metadataRequests.push({ method: req.method, path, headers: req.headers, body: req.method === 'POST' ? body : undefined });

      if (route === 'GET /api/version') return sendJson(res, 200, { version: '0.12.0' });
      if (req.method === 'GET' && Object.hasOwn(pages, path)) return sendPage(res, pages[path]);
      if (protocol === 'anthropic') {
        const refusal = anthropicRefusal(req.headers, apiKey);
        if (refusal) return sendError(res, protocol, refusal);
      } else if (apiKey !== undefined && !(azure && path.startsWith('/openai/')) && req.headers.authorization !== `Bearer ${apiKey}`) {
        return sendError(res, protocol, { status: 401 });
      }
      if (isChat) {
        const model = find(body.model);
        // An OpenAI-compatible server holds to the window it runs the model with; Ollama to num_ctx.
        const window = protocol === 'openai' ? (model?.loadedContextLength ?? windowOf(model)) : windowOf(model);
        const request = recordChat(protocol, path, body, req.headers, window);
        requests.push(request);
        if (protocol === 'openai' && request.promptTokens + (request.max_tokens ?? 0) > window) {
          return sendJson(res, 400, overflowBody(flavor, window, request));
        }
        if (protocol === 'anthropic') {
          if (request.promptTokens + (request.max_tokens ?? 0) > window) return sendJson(res, 400, anthropicOverflowBody(request));
          request.anthropic.usage = promptCache.usageOf(request.anthropic.blocks);
        }
        const reply = takeReply(request);
        // The request stays open, unanswered, until the client gives up or the server closes.
        if (reply.silent) return void (request.quiet = true);
        if ('status' in reply) return sendError(res, protocol, reply);
        const answer = { openai: openaiAnswer, ollama: ollamaAnswer, anthropic: anthropicAnswer }[protocol];
        return await answer(res, reply, request, body, reply.thinkingField ?? thinkingField);
      }
      const metadata =
        protocol === 'anthropic'
          ? route === 'GET /v1/models'
            ? { body: anthropicModelList(catalog) }
            : undefined
          : metadataAnswer(route, path, body, { catalog, find, windowOf, flavor });
      if (metadata) return sendJson(res, metadata.status ?? 200, metadata.body);
      return sendError(res, protocol, { status: 404, body: protocol === 'ollama' ? '404 page not found' : undefined });
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    ollamaUrl: url,
    anthropicBaseUrl: url,
    requests,
    metadataRequests,
    reset() {
      sharedQueue.length = 0;
      modelQueues.clear();
      requests.length = 0;
      metadataRequests.length = 0;
      promptCache.clear();
    },
    script(replies, { model } = {}) {
      if (model === undefined) return void sharedQueue.push(...replies);
      modelQueues.set(model, [...(modelQueues.get(model) ?? []), ...replies]);
    },
    close() {
      server.closeAllConnections(); // hanging replies never end on their own
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Azure checks the key (`api-key` header), then the api-version, then the deployment. */
function azureRefusal(azure, apiKey, headers, apiVersion, deployment) {
  if (headers['api-key'] === undefined || (apiKey !== undefined && headers['api-key'] !== apiKey)) return AZURE_REFUSALS.key;
  if (!(azure.apiVersions ?? AZURE_API_VERSIONS).includes(apiVersion)) return AZURE_REFUSALS.version;
  if (!deployment || !azure.deployments.includes(decodeURIComponent(deployment))) return AZURE_REFUSALS.deployment;
  return undefined;
}

/**
 * A chat request as the server saw it. Ollama runs the model with `options.num_ctx` (4,096 when absent,
 * never above the model's own window) and, when the prompt is longer, does what Ollama does without a
 * word: keeps the system messages and the latest message, drops the oldest others, then cuts the start.
 */
function recordChat(protocol, path, body, headers, window) {
  const blocks = protocol === 'anthropic' ? promptBlocks(body, countTokens) : undefined;
  const messages = blocks ? textOfTurns(body.messages ?? []) : (body.messages ?? []);
  const promptTokens = blocks ? promptTokensOf(blocks) : countPromptTokens(messages);
  const stream = protocol === 'ollama' ? body.stream !== false : body.stream === true;
  const maxTokens = body.max_tokens ?? body.max_completion_tokens;
  const request = {
    protocol,
    path,
    model: body.model,
    stream,
    messages,
    tools: body.tools,
    headers,
    options: body.options,
    max_tokens: typeof maxTokens === 'number' ? maxTokens : undefined,
    promptTokens,
    contextWindow: window,
    truncated: false,
    evaluatedTokens: promptTokens,
    quiet: false,
    keepAlives: 0,
    ...(blocks && {
      anthropic: {
        system: body.system,
        tools: body.tools,
        messages: body.messages ?? [],
        cacheBreakpoints: blocks.filter((block) => block.breakpoint).map((block) => block.where),
        blocks,
      },
    }),
  };
  if (protocol !== 'ollama') return request;
  const asked = body.options?.num_ctx;
  const numCtx = Math.min(typeof asked === 'number' && asked > 0 ? asked : OLLAMA_DEFAULT_NUM_CTX, window);
  const kept = fitOllamaPrompt(messages, numCtx);
  return { ...request, contextWindow: numCtx, truncated: kept < promptTokens, evaluatedTokens: kept };
}

/** Anthropic turns with their text, as the other protocols' messages are recorded. */
function textOfTurns(turns) {
  return turns.map(({ role, content }) => ({ role, content: typeof content === 'string' ? content : content.map(blockText).join('\n') }));
}

/** Tokens Ollama evaluates of a prompt that may be longer than `numCtx`. */
function fitOllamaPrompt(messages, numCtx) {
  const kept = [...messages];
  for (let index = 0; countPromptTokens(kept) > numCtx && index < kept.length - 1;) {
    if (kept[index].role === 'system') index++;
    else kept.splice(index, 1);
  }
  return Math.min(countPromptTokens(kept), numCtx);
}

/** The 400 each kind of server sends for a prompt longer than its window, in its own words. */
function overflowBody(flavor, window, request) {
  const asked = request.promptTokens + (request.max_tokens ?? 0);
  switch (flavor) {
    case 'vllm':
      return {
        error: {
          message: `This model's maximum context length is ${window} tokens. However, you requested ${asked} tokens (${request.promptTokens} in the messages, ${request.max_tokens ?? 0} in the completion). Please reduce the length of the messages or completion.`,
          type: 'BadRequestError',
          param: null,
          code: 400,
        },
      };
    case 'llamacpp':
      return {
        error: {
          code: 400,
          message: 'the request exceeds the available context size, try increasing it',
          type: 'exceed_context_size_error',
          n_prompt_tokens: request.promptTokens,
          n_ctx: window,
        },
      };
    case 'lmstudio':
      return {
        error: `Trying to keep the first ${request.promptTokens} tokens when context the overflows. However, the model is loaded with context length of only ${window} tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input`,
      };
    case 'openrouter':
      return {
        error: {
          message: `This endpoint's maximum context length is ${window} tokens. However, you requested about ${asked} tokens (${request.promptTokens} of text input, ${request.max_tokens ?? 0} in the output). Please reduce the length of either one, or use the "middle-out" transform to compress your prompt automatically.`,
          code: 400,
          metadata: { provider_name: null },
        },
      };
    default:
      return {
        error: {
          message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${asked} tokens. Please reduce the length of the messages.`,
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      };
  }
}

/** The model lists and model details each kind of server offers, with the context fields it really sends. */
function metadataAnswer(route, path, body, { catalog, find, windowOf, flavor }) {
  if (route === 'GET /v1/models') return { body: { object: 'list', data: catalog.map((model) => openaiModelEntry(model, flavor, windowOf(model))) } };
  if (route === 'GET /api/tags') return { body: { models: catalog.map((model) => ollamaModelEntry(model.name)) } };
  if (route === 'POST /api/show') {
    const model = find(body.model ?? body.name);
    if (!model) return { status: 404, body: { error: `model '${body.model ?? body.name}' not found` } };
    return { body: ollamaShow(model, windowOf(model)) };
  }
  if (flavor === 'lmstudio' && route === 'GET /api/v0/models') {
    return { body: { object: 'list', data: catalog.map((model) => lmStudioModel(model, windowOf(model))) } };
  }
  if (flavor === 'lmstudio' && route.startsWith('GET /api/v0/models/')) {
    const model = find(decodeURIComponent(path.slice('/api/v0/models/'.length)));
    return model ? { body: lmStudioModel(model, windowOf(model)) } : { status: 404, body: { error: 'Model not found' } };
  }
  if (flavor === 'llamacpp' && route === 'GET /props') {
    const [model] = catalog;
    return {
      body: {
        default_generation_settings: { n_ctx: model?.loadedContextLength ?? windowOf(model), params: { n_predict: -1, temperature: 0.8 } },
        total_slots: 1,
        model_path: `/models/${model?.name ?? 'fake'}.gguf`,
        chat_template: '{{ messages }}',
        build_info: 'b6000-fake',
      },
    };
  }
  return undefined;
}

function openaiModelEntry(model, flavor, window) {
  const entry = { id: model.name, object: 'model', created: 0, owned_by: 'fake' };
  switch (flavor) {
    case 'vllm':
      return { ...entry, owned_by: 'vllm', root: model.name, parent: null, max_model_len: window, permission: [] };
    case 'openrouter':
      return {
        ...entry,
        name: model.name,
        context_length: window,
        architecture: { modality: 'text->text', tokenizer: 'Other' },
        pricing: { prompt: '0', completion: '0' },
        top_provider: { context_length: window, max_completion_tokens: null, is_moderated: false },
      };
    case 'llamacpp':
      return {
        ...entry,
        owned_by: 'llamacpp',
        meta: { vocab_type: 2, n_vocab: 151_936, n_ctx_train: window, n_embd: 2048, n_params: 1_000_000_000, size: 1_000_000_000 },
      };
    default:
      return entry;
  }
}

function lmStudioModel(model, window) {
  return {
    id: model.name,
    object: 'model',
    type: 'llm',
    publisher: 'fake',
    arch: model.architecture ?? 'llama',
    compatibility_type: 'gguf',
    quantization: 'Q4_K_M',
    state: model.loadedContextLength === undefined ? 'not-loaded' : 'loaded',
    max_context_length: window,
    ...(model.loadedContextLength !== undefined && { loaded_context_length: model.loadedContextLength }),
  };
}

function ollamaShow(model, window) {
  const architecture = model.architecture ?? 'llama';
  return {
    license: '',
    modelfile: `# Modelfile generated by "ollama show"\nFROM ${model.name}\n`,
    parameters: 'stop                           "<|eot_id|>"\ntemperature                    0.7',
    template: '{{ .Prompt }}',
    details: ollamaDetails(architecture),
    model_info: {
      'general.architecture': architecture,
      'general.file_type': 15,
      'general.parameter_count': 1_000_000_000,
      [`${architecture}.block_count`]: 16,
      [`${architecture}.context_length`]: window,
      [`${architecture}.embedding_length`]: 2048,
      'tokenizer.ggml.model': 'gpt2',
    },
    capabilities: model.capabilities ?? ['completion'],
    modified_at: new Date(0).toISOString(),
  };
}

/** A scripted reply's tool calls as OpenAI sends them: an id each, arguments as JSON text (a string as scripted, for arguments that are no JSON). */
function openaiToolCalls(reply) {
  return (reply.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_fake_${index}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
  }));
}

async function openaiAnswer(res, reply, request, body, thinkingField) {
  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: request.model };
  const thinking = reply.thinking ?? '';
  const toolCalls = openaiToolCalls(reply);
  const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const callTokens = toolCalls.reduce((sum, call) => sum + countTokens(call.function.name) + countTokens(call.function.arguments), 0);
  const usage = {
    prompt_tokens: reply.usage?.promptTokens ?? request.promptTokens,
    completion_tokens: reply.usage?.completionTokens ?? countTokens(reply.text) + countTokens(thinking) + callTokens,
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  if (reply.usage?.cachedTokens !== undefined) usage.prompt_tokens_details = { cached_tokens: reply.usage.cachedTokens };
  if (!request.stream) {
    const message = {
      role: 'assistant',
      content: toolCalls.length > 0 && !reply.text ? null : reply.text,
      refusal: null,
      ...(thinking && { [thinkingField]: thinking }),
      ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    };
    const completion = { ...base, object: 'chat.completion', choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }], usage };
    return sendWhole(res, reply, completion, request);
  }

  const withUsage = body.stream_options?.include_usage === true;
  const chunk = (choices, extra = {}) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices, ...(withUsage ? { usage: null } : {}), ...extra })}\n\n`;
  const delta = (fields) => chunk([{ index: 0, delta: fields, finish_reason: null }]);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await write(res, delta({ role: 'assistant', content: '' }));
  await streamPieces(res, thinking, reply, (piece) => delta({ content: null, [thinkingField]: piece }));
  const finished = await streamText(
    res,
    reply,
    (text) => delta({ content: text }),
    (garbage) => `data: ${garbage}\n\n`,
  );
  if (!finished) return keepAlive(res, reply, request, [': keep-alive\n\n', delta({ content: '' }), delta({})]);
  // Each call: its index, id and name first, then its arguments in pieces, as OpenAI streams them.
  for (const [index, call] of toolCalls.entries()) {
    await write(res, delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    await streamPieces(res, call.function.arguments, reply, (piece) => delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  await write(res, chunk([{ index: 0, delta: {}, finish_reason: finishReason }]));
  if (withUsage) await write(res, chunk([], { usage }));
  res.end('data: [DONE]\n\n');
}

/**
 * A Messages API reply: thinking, text and tool_use blocks, streamed as the API's events or whole;
 * its usage splits the prompt into plain input, cache writes and cache reads.
 */
async function anthropicAnswer(res, reply, request) {
  const thinking = reply.thinking ?? '';
  const calls = (reply.toolCalls ?? []).map((call, index) => ({
    type: 'tool_use',
    id: call.id ?? `toolu_fake_${index + 1}`,
    name: call.name,
    input: call.arguments ?? {},
  }));
  const outputTokens = countTokens(reply.text) + countTokens(thinking) + calls.reduce((sum, call) => sum + countTokens(JSON.stringify(call.input)), 0);
  const stopReason = calls.length > 0 ? 'tool_use' : 'end_turn';
  const { usage } = request.anthropic;
  const withText = reply.text !== '' || calls.length === 0;
  if (!request.stream) {
    const content = [
      ...(thinking ? [{ type: 'thinking', thinking, signature: FAKE_SIGNATURE }] : []),
      ...(withText ? [{ type: 'text', text: reply.text, citations: null }] : []),
      ...calls,
    ];
    return sendWhole(res, reply, anthropicMessage(request, { content, stopReason, usage: { ...usage, output_tokens: outputTokens } }), request);
  }

  const delta = (index, fields) => anthropicEvent({ type: 'content_block_delta', index, delta: fields });
  const start = (index, block) => write(res, anthropicEvent({ type: 'content_block_start', index, content_block: block }));
  const stop = (index) => write(res, anthropicEvent({ type: 'content_block_stop', index }));
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await write(res, anthropicEvent({ type: 'message_start', message: anthropicMessage(request, { usage: { ...usage, output_tokens: 1 } }) }));
  await write(res, anthropicEvent({ type: 'ping' }));
  let index = 0;
  if (thinking) {
    await start(index, { type: 'thinking', thinking: '', signature: '' });
    await streamPieces(res, thinking, reply, (piece) => delta(index, { type: 'thinking_delta', thinking: piece }));
    await write(res, delta(index, { type: 'signature_delta', signature: FAKE_SIGNATURE }));
    await stop(index++);
  }
  if (withText) {
    await start(index, { type: 'text', text: '' });
    const textIndex = index;
    if (reply.errorAfterChars !== undefined) {
      // The API's way of failing a reply under way (an overload, most often): an error event, then the end.
      await streamPieces(res, reply.text.slice(0, reply.errorAfterChars), reply, (text) => delta(textIndex, { type: 'text_delta', text }));
      return res.end(anthropicEvent(anthropicErrorBody(reply.errorStatus ?? 529)));
    }
    const finished = await streamText(
      res,
      reply,
      (text) => delta(textIndex, { type: 'text_delta', text }),
      (garbage) => `event: content_block_delta\ndata: ${garbage}\n\n`,
    );
    if (!finished) return keepAlive(res, reply, request, [anthropicEvent({ type: 'ping' }), delta(textIndex, { type: 'text_delta', text: '' })]);
    await stop(index++);
  }
  for (const call of calls) {
    await start(index, { ...call, input: {} });
    await streamPieces(res, JSON.stringify(call.input), reply, (piece) => delta(index, { type: 'input_json_delta', partial_json: piece }));
    await stop(index++);
  }
  await write(res, anthropicEvent({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }));
  res.end(anthropicEvent({ type: 'message_stop' }));
}

async function ollamaAnswer(res, reply, request) {
  const thinking = reply.thinking ?? '';
  // Ollama sends a reply's calls whole, in one message, with their arguments as an object and no id.
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({ function: { name: call.name, arguments: call.arguments ?? {} } }));
  const calls = toolCalls.length > 0 ? { tool_calls: toolCalls } : {};
  const line = (message, extra = { done: false }) =>
    `${JSON.stringify({ model: request.model, created_at: new Date().toISOString(), message: { role: 'assistant', ...message }, ...extra })}\n`;
  const summary = {
    done: true,
    done_reason: 'stop',
    total_duration: 1_000_000,
    load_duration: 1000,
    prompt_eval_count: reply.usage?.promptTokens ?? request.evaluatedTokens,
    prompt_eval_duration: 1000,
    eval_count:
      reply.usage?.completionTokens ?? countTokens(reply.text) + countTokens(thinking) + (toolCalls.length > 0 ? countTokens(JSON.stringify(toolCalls)) : 0),
    eval_duration: 1000,
  };
  if (!request.stream) return sendWhole(res, reply, JSON.parse(line({ content: reply.text, ...(thinking && { thinking }), ...calls }, summary)), request);

  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  res.flushHeaders(); // a reply that hangs before its first line has still sent its headers
  await streamPieces(res, thinking, reply, (piece) => line({ content: '', thinking: piece }));
  const finished = await streamText(
    res,
    reply,
    (text) => line({ content: text }),
    (garbage) => `${garbage}\n`,
  );
  if (finished && toolCalls.length > 0) await write(res, line({ content: '', ...calls }));
  if (finished) res.end(line({ content: '' }, summary));
  else keepAlive(res, reply, request, [line({ content: '' }), line({ content: '', thinking: '' })]);
}

/**
 * A streamed reply left hanging has gone quiet; with `keepAliveEveryMs` it keeps the connection warm
 * as proxies and servers do, with `frames` in turn (SSE comments, empty deltas, empty NDJSON lines),
 * until the client goes away.
 */
function keepAlive(res, reply, request, frames) {
  if (reply.hangAfterChars === undefined) return;
  request.quiet = true;
  if (!reply.keepAliveEveryMs) return;
  let next = 0;
  const timer = setInterval(() => {
    if (res.destroyed || res.writableEnded) return clearInterval(timer);
    res.write(frames[next++ % frames.length], () => (request.keepAlives += 1));
  }, reply.keepAliveEveryMs);
  res.on('close', () => clearInterval(timer));
}

/** Writes a text in chunks of the reply's size; false when the socket went away. */
async function streamPieces(res, text, reply, frame) {
  const size = reply.chunkSize ?? DEFAULT_CHUNK_SIZE;
  for (let at = 0; at < text.length; at += size) {
    if (res.destroyed) return false;
    if (at > 0 && reply.beforeChunk) await reply.beforeChunk();
    else if (at > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    await write(res, frame(text.slice(at, at + size)));
  }
  return true;
}

/**
 * Writes the reply's text in chunks. Returns false when the reply was cut (socket destroyed), left
 * hanging or garbled (one chunk of `garbage`, framed by `garbled`, then the end), so the caller sends no ending.
 */
async function streamText(res, reply, frame, garbled) {
  const limit = reply.cutAfterChars ?? reply.hangAfterChars ?? reply.garbleAfterChars ?? reply.text.length;
  if (!(await streamPieces(res, reply.text.slice(0, limit), reply, frame))) return false;
  if (reply.cutAfterChars !== undefined) res.socket?.destroy();
  if (reply.garbleAfterChars !== undefined) res.end(garbled(reply.garbage ?? DEFAULT_GARBAGE));
  return reply.cutAfterChars === undefined && reply.hangAfterChars === undefined && reply.garbleAfterChars === undefined;
}

/**
 * A non-streamed reply; a cut one sends the first characters of the JSON, a hanging one only those
 * (headers at least), a garbled one `garbage` instead of the JSON.
 */
async function sendWhole(res, reply, payload, request) {
  const json = JSON.stringify(payload);
  if (reply.garbleAfterChars !== undefined) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(reply.garbage ?? DEFAULT_GARBAGE);
  }
  if (reply.cutAfterChars === undefined && reply.hangAfterChars === undefined) return sendJson(res, 200, payload);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.flushHeaders();
  await write(res, json.slice(0, reply.cutAfterChars ?? reply.hangAfterChars));
  if (reply.cutAfterChars !== undefined) res.socket?.destroy();
  else request.quiet = true;
}

function sendError(res, protocol, { status, body, headers = {} }) {
  const message = ERROR_MESSAGES[status] ?? `Fake error ${status}.`;
  const defaultBody =
    protocol === 'anthropic'
      ? anthropicErrorBody(status)
      : protocol === 'ollama'
        ? { error: message }
        : { error: { message, type: status >= 500 ? 'server_error' : status === 429 ? 'requests' : 'invalid_request_error', param: null, code: null } };
  const payload = body ?? defaultBody;
  const isText = typeof payload === 'string';
  res.writeHead(status, { 'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json', ...headers });
  res.end(isText ? payload : JSON.stringify(payload));
}

function sendPage(res, html) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

function ollamaDetails(family = 'fake') {
  return { parent_model: '', format: 'gguf', family, families: [family], parameter_size: '1B', quantization_level: 'Q4_0' };
}

function ollamaModelEntry(name) {
  return { name, model: name, modified_at: new Date(0).toISOString(), size: 1, digest: 'fake', details: ollamaDetails() };
}

function sendJson(res, status, payload) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function write(res, data) {
  return new Promise((resolve) => res.write(data, () => resolve()));
}

async function readBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

async function runCli(args) {
  const scriptIndex = args.indexOf('--script');
  const script = scriptIndex >= 0 ? JSON.parse(await readFile(args[scriptIndex + 1], 'utf8')) : [];
  // The script file is an array of replies, or the server's options with `replies`: { "models": [...], "replies": [...] }.
  const { replies = [], ...options } = Array.isArray(script) ? { replies: script } : script;
  const server = await startFakeModelServer(options);
  server.script(replies);
  process.stdout.write(`LISTENING ${server.url}\n`);
  const stop = () => server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// By name, not by import.meta.url: a benchmark that bundles this module must not start the CLI.
if (process.argv[1]?.endsWith('fake-model-server.mjs') && import.meta.url === pathToFileURL(process.argv[1]).href) await runCli(process.argv.slice(2));
