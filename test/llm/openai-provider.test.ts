import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/llm/chat-message.js';
import type { ProviderSettings } from '../../src/config/types.js';
import { ModelError, ModelSetupError } from '../../src/llm/model-errors.js';
import { createOpenAIProvider } from '../../src/llm/openai-provider.js';
import type { ProviderOptions } from '../../src/llm/chat-model.js';
import { countPromptTokens, countTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'say hello' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: ['gpt-test', 'other-model'] });
});
afterAll(() => server.close());

function provider(overrides: Partial<ProviderSettings> = {}, options: ProviderOptions = {}) {
  const settings: ProviderSettings = { id: 'local', protocol: 'openai', model: 'gpt-test', baseUrl: server.openaiBaseUrl, ...overrides };
  return createOpenAIProvider(settings, options);
}

function chat(options: ProviderOptions = {}, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const thoughts: string[] = [];
  const reply = provider({}, options)
    .createModel('gpt-test')
    .chat({ messages, signal, onDelta: (text) => deltas.push(text), onThinking: (text) => thoughts.push(text) });
  return { reply, deltas, thoughts };
}

const PROMPT_TOKENS = countPromptTokens(messages);

describe('OpenAI provider', () => {
  it('streams a reply in deltas and reports the usage the server sent', async () => {
    server.script([{ text: 'Final Answer: hello there', chunkSize: 5 }]);
    const { reply, deltas } = chat();
    await expect(reply).resolves.toEqual({
      text: 'Final Answer: hello there',
      usage: { inputTokens: PROMPT_TOKENS, outputTokens: countTokens('Final Answer: hello there') },
      reportedInputTokens: PROMPT_TOKENS,
    });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Final Answer: hello there');
    expect(server.requests.at(-1)).toMatchObject({ protocol: 'openai', model: 'gpt-test', stream: true, messages });
  });

  it('asks for a whole reply when streaming is off and passes it on as one delta', async () => {
    server.script(['Final Answer: in one piece']);
    const { reply, deltas } = chat({ stream: false });
    await expect(reply).resolves.toEqual({
      text: 'Final Answer: in one piece',
      usage: { inputTokens: PROMPT_TOKENS, outputTokens: countTokens('Final Answer: in one piece') },
      reportedInputTokens: PROMPT_TOKENS,
    });
    expect(deltas).toEqual(['Final Answer: in one piece']);
    expect(server.requests.at(-1)).toMatchObject({ stream: false });
  });

  it('follows the stream setting of the provider', async () => {
    server.script(['whole']);
    await provider({ stream: false }).createModel('gpt-test').chat({ messages, signal: new AbortController().signal });
    expect(server.requests.at(-1)).toMatchObject({ stream: false });
  });

  it('sends the API key as a bearer token', async () => {
    server.script(['ok']);
    await provider({ apiKey: 'sk-test' }).createModel('gpt-test').chat({ messages, signal: new AbortController().signal });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test');
  });

  it('lists the models of the server', async () => {
    await expect(provider().listModels()).resolves.toEqual(['gpt-test', 'other-model']);
  });

  it('throws a transient error, not partial text, when the stream is cut mid-way', async () => {
    server.script([{ text: 'Final Answer: this will not arrive whole', cutAfterChars: 12, chunkSize: 4 }]);
    const { reply, deltas } = chat();
    await expect(reply).rejects.toMatchObject({ name: 'ModelError', transient: true });
    expect(deltas.join('')).toBe('Final Answer');
  });

  it('stops a hanging stream promptly when the signal aborts', async () => {
    server.script([{ text: 'Final Answer: never finished', hangAfterChars: 6 }]);
    const controller = new AbortController();
    const { reply, deltas } = chat({}, controller.signal);
    await expect.poll(() => deltas.length).toBeGreaterThan(0);
    controller.abort();
    // The server never finishes: only the abort ends the call (an idle timeout would be a ModelError).
    await expect(reply).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reports HTTP errors with the status, whether to retry, and Retry-After', async () => {
    server.script([{ status: 429, headers: { 'retry-after': '2' } }]);
    const error = await chat().reply.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 2000 });
    expect((error as Error).message).toBe('local: 429 Too Many Requests (Rate limit reached for requests.) — rate limited, too many requests');
  });

  it('passes streamed reasoning_content to onThinking, never into the text', async () => {
    server.script([{ text: 'Final Answer: 4', thinking: 'two and two make four', chunkSize: 6 }]);
    const { reply, deltas, thoughts } = chat();
    await expect(reply).resolves.toMatchObject({ text: 'Final Answer: 4', thinking: 'two and two make four' });
    expect(thoughts.length).toBeGreaterThan(1);
    expect(thoughts.join('')).toBe('two and two make four');
    expect(deltas.join('')).toBe('Final Answer: 4');
  });

  it('reads `reasoning` (OpenRouter, LM Studio) as well, streamed or whole', async () => {
    server.script([{ text: 'Final Answer: yes', thinking: 'it is so', thinkingField: 'reasoning' }]);
    await expect(chat().reply).resolves.toMatchObject({ text: 'Final Answer: yes', thinking: 'it is so' });
    server.script([{ text: 'Final Answer: no', thinking: 'it is not', thinkingField: 'reasoning' }]);
    const whole = chat({ stream: false });
    await expect(whole.reply).resolves.toMatchObject({ text: 'Final Answer: no', thinking: 'it is not' });
    expect(whole.thoughts).toEqual(['it is not']);
    server.script([{ text: 'Final Answer: maybe', thinking: 'hmm' }]);
    await expect(chat({ stream: false }).reply).resolves.toMatchObject({ text: 'Final Answer: maybe', thinking: 'hmm' });
  });

  it('has no thinking when the server sent none', async () => {
    server.script(['Final Answer: plain']);
    expect(await chat().reply).not.toHaveProperty('thinking');
  });

  it('reports a prompt longer than the window as a context overflow that is not retried', async () => {
    const small = await startFakeModelServer({ models: [{ name: 'gpt-test', contextLength: 12 }] });
    try {
      const model = provider({ baseUrl: small.openaiBaseUrl }).createModel('gpt-test');
      const error = await model.chat({ messages, signal: new AbortController().signal }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ status: 400, transient: false, contextOverflow: { windowTokens: 12 } });
      expect((error as Error).message).toBe(
        `local: 400 Bad Request (This model's maximum context length is 12 tokens. However, your messages resulted in ${PROMPT_TOKENS} tokens. Please reduce the length of the messages.) — the conversation no longer fits the model's context window`,
      );
    } finally {
      await small.close();
    }
  });

  it.each(['vllm', 'llamacpp', 'lmstudio', 'openrouter'] as const)('reads the window from the overflow error of %s', async (flavor) => {
    const small = await startFakeModelServer({ models: [{ name: 'gpt-test', contextLength: 12 }], flavor });
    try {
      for (const stream of [true, false]) {
        const model = provider({ baseUrl: small.openaiBaseUrl }, { stream }).createModel('gpt-test');
        const error = await model.chat({ messages, signal: new AbortController().signal }).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ name: 'ModelError', status: 400, transient: false, contextOverflow: { windowTokens: 12 } });
      }
    } finally {
      await small.close();
    }
  });

  it('reads error bodies in shapes the SDK cannot: vLLM before 0.10.1, Gemini in a list', async () => {
    const flat = {
      object: 'error',
      message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
    const listed = [
      { error: { code: 400, message: 'The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } },
    ];
    server.script([
      { status: 400, body: flat },
      { status: 400, body: listed },
    ]);
    await expect(chat().reply).rejects.toMatchObject({
      contextOverflow: { windowTokens: 4096 },
      message: expect.stringContaining('maximum context length is 4096'),
    });
    await expect(chat().reply).rejects.toMatchObject({ contextOverflow: { windowTokens: 1_048_576 }, message: expect.stringContaining('input token count') });
  });

  it('needs a base URL for a provider it does not know', () => {
    expect(() => provider({ id: 'lmstudio', baseUrl: undefined })).toThrow(ModelSetupError);
  });
});

describe('OpenAI provider connection check', () => {
  it('is ok when the configured model is listed', async () => {
    await expect(provider().checkConnection()).resolves.toEqual({ ok: true, models: 2 });
  });

  it('names a missing model and a few available ones', async () => {
    await expect(provider({ model: 'gpt-missing' }).checkConnection()).resolves.toEqual({
      ok: false,
      problem: 'model gpt-missing is not available',
      hint: 'available: gpt-test, other-model',
    });
  });

  it('says the server cannot be reached when nothing listens', async () => {
    const closed = await startFakeModelServer();
    await closed.close();
    await expect(provider({ baseUrl: closed.openaiBaseUrl }).checkConnection()).resolves.toEqual({
      ok: false,
      problem: `cannot reach ${closed.openaiBaseUrl}`,
      hint: 'is the server running?',
    });
  });

  it('says the API key was refused on 401', async () => {
    const guarded = await startFakeModelServer({ models: ['gpt-test'], apiKey: 'right-key' });
    try {
      const check = provider({ id: 'openai', apiKey: 'wrong-key', baseUrl: guarded.openaiBaseUrl }).checkConnection();
      await expect(check).resolves.toEqual({ ok: false, problem: 'the API key was refused', hint: 'check api_key or OPENAI_API_KEY' });
    } finally {
      await guarded.close();
    }
  });
});
