// A model server for tests and benchmarks that speaks the real wire protocols over loopback:
// OpenAI chat completions (JSON or SSE) and Ollama /api/chat (JSON or NDJSON). Replies are scripted.
// CLI: node test/support/fake-model-server.mjs [--script replies.json]  →  prints `LISTENING <url>`.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const UNSCRIPTED_TEXT = 'Final Answer: (fake server has no scripted reply)';
const DEFAULT_CHUNK_SIZE = 8;
const ERROR_MESSAGES = {
  400: 'Invalid request.',
  401: 'Incorrect API key provided.',
  403: 'You are not allowed to sample from this model.',
  404: 'Not found.',
  429: 'Rate limit reached for requests.',
  500: 'The server had an error while processing your request.',
  503: 'The server is overloaded or not ready yet.',
};

/** @param {{ models?: string[], apiKey?: string }} [options] */
export async function startFakeModelServer({ models = ['fake-model'], apiKey } = {}) {
  const sharedQueue = [];
  const modelQueues = new Map();
  const requests = [];

  const takeReply = (model) => {
    const queue = modelQueues.get(model);
    const reply = (queue?.length ? queue : sharedQueue).shift() ?? UNSCRIPTED_TEXT;
    return typeof reply === 'string' ? { text: reply } : reply;
  };

  const server = createServer(async (req, res) => {
    try {
      const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
      const protocol = req.url?.startsWith('/api/') ? 'ollama' : 'openai';
      const stream = protocol === 'ollama' ? body.stream !== false : body.stream === true;
      requests.push({ protocol, path: req.url, model: body.model, stream, messages: body.messages ?? [], headers: req.headers });

      const route = `${req.method} ${req.url}`;
      if (route === 'GET /api/version') return sendJson(res, 200, { version: '0.12.0' });
      if (apiKey !== undefined && req.headers.authorization !== `Bearer ${apiKey}`) {
        return sendError(res, protocol, { status: 401 });
      }
      switch (route) {
        case 'GET /v1/models':
          return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
        case 'GET /api/tags':
          return sendJson(res, 200, { models: models.map(ollamaModelEntry) });
        case 'POST /v1/chat/completions':
        case 'POST /api/chat': {
          const reply = takeReply(body.model);
          if ('status' in reply) return sendError(res, protocol, reply);
          const answer = protocol === 'openai' ? openaiAnswer : ollamaAnswer;
          return await answer(res, reply, { ...body, stream });
        }
        default:
          return sendError(res, protocol, { status: 404, body: protocol === 'ollama' ? '404 page not found' : undefined });
      }
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
    requests,
    reset() {
      sharedQueue.length = 0;
      modelQueues.clear();
      requests.length = 0;
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

async function openaiAnswer(res, reply, request) {
  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: request.model };
  const usage = {
    prompt_tokens: countWords(request.messages),
    completion_tokens: countWords([{ content: reply.text }]),
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  if (!request.stream) {
    const message = { role: 'assistant', content: reply.text, refusal: null };
    const completion = { ...base, object: 'chat.completion', choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }], usage };
    return sendWhole(res, reply, completion);
  }

  const withUsage = request.stream_options?.include_usage === true;
  const chunk = (choices, extra = {}) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices, ...(withUsage ? { usage: null } : {}), ...extra })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await write(res, chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  const finished = await streamText(res, reply, (text) => chunk([{ index: 0, delta: { content: text }, finish_reason: null }]));
  if (!finished) return;
  await write(res, chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  if (withUsage) await write(res, chunk([], { usage }));
  res.end('data: [DONE]\n\n');
}

async function ollamaAnswer(res, reply, request) {
  const line = (content, extra = { done: false }) =>
    `${JSON.stringify({ model: request.model, created_at: new Date().toISOString(), message: { role: 'assistant', content }, ...extra })}\n`;
  const summary = {
    done: true,
    done_reason: 'stop',
    total_duration: 1_000_000,
    load_duration: 1000,
    prompt_eval_count: countWords(request.messages),
    prompt_eval_duration: 1000,
    eval_count: countWords([{ content: reply.text }]),
    eval_duration: 1000,
  };
  if (!request.stream) return sendWhole(res, reply, JSON.parse(line(reply.text, summary)));

  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const finished = await streamText(res, reply, (text) => line(text));
  if (finished) res.end(line('', summary));
}

/**
 * Writes the reply's text in chunks. Returns false when the reply was cut (socket destroyed) or left
 * hanging, so the caller sends no ending.
 */
async function streamText(res, reply, frame) {
  const limit = reply.cutAfterChars ?? reply.hangAfterChars ?? reply.text.length;
  const text = reply.text.slice(0, limit);
  const size = reply.chunkSize ?? DEFAULT_CHUNK_SIZE;
  for (let at = 0; at < text.length; at += size) {
    if (res.destroyed) return false;
    if (at > 0 && reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    await write(res, frame(text.slice(at, at + size)));
  }
  if (reply.cutAfterChars !== undefined) res.socket?.destroy();
  return reply.cutAfterChars === undefined && reply.hangAfterChars === undefined;
}

/** A non-streamed reply; a cut one sends the first characters of the JSON, a hanging one only headers. */
async function sendWhole(res, reply, payload) {
  const json = JSON.stringify(payload);
  if (reply.cutAfterChars === undefined && reply.hangAfterChars === undefined) return sendJson(res, 200, payload);
  res.writeHead(200, { 'content-type': 'application/json' });
  await write(res, json.slice(0, reply.cutAfterChars ?? reply.hangAfterChars));
  if (reply.cutAfterChars !== undefined) res.socket?.destroy();
}

function sendError(res, protocol, { status, body, headers = {} }) {
  const message = ERROR_MESSAGES[status] ?? `Fake error ${status}.`;
  const defaultBody =
    protocol === 'ollama' ? { error: message }
    : { error: { message, type: status >= 500 ? 'server_error' : status === 429 ? 'requests' : 'invalid_request_error', param: null, code: null } };
  const payload = body ?? defaultBody;
  const isText = typeof payload === 'string';
  res.writeHead(status, { 'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json', ...headers });
  res.end(isText ? payload : JSON.stringify(payload));
}

function ollamaModelEntry(name) {
  const details = { parent_model: '', format: 'gguf', family: 'fake', families: ['fake'], parameter_size: '1B', quantization_level: 'Q4_0' };
  return { name, model: name, modified_at: new Date(0).toISOString(), size: 1, digest: 'fake', details };
}

/** Usage counts are whitespace-separated words, so tests can predict them. */
function countWords(messages = []) {
  return messages.reduce((sum, message) => sum + String(message.content ?? '').split(/\s+/).filter(Boolean).length, 0);
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
  // The script file is an array of replies, or { "models": [...], "replies": [...] }.
  const { models, replies = [] } = Array.isArray(script) ? { replies: script } : script;
  const server = await startFakeModelServer({ models });
  server.script(replies);
  process.stdout.write(`LISTENING ${server.url}\n`);
  const stop = () => server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runCli(process.argv.slice(2));
