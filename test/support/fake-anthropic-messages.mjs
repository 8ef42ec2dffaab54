// The Anthropic Messages API as fake-model-server.mjs speaks it: how a request is counted, the prompt
// cache (a prefix up to a `cache_control` breakpoint is read when an earlier request wrote it, written
// otherwise), the server-sent events of a reply, the error bodies and the model list.
import { createHash } from 'node:crypto';

/** The API versions the server knows; every request names one in `anthropic-version` (the SDK 1.x sends 2026-10-21). */
const API_VERSIONS = new Set(['2023-06-01', '2026-10-21']);
/** A turn's template tokens, and the reply's priming, as the other protocols count them. */
const TURN_OVERHEAD_TOKENS = 3;
const REPLY_PRIMING_TOKENS = 3;
/** The API looks for an earlier cache entry this many blocks back from each breakpoint. */
const CACHE_LOOKBACK_BLOCKS = 20;
const ERROR_TYPES = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};
const ERROR_MESSAGES = {
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  404: 'Not found.',
  429: 'Number of request tokens has exceeded your per-minute rate limit.',
  500: 'Internal server error',
  529: 'Overloaded',
};

/** Whether a request is for the Messages API: its own path, or a model list asked with its version header. */
export function isAnthropicRequest(route, headers) {
  return route === 'POST /v1/messages' || headers['anthropic-version'] !== undefined;
}

/**
 * Why the server refuses the request before reading it, or undefined: a key is needed, in `x-api-key`
 * or (as the SDK 1.x sends it) `Authorization: Bearer`, and a known `anthropic-version`.
 */
export function anthropicRefusal(headers, apiKey) {
  const key = headers['x-api-key'] ?? /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
  if (!key || (apiKey !== undefined && key !== apiKey)) return { status: 401 };
  if (!API_VERSIONS.has(headers['anthropic-version'])) {
    return { status: 400, body: anthropicErrorBody(400, 'anthropic-version: header is required and must be a supported version') };
  }
  return undefined;
}

export function anthropicErrorBody(status, message) {
  const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { type: 'error', error: { type, message: message ?? ERROR_MESSAGES[status] ?? `Fake error ${status}.` }, request_id: 'req_fake' };
}

/** The 400s the API sends for a prompt that does not fit the window, alone or with `max_tokens`. */
export function anthropicOverflowBody(request) {
  const { promptTokens, contextWindow, max_tokens: maxTokens = 0 } = request;
  const message =
    promptTokens > contextWindow
      ? `prompt is too long: ${promptTokens} tokens > ${contextWindow} maximum`
      : `input length and \`max_tokens\` exceed context limit: ${promptTokens} + ${maxTokens} > ${contextWindow}, decrease input length or \`max_tokens\` and try again`;
  return anthropicErrorBody(400, message);
}

export function anthropicModelList(catalog) {
  const data = catalog.map((model) => ({ type: 'model', id: model.name, display_name: model.name, created_at: new Date(0).toISOString() }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

/**
 * The prompt as a row of blocks in the order the API caches it (tools, system, messages), each with
 * its tokens, whether it is a breakpoint, and the hash of the prefix it ends.
 */
export function promptBlocks(body, countTokens) {
  const blocks = [];
  const add = (value, tokens, where) => {
    const { cache_control: cacheControl, ...rest } = value;
    const previous = blocks.at(-1)?.prefix ?? body.model ?? '';
    const prefix = createHash('sha256').update(previous).update(JSON.stringify(rest)).digest('hex');
    blocks.push({ tokens, prefix, where, breakpoint: cacheControl?.type === 'ephemeral' });
  };
  (body.tools ?? []).forEach((tool, index) => add(tool, countTokens(JSON.stringify({ ...tool, cache_control: undefined })), `tools[${index}]`));
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? []);
  system.forEach((block, index) => add(block, countTokens(block.text), `system[${index}]`));
  (body.messages ?? []).forEach((message, turn) => {
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    content.forEach((block, index) => {
      add({ ...block, role: message.role }, (index === 0 ? TURN_OVERHEAD_TOKENS : 0) + countTokens(blockText(block)), `messages[${turn}].content[${index}]`);
    });
  });
  return blocks;
}

/** The text a block stands for: what the model reads of it. */
export function blockText(block) {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'thinking':
      return block.thinking;
    case 'tool_use':
      return `${block.name} ${JSON.stringify(block.input)}`;
    case 'tool_result':
      return typeof block.content === 'string' ? block.content : (block.content ?? []).map(blockText).join('\n');
    default:
      return JSON.stringify(block);
  }
}

export function promptTokensOf(blocks) {
  return blocks.reduce((sum, block) => sum + block.tokens, REPLY_PRIMING_TOKENS);
}

/** The prompt cache of one server: prefixes written by earlier requests, by their hash. */
export function createPromptCache() {
  const written = new Set();
  return {
    /**
     * The request's prompt tokens as the API reports them: read from the cache up to the longest
     * prefix an earlier request wrote (found at a breakpoint or up to 20 blocks before one), written
     * up to the last breakpoint, the rest plain input. The prefixes at its breakpoints are then written.
     */
    usageOf(blocks) {
      const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
      let hit = -1;
      for (const at of breakpoints) {
        for (let index = at; index >= Math.max(0, at - CACHE_LOOKBACK_BLOCKS + 1); index--) {
          if (written.has(blocks[index].prefix)) {
            hit = Math.max(hit, index);
            break;
          }
        }
      }
      const tokensUpTo = (index) => blocks.slice(0, index + 1).reduce((sum, block) => sum + block.tokens, 0);
      const read = hit >= 0 ? tokensUpTo(hit) : 0;
      const lastBreakpoint = breakpoints.at(-1) ?? -1;
      const write = lastBreakpoint > hit ? tokensUpTo(lastBreakpoint) - read : 0;
      for (const at of breakpoints) written.add(blocks[at].prefix);
      return { input_tokens: promptTokensOf(blocks) - read - write, cache_creation_input_tokens: write, cache_read_input_tokens: read };
    },
    clear() {
      written.clear();
    },
  };
}

/** One server-sent event as the API frames it. */
export function anthropicEvent(data) {
  return `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The message a reply starts with (streamed: empty, its usage so far) or is (whole). */
export function anthropicMessage(request, { content = [], stopReason = null, usage }) {
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { ...usage, service_tier: 'standard' },
  };
}
