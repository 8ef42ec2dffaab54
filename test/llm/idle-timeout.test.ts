// A server that takes the request and goes quiet fails the attempt after `timeout_s` of silence,
// streamed or not, through each SDK; a slow model that keeps writing does not, and a server that
// keeps the connection warm with keep-alives and empty deltas while its model writes nothing does.
// The silences pass on a fake clock, once the server has gone quiet: the calls go over the network,
// and a busy machine can neither fail an answer for being slow nor hide a limit that came too soon.
import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ProviderProtocol } from '../../src/config/types.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { idleLimits } from '../../src/llm/idle-limits.js';
import { IdleTimeoutError, type IdleWatch, withIdleWatch } from '../../src/llm/idle-watch.js';
import { createAnthropicProvider } from '../../src/llm/anthropic-provider.js';
import { createOllamaProvider } from '../../src/llm/ollama-provider.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import type { ModelEvent } from '../../src/llm/model-events.js';
import { RetryingModel } from '../../src/llm/retrying-model.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { until } from '../support/patience.js';

/** Azure goes through the OpenAI provider's code, with the Azure client. */
type SdkProtocol = Exclude<ProviderProtocol, 'azure'>;

const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
const TIMEOUT_S = 0.4;

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['m'] });
});
afterAll(() => server.close());
/**
 * Each test's own model name, its replies scripted for that name only: a request a test gave up on
 * before the server read it (a busy machine) may reach the server later, and must not take the next
 * test's reply.
 */
let model = 'm';
let tests = 0;
beforeEach(() => {
  model = `m${++tests}`;
});
afterEach(() => {
  vi.useRealTimers();
  server.reset();
});
const script = (replies: Parameters<FakeModelServer['script']>[0]) => server.script(replies, { model });
const requests = () => server.requests.filter((request) => request.model === model);

function modelOf(protocol: SdkProtocol, stream: boolean, timeoutS: number | undefined = TIMEOUT_S): ChatModel {
  const settings = { id: protocol, protocol, model, stream, timeoutS, baseUrl: urlOf(protocol) };
  switch (protocol) {
    case 'openai':
      return createOpenAIProvider(settings).createModel(model);
    case 'ollama':
      return createOllamaProvider(settings).createModel(model);
    case 'anthropic':
      return createAnthropicProvider(settings).createModel(model);
  }
}

const urlOf = (protocol: SdkProtocol) => ({ openai: server.openaiBaseUrl, ollama: server.ollamaUrl, anthropic: server.anthropicBaseUrl })[protocol];

/** A call under way: whether it has settled yet, and with what. */
function underWay<T>(work: Promise<T>): { settled: () => boolean; outcome: () => T | Error | undefined } {
  let settled = false;
  let outcome: T | Error | undefined;
  void work.then(
    (value) => ((settled = true), (outcome = value)),
    (error: Error) => ((settled = true), (outcome = error)),
  );
  return { settled: () => settled, outcome: () => outcome };
}

/** The fake clock, for setTimeout only: the model server's keep-alives (setInterval) still come in real time. */
const fakeTimeouts = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** Once the server has gone quiet on the test's `nth` request (and sent `keepAlives` frames after), `ms` of silence pass. */
async function silence(ms: number, { nth = 1, keepAlives = 0 } = {}): Promise<void> {
  await until(() => (requests()[nth - 1]?.quiet ?? false) && requests()[nth - 1]!.keepAlives >= keepAlives, `request ${nth} to go quiet`);
  await vi.advanceTimersByTimeAsync(ms);
}

