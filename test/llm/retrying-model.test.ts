import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import type { ModelEvent } from '../../src/llm/model-events.js';
import { RetryingModel } from '../../src/llm/retrying-model.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
const FAST_DELAYS = [50, 100, 200];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({
    models: [
      { name: 'gpt-test', contextLength: 65_536 },
      { name: 'llama-test', contextLength: 8192 },
    ],
    flavor: 'vllm',
  });
});
afterAll(() => server.close());

function openaiModel(): ChatModel {
  return createOpenAIProvider({ id: 'openai', protocol: 'openai', model: 'gpt-test', baseUrl: server.openaiBaseUrl }).createModel('gpt-test');
}

function ollamaModel(): ChatModel {
  return createOllamaProvider({ id: 'ollama', protocol: 'ollama', model: 'llama-test', baseUrl: server.ollamaUrl }).createModel('llama-test');
}

/**
 * A retrying model whose events and deltas land in one timeline, as the agent loop would see them.
 * With `jumpWaits`, on a fake clock that runs as ever, each retry's wait is jumped over once it has begun.
 */
function retrying(models: ChatModel[], delaysMs = FAST_DELAYS, { jumpWaits = false } = {}) {
  const timeline: (ModelEvent | { type: 'delta'; text: string })[] = [];
  if (jumpWaits) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  const emit = (event: ModelEvent) => {
    timeline.push(event);
    // The wait starts as the event is told: its timer is set once this turn of the event loop ends.
    if (jumpWaits && event.type === 'retry') setImmediate(() => vi.advanceTimersByTime(event.delayMs));
  };
  const model = new RetryingModel({ models, delaysMs, emit });
  const chat = (signal = new AbortController().signal) => model.chat({ messages, signal, onDelta: (text) => timeline.push({ type: 'delta', text }) });
  const events = () => timeline.filter((entry) => entry.type !== 'delta');
  return { model, chat, timeline, events };
}

function chatRequestsFor(model: string) {
  return server.requests.filter((request) => request.model === model).length;
}

