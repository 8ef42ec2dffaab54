// A run hands one AbortSignal to every model call it makes. The SDKs hang an abort listener on the
// signal they get and leave it there, so without a signal per call a long run warned
// "MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]" after ten calls.
import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import { RetryingModel } from '../../src/llm/retrying-model.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

/** Past the ten listeners Node warns beyond: one left behind per call would warn. */
const CALLS = 12;
const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];

let server: FakeModelServer;
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['gpt-test', 'llama-test'] });
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await server.close();
});
afterEach(() => server.reset());

const models: Record<string, (stream: boolean) => ChatModel> = {
  openai: (stream) =>
    createOpenAIProvider({ id: 'openai', protocol: 'openai', model: 'gpt-test', baseUrl: server.openaiBaseUrl, stream }).createModel('gpt-test'),
  ollama: (stream) =>
    createOllamaProvider({ id: 'ollama', protocol: 'ollama', model: 'llama-test', baseUrl: server.ollamaUrl, stream }).createModel('llama-test'),
};

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe.each(['openai', 'ollama'])(`%s: one AbortSignal for ${CALLS} calls`, (provider) => {
  it.each([true, false])('leaves no listener behind (stream: %s)', async (stream) => {
    const signal = new AbortController().signal;
    const baseline = abortListeners(signal);
    const model = models[provider]!(stream);
    for (let call = 0; call < CALLS; call++) {
      await model.chat({ messages, signal });
      await model.contextWindow(signal);
    }
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    expect(abortListeners(signal)).toBe(baseline);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

it('leaves no listener behind through retries and failover either', async () => {
  const signal = new AbortController().signal;
  const model = new RetryingModel({ models: [models.openai!(true), models.ollama!(true)], delaysMs: [1], emit: () => {} });
  for (let call = 0; call < CALLS / 2; call++) {
    server.script([{ status: 503 }], { model: model.model });
    await model.chat({ messages, signal });
  }
  await new Promise((resolve) => setImmediate(resolve));
  expect(abortListeners(signal)).toBe(0);
  expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
});