/** The idle limit passes on the fake clock: the call is still waiting a millisecond before, and ends at it. */
async function limitRunsOut(call: ReturnType<typeof underWay>, options?: Parameters<typeof silence>[1]): Promise<unknown> {
  await silence(TIMEOUT_S * 1000 - 1, options);
  expect(call.settled()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await until(call.settled, 'the call to end');
  return call.outcome();
}

describe.each([
  { protocol: 'openai', stream: true },
  { protocol: 'openai', stream: false },
  { protocol: 'ollama', stream: true },
  { protocol: 'ollama', stream: false },
  { protocol: 'anthropic', stream: true },
  { protocol: 'anthropic', stream: false },
] as const)('$protocol (stream: $stream): timeout_s', ({ protocol, stream }) => {
  const chat = (model = modelOf(protocol, stream), signal = new AbortController().signal) => underWay(model.chat({ messages, signal }));
  const noAnswer = () =>
    `${protocol}: no answer from ${urlOf(protocol)} for ${TIMEOUT_S} s — check the server, or raise providers.${protocol}.config.timeout_s for a slow model`;

  it('fails a server that never sends a byte, as a transient error', async () => {
    fakeTimeouts();
    script([{ silent: true }]);
    // The server never answers: only the idle limit ends the call, and not before its time.
    expect(await limitRunsOut(chat())).toMatchObject({ name: 'ModelError', transient: true, message: noAnswer() });
  });

  it('fails a server that sends its headers and then nothing', async () => {
    fakeTimeouts();
    script([{ text: 'Final Answer: never', hangAfterChars: 0 }]);
    expect(await limitRunsOut(chat())).toMatchObject({ name: 'ModelError', transient: true, message: noAnswer() });
  });

  it('counts silence, not time: a slow reply that keeps talking arrives whole', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const text = 'Final Answer: one word at a time';
    const CHUNK = 4;
    // Each chunk after the first waits for the test, which first moves the clock 300 ms: under the
    // 400 ms limit each time, over it in all.
    let waiting = 0;
    let release = () => {};
    script([{ text, chunkSize: CHUNK, beforeChunk: () => new Promise<void>((resolve) => ((waiting += 1), (release = resolve))) }]);
    const deltas: string[] = [];
    let outcome: unknown;
    void modelOf(protocol, stream)
      .chat({ messages, signal: new AbortController().signal, onDelta: (delta) => deltas.push(delta) })
      .then(
        (reply) => (outcome = reply),
        (error: unknown) => (outcome = error),
      );
    let silences = 0;
    for (let sent = 1; ; sent++) {
      const heard = () => deltas.join('').length >= Math.min(sent * CHUNK, text.length);
      await until(() => outcome !== undefined || (waiting === sent && heard()), `chunk ${sent} heard`);
      if (outcome !== undefined) break;
      await vi.advanceTimersByTimeAsync(300);
      silences += 1;
      release();
    }
    expect(outcome).toMatchObject({ text });
    if (stream) expect(silences * 300).toBeGreaterThan(TIMEOUT_S * 1000);
  });

  it('still stops at once when the run is cancelled', async () => {
    script([{ silent: true }]);
    const controller = new AbortController();
    // A minute of patience: only the cancellation can end the call within the test's timeout.
    const call = chat(modelOf(protocol, stream, 60), controller.signal);
    await expect.poll(() => requests().length).toBe(1);
    controller.abort();
    await until(call.settled, 'the call to end');
    expect(call.outcome()).toMatchObject({ name: 'AbortError' });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe.each(['openai', 'ollama', 'anthropic'] as const)('%s: a streamed reply that stops mid-way', (protocol) => {
  it('says the reply stopped, once text has come', async () => {
    fakeTimeouts();
    script([{ text: 'Final Answer: half of it', hangAfterChars: 8, chunkSize: 4 }]);
    const deltas: string[] = [];
    const call = underWay(modelOf(protocol, true).chat({ messages, signal: new AbortController().signal, onDelta: (text) => deltas.push(text) }));
    await until(() => deltas.join('') === 'Final An', 'the text before the stall');
    const error = await limitRunsOut(call);
    expect(deltas.join('')).toBe('Final An');
    expect(error).toMatchObject({
      name: 'ModelError',
      transient: true,
      message: `${protocol}: the reply from ${urlOf(protocol)} stopped, nothing more for ${TIMEOUT_S} s — check the server, or raise providers.${protocol}.config.timeout_s for a slow model`,
    });
  });
});

describe('retries', () => {
  beforeEach(fakeTimeouts);

  it.each(['openai', 'ollama', 'anthropic'] as const)('%s: a silent attempt is retried, and the retry answers', async (protocol) => {
    script([{ silent: true }, 'Final Answer: second time lucky']);
    const events: ModelEvent[] = [];
    const retrying = new RetryingModel({ models: [modelOf(protocol, true)], delaysMs: [10], emit: (event) => events.push(event) });
    const call = underWay(retrying.chat({ messages, signal: new AbortController().signal }));
    await silence(TIMEOUT_S * 1000);
    await until(() => events.length === 1, 'the retry to be announced');
    await vi.advanceTimersByTimeAsync(10);
    await until(call.settled, 'the retry to answer');
    expect(call.outcome()).toMatchObject({ text: 'Final Answer: second time lucky' });
    expect(events).toEqual([{ type: 'retry', attempt: 1, delayMs: 10, reason: expect.stringMatching(/^\w+: no answer from .* for 0\.4 s/) }]);
    expect(requests()).toHaveLength(2);
  });

  it('moves on to the fallback when the retries are silent too', async () => {
    script([{ silent: true }, { silent: true }]);
    server.script(['Final Answer: from the fallback'], { model: `${model}-other` });
    const fallback = createOllamaProvider({ id: 'ollama', protocol: 'ollama', model: `${model}-other`, baseUrl: server.ollamaUrl }).createModel(
      `${model}-other`,
    );
    const events: ModelEvent[] = [];
    const retrying = new RetryingModel({ models: [modelOf('openai', true), fallback], delaysMs: [10], emit: (event) => events.push(event) });
    const call = underWay(retrying.chat({ messages, signal: new AbortController().signal }));
    await silence(TIMEOUT_S * 1000);
    await until(() => events.length === 1, 'the retry to be announced');
    await vi.advanceTimersByTimeAsync(10);
    await silence(TIMEOUT_S * 1000, { nth: 2 });
    await until(call.settled, 'the fallback to answer');
    expect(call.outcome()).toMatchObject({ text: 'Final Answer: from the fallback' });
    expect(events.map((event) => event.type)).toEqual(['retry', 'provider_switch']);
  });
});

describe.each(['openai', 'ollama', 'anthropic'] as const)('%s: a connection kept warm while the model writes nothing', (protocol) => {
  const quiet = (hangAfterChars: number) => ({ text: 'Final Answer: stalled', hangAfterChars, keepAliveEveryMs: 40, chunkSize: 4 });

  beforeEach(fakeTimeouts);

  it('fails after timeout_s with no answer, whatever keep-alives and empty deltas come', async () => {
    script([quiet(0)]);
    const call = underWay(modelOf(protocol, true).chat({ messages, signal: new AbortController().signal }));
    // Every kind of frame has come before the limit passes.
    expect(await limitRunsOut(call, { keepAlives: 3 })).toMatchObject({
      name: 'ModelError',
      transient: true,
      message: `${protocol}: no answer from ${urlOf(protocol)} for ${TIMEOUT_S} s — check the server, or raise providers.${protocol}.config.timeout_s for a slow model`,
    });
  });

  it('fails after timeout_s once the reply stalled mid-way', async () => {
    script([quiet(8)]);
    const deltas: string[] = [];
    const call = underWay(modelOf(protocol, true).chat({ messages, signal: new AbortController().signal, onDelta: (text) => deltas.push(text) }));
    await until(() => deltas.join('') === 'Final An', 'the text before the stall');
    expect(await limitRunsOut(call, { keepAlives: 3 })).toMatchObject({
      name: 'ModelError',
      message: expect.stringContaining(`the reply from ${urlOf(protocol)} stopped, nothing more for ${TIMEOUT_S} s`),
    });
  });
});

describe('the idle watch', () => {
  const limits = { beforeReplyMs: 900, betweenChunksMs: 250 };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A call that ends only when its signal aborts; the test drives its watch. */
  function watchedCall(parent = new AbortController().signal) {
    let watch: IdleWatch | undefined;
    let settled: unknown;
    const outcome = withIdleWatch(parent, limits, (signal, given) => {
      watch = given;
      return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    }).catch((error: unknown) => (settled = error));
    return { outcome, output: () => watch!.output(), settled: () => settled };
  }

  it('allows the longer wait before the first output', async () => {
    const call = watchedCall();
    await vi.advanceTimersByTimeAsync(899);
    expect(call.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await call.outcome).toEqual(new IdleTimeoutError(900, false));
  });

  it('restarts the silence at each output, with the shorter limit between chunks', async () => {
    const call = watchedCall();
    await vi.advanceTimersByTimeAsync(800);
    call.output();
    await vi.advanceTimersByTimeAsync(249);
    call.output();
    await vi.advanceTimersByTimeAsync(249);
    expect(call.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await call.outcome).toEqual(new IdleTimeoutError(250, true));
  });

  it('leaves nothing running after the call ends', async () => {
    const signal = new AbortController().signal;
    await expect(withIdleWatch(signal, limits, async (_signal, watch) => (watch.output(), 'done'))).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('default limits', () => {
  it.each([
    ['a local Ollama, streamed', 'http://localhost:11434', true, 300, 120],
    ['a server on the LAN', 'http://192.168.1.20:8000/v1', true, 300, 120],
    ['a machine name', 'http://gpu-box:1234/v1', true, 300, 120],
    ['a hosted API', 'https://api.openai.com/v1', true, 120, 60],
    ['Ollama cloud', 'https://ollama.com', true, 120, 60],
    ['a local whole reply', 'http://127.0.0.1:11434', false, 300, 120],
    ['a hosted whole reply', 'https://openrouter.ai/api/v1', false, 300, 60],
  ])('%s', (_case, url, stream, beforeReplyS, betweenChunksS) => {
    expect(idleLimits({ url, stream })).toEqual({ beforeReplyMs: beforeReplyS * 1000, betweenChunksMs: betweenChunksS * 1000 });
  });

  it('takes timeout_s for every silence when it is set', () => {
    expect(idleLimits({ url: 'http://localhost:11434', stream: true, timeoutS: 45 })).toEqual({ beforeReplyMs: 45_000, betweenChunksMs: 45_000 });
  });
});