describe('RetryingModel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits as long as Retry-After says on 429, then retries the same model', async () => {
    server.script([{ status: 429, headers: { 'retry-after': '1' } }, 'Final Answer: after the wait'], { model: 'gpt-test' });
    const { chat, events } = retrying([openaiModel()], FAST_DELAYS, { jumpWaits: true });
    const started = Date.now();
    await expect(chat()).resolves.toMatchObject({ text: 'Final Answer: after the wait' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(events()).toEqual([{ type: 'retry', attempt: 1, delayMs: 1000, reason: expect.stringContaining('openai: 429 Too Many Requests') }]);
  });

  it('backs off with the configured delays, then switches to the fallback provider', async () => {
    server.script([{ status: 500 }, { status: 502 }, { status: 503 }, { status: 500 }], { model: 'gpt-test' });
    server.script(['Final Answer: from the fallback'], { model: 'llama-test' });
    const { model, chat, events } = retrying([openaiModel(), ollamaModel()], FAST_DELAYS, { jumpWaits: true });
    const before = chatRequestsFor('gpt-test');

    await expect(chat()).resolves.toMatchObject({ text: 'Final Answer: from the fallback' });
    expect(chatRequestsFor('gpt-test') - before).toBe(4);
    expect(events()).toEqual([
      { type: 'retry', attempt: 1, delayMs: 50, reason: expect.stringContaining('500') },
      { type: 'retry', attempt: 2, delayMs: 100, reason: expect.stringContaining('502') },
      { type: 'retry', attempt: 3, delayMs: 200, reason: expect.stringContaining('503') },
      { type: 'provider_switch', from: 'openai/gpt-test', to: 'ollama/llama-test', reason: expect.stringContaining('(after 3 retries)') },
    ]);
    expect({ provider: model.provider, model: model.model }).toEqual({ provider: 'ollama', model: 'llama-test' });
  });

  it('keeps asking the model that last answered', async () => {
    server.script([{ status: 401 }], { model: 'gpt-test' });
    server.script(['first', 'second'], { model: 'llama-test' });
    const { chat, events } = retrying([openaiModel(), ollamaModel()]);
    await chat();
    const before = chatRequestsFor('gpt-test');
    await expect(chat()).resolves.toMatchObject({ text: 'second' });
    expect(chatRequestsFor('gpt-test')).toBe(before);
    expect(events()).toHaveLength(1);
  });

  it('never retries a 401 and moves straight to the fallback', async () => {
    server.script([{ status: 401 }], { model: 'gpt-test' });
    server.script(['Final Answer: fallback'], { model: 'llama-test' });
    const { chat, events } = retrying([openaiModel(), ollamaModel()]);
    const before = chatRequestsFor('gpt-test');
    await expect(chat()).resolves.toMatchObject({ text: 'Final Answer: fallback' });
    expect(chatRequestsFor('gpt-test') - before).toBe(1);
    expect(events()).toEqual([
      {
        type: 'provider_switch',
        from: 'openai/gpt-test',
        to: 'ollama/llama-test',
        reason: 'openai: 401 Unauthorized (Incorrect API key provided.) — the API key was refused: check api_key or OPENAI_API_KEY',
      },
    ]);
  });

  it('fails at once on a 401 when there is no fallback', async () => {
    server.script([{ status: 401 }], { model: 'gpt-test' });
    const { chat, events } = retrying([openaiModel()]);
    await expect(chat()).rejects.toMatchObject({ name: 'ModelError', status: 401, transient: false });
    expect(events()).toEqual([]);
  });

  it('lists every model it tried when all fail', async () => {
    server.script([{ status: 400 }], { model: 'gpt-test' });
    server.script([{ status: 500 }, { status: 500 }], { model: 'llama-test' });
    const { chat } = retrying([openaiModel(), ollamaModel()], [10]);
    const error = (await chat().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toBe(
      'No model could answer; tried:\n' +
        '  openai/gpt-test: openai: 400 Bad Request (Invalid request.) — the server rejected the request\n' +
        '  ollama/llama-test: ollama: 500 Internal Server Error (The server had an error while processing your request.) — the server failed (after 1 retry)',
    );
  });

  it('retries a stream cut mid-way; the retry event tells the caller to drop the partial text', async () => {
    for (const model of [openaiModel(), ollamaModel()]) {
      server.script([{ text: 'Final Answer: partial reply that dies', cutAfterChars: 13, chunkSize: 13 }, 'Final Answer: whole'], { model: model.model });
      const { chat, timeline } = retrying([model]);
      await expect(chat()).resolves.toMatchObject({ text: 'Final Answer: whole' });
      expect(timeline.map((entry) => entry.type)).toEqual(['delta', 'retry', 'delta', 'delta', 'delta']);
      expect(timeline[0]).toEqual({ type: 'delta', text: 'Final Answer:' });
    }
  });

  it('stops at once when aborted during a stream', async () => {
    server.script([{ text: 'Final Answer: never finished', hangAfterChars: 6 }], { model: 'gpt-test' });
    const { chat, timeline, events } = retrying([openaiModel(), ollamaModel()]);
    const controller = new AbortController();
    const reply = chat(controller.signal);
    await expect.poll(() => timeline.length).toBeGreaterThan(0);
    controller.abort();
    // The server never finishes: only the abort ends the call, and it retries nothing.
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
    expect(events()).toEqual([]);
  });

  it('rethrows a context overflow at once: no retry, no other provider', async () => {
    const overflow = {
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 65536 tokens. However, your messages resulted in 70000 tokens.",
          code: 'context_length_exceeded',
        },
      },
    };
    server.script([overflow], { model: 'gpt-test' });
    server.script(['Final Answer: from the fallback'], { model: 'llama-test' });
    const { model, chat, events } = retrying([openaiModel(), ollamaModel()], FAST_DELAYS, { jumpWaits: true });
    const before = { gpt: chatRequestsFor('gpt-test'), llama: chatRequestsFor('llama-test') };
    const error = await chat().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ModelError', status: 400, transient: false, contextOverflow: { windowTokens: 65_536 } });
    expect(chatRequestsFor('gpt-test') - before.gpt).toBe(1);
    expect(chatRequestsFor('llama-test') - before.llama).toBe(0);
    expect(events()).toEqual([]);
    expect(model.provider).toBe('openai');
    server.reset();
  });

  it('rethrows an overflow of a fallback model too, staying with it', async () => {
    const tooLong = { status: 400, body: { error: 'prompt is too long: 9000 tokens > 8192 maximum' } };
    server.script([{ status: 401 }], { model: 'gpt-test' });
    server.script([tooLong], { model: 'llama-test' });
    const { model, chat } = retrying([openaiModel(), ollamaModel()]);
    await expect(chat()).rejects.toMatchObject({ contextOverflow: { windowTokens: 8192 } });
    expect(model.model).toBe('llama-test');
    server.reset();
  });

  it('tells the window of the model answering now', async () => {
    server.script([{ status: 401 }], { model: 'gpt-test' });
    server.script(['Final Answer: fallback'], { model: 'llama-test' });
    const { model, chat } = retrying([openaiModel(), ollamaModel()]);
    await expect(model.contextWindow()).resolves.toEqual({ tokens: 65_536, source: 'server' });
    await chat();
    await expect(model.contextWindow()).resolves.toEqual({ tokens: 8192, source: 'server', numCtx: 8192 });
  });

  it('stops at once when aborted during a retry wait', async () => {
    server.script([{ status: 503 }], { model: 'llama-test' });
    const { chat, events } = retrying([ollamaModel()], [600_000]);
    const controller = new AbortController();
    const reply = chat(controller.signal);
    await expect.poll(() => events().length).toBe(1);
    controller.abort();
    // A ten-minute wait: only the abort can end it within the test's timeout.
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });
});
