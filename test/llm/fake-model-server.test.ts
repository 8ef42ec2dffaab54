// The fake servers must hold to the limits real ones hold to, or tests of the context window prove nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPromptTokens, countTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({ models: [{ name: 'small:latest', contextLength: 2048, architecture: 'qwen2' }, 'big'] });
});
afterAll(() => server.close());

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('token counts', () => {
  it('counts GPT-2 pre-token pieces at four characters a token, not characters / 4', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello')).toBe(2);
    expect(countTokens('You are terse.')).toBe(5); // "You" " are" " terse" "."
    expect(countTokens('{"id": 42}')).toBe(5); // '{"' 'id' '":' ' 42' '}'
    expect(countTokens('a b c d e f g h')).toBe(8);
    expect(countPromptTokens([{ content: 'You are terse.' }, { content: 'hello' }])).toBe(5 + 2 + 2 * 3 + 3);
  });
});

describe('Ollama', () => {
  it('answers /api/show with the model’s architecture and window, and 404 for a model it lacks', async () => {
    const show = await (await post('/api/show', { model: 'small' })).json();
    expect(show).toMatchObject({ model_info: { 'general.architecture': 'qwen2', 'qwen2.context_length': 2048 }, details: { family: 'qwen2' } });
    expect(typeof show.parameters).toBe('string');
    expect((await post('/api/show', { model: 'big' })).status).toBe(200);
    expect((await post('/api/show', { model: 'absent' })).status).toBe(404);
  });

  it('runs with 4,096 tokens when num_ctx is absent, and cuts a longer prompt without a word', async () => {
    const messages = [
      { role: 'system', content: 'rules' },
      { role: 'user', content: words(2000) },
      { role: 'assistant', content: words(2000) },
      { role: 'user', content: 'the question' },
    ];
    const reply = await (await post('/api/chat', { model: 'big', messages, stream: false })).json();
    expect(reply).toMatchObject({ done: true, message: { content: expect.any(String) } });
    const recorded = server.requests.at(-1)!;
    expect(recorded).toMatchObject({ contextWindow: 4096, truncated: true, promptTokens: countPromptTokens(messages), options: undefined });
    expect(reply.prompt_eval_count).toBe(recorded.evaluatedTokens);
    expect(recorded.evaluatedTokens).toBe(countPromptTokens([messages[0]!, messages[3]!])); // oldest others dropped
  });

  it('honours num_ctx, never above the model’s own window', async () => {
    const messages = [{ role: 'user', content: words(1500) }];
    await post('/api/chat', { model: 'big', messages, stream: false, options: { num_ctx: 8192 } });
    expect(server.requests.at(-1)).toMatchObject({ contextWindow: 8192, truncated: false, options: { num_ctx: 8192 } });
    await post('/api/chat', { model: 'small', messages, stream: false, options: { num_ctx: 8192 } });
    expect(server.requests.at(-1)).toMatchObject({ contextWindow: 2048, truncated: true, evaluatedTokens: 2048 });
  });

  it('streams thinking before the content', async () => {
    server.script([{ text: 'done', thinking: 'pondering', chunkSize: 4 }]);
    const lines = (await (await post('/api/chat', { model: 'big', messages: [] })).text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.message.thinking ?? '').join('')).toBe('pondering');
    expect(lines.map((line) => line.message.content).join('')).toBe('done');
    const kinds = lines.map((line) => (line.message.thinking ? 'thinking' : line.message.content ? 'content' : 'end'));
    expect(kinds.join(' ')).toMatch(/^(thinking )+(content )+end$/);
  });
});

describe('OpenAI-compatible', () => {
  it('refuses a prompt and max_tokens above the window with the real 400, taking no scripted reply', async () => {
    const tight = await startFakeModelServer({ contextWindow: 100 });
    try {
      tight.script(['kept for later']);
      const messages = [{ role: 'user', content: words(50) }];
      const response = await fetch(`${tight.openaiBaseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'fake-model', messages, max_tokens: 500 }),
      });
      expect(response.status).toBe(400);
      const asked = countPromptTokens(messages) + 500;
      expect(await response.json()).toEqual({
        error: {
          message: `This model's maximum context length is 100 tokens. However, your messages resulted in ${asked} tokens. Please reduce the length of the messages.`,
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      });
      expect(tight.requests.at(-1)).toMatchObject({ max_tokens: 500, contextWindow: 100 });
      const fits = await fetch(`${tight.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'fake-model', messages: [] }) });
      expect((await fits.json()).choices[0].message.content).toBe('kept for later');
    } finally {
      await tight.close();
    }
  });

  it('answers with a function of the request', async () => {
    server.script([(request) => (request.messages.at(-1)?.content.startsWith('Summarize') ? 'a summary' : 'an agent turn')]);
    server.script([(request) => ({ text: `you sent ${request.promptTokens} tokens` })]);
    const ask = async (content: string) => {
      const response = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'big', messages: [{ role: 'user', content }] }),
      });
      return (await response.json()).choices[0].message.content as string;
    };
    expect(await ask('Summarize the history')).toBe('a summary');
    expect(await ask('hi')).toBe(`you sent ${countPromptTokens([{ content: 'hi' }])} tokens`);
  });

  it('keeps chat requests apart from the metadata a provider reads first', async () => {
    server.reset();
    await fetch(`${server.openaiBaseUrl}/models`);
    await post('/api/show', { model: 'big' });
    await fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'big', messages: [] }) });
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions']);
    expect(server.metadataRequests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/models', 'POST /api/show']);
  });

  it.each([
    ['vllm', '/v1/models', { data: [{ id: 'm', max_model_len: 4096 }] }],
    ['openrouter', '/v1/models', { data: [{ id: 'm', context_length: 4096, top_provider: { context_length: 4096 } }] }],
    ['llamacpp', '/v1/models', { data: [{ id: 'm', meta: { n_ctx_train: 4096 } }] }],
    ['llamacpp', '/props', { default_generation_settings: { n_ctx: 1024 } }],
    ['lmstudio', '/api/v0/models', { data: [{ id: 'm', state: 'loaded', max_context_length: 4096, loaded_context_length: 1024 }] }],
    ['lmstudio', '/api/v0/models/m', { id: 'm', loaded_context_length: 1024 }],
  ] as const)('%s says its window at %s', async (flavor, path, expected) => {
    const flavoured = await startFakeModelServer({
      flavor,
      models: [{ name: 'm', contextLength: 4096, loadedContextLength: flavor === 'vllm' || flavor === 'openrouter' ? undefined : 1024 }],
    });
    try {
      expect(await (await fetch(`${flavoured.url}${path}`)).json()).toMatchObject(expected);
      expect((await fetch(`${flavoured.url}${flavor === 'llamacpp' ? '/api/v0/models' : '/props'}`)).status).toBe(404);
    } finally {
      await flavoured.close();
    }
  });
});

describe('Anthropic Messages API', () => {
  const messages = (body: unknown, headers: Record<string, string> = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }) =>
    fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const ask = (text: string, extra: Record<string, unknown> = {}) => ({ model: 'big', max_tokens: 100, messages: [{ role: 'user', content: text }], ...extra });
  const cached = (text: string) => ({ type: 'text', text, cache_control: { type: 'ephemeral' } });

  it('wants a key and a known API version, as the real API does', async () => {
    const noKey = await messages(ask('hi'), { 'anthropic-version': '2023-06-01' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const noVersion = await messages(ask('hi'), { 'x-api-key': 'k' });
    expect(noVersion.status).toBe(400);
    expect(await noVersion.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('anthropic-version') },
    });
    expect((await messages(ask('hi'), { authorization: 'Bearer k', 'anthropic-version': '2026-10-21' })).status).toBe(200);
  });

  it('streams its events in the API’s order: start, ping, thinking, text, tool_use, delta with the stop reason, stop', async () => {
    server.script([{ text: 'Reading.', thinking: 'hmm', toolCalls: [{ name: 'read_file', arguments: { path: 'a' } }], chunkSize: 100 }]);
    const body = await (await messages(ask('go', { stream: true }))).text();
    const events = body
      .trim()
      .split('\n\n')
      .map((frame) => {
        const [event, data] = frame.split('\n');
        const parsed = JSON.parse(data!.slice('data: '.length)) as { type: string; delta?: { type: string } };
        expect(event).toBe(`event: ${parsed.type}`);
        return parsed.delta?.type ?? parsed.type;
      });
    expect(events).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'thinking_delta',
      'signature_delta',
      'content_block_stop',
      'content_block_start',
      'text_delta',
      'content_block_stop',
      'content_block_start',
      'input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(body).toContain('"stop_reason":"tool_use"');
  });

  it('refuses a prompt over the window with the API’s 400, naming the window', async () => {
    const refused = await messages({ model: 'small', max_tokens: 10, messages: [{ role: 'user', content: words(3000) }] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(/^prompt is too long: \d+ tokens > 2048 maximum$/);
  });

  it('reads a prefix from the cache when an earlier request wrote it at a breakpoint, within 20 blocks back', async () => {
    server.reset();
    const system = [cached(words(300))];
    const first = await (await messages({ ...ask('one'), system, messages: [{ role: 'user', content: [cached('question one')] }] })).json();
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(300);
    const turns = [
      { role: 'user', content: [{ type: 'text', text: 'question one' }] },
      { role: 'assistant', content: 'answer one' },
      { role: 'user', content: [cached('question two')] },
    ];
    const second = await (await messages({ ...ask('two'), system, messages: turns })).json();
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    const changed = await (await messages({ ...ask('three'), system: [cached('another system prompt')], messages: turns })).json();
    expect(changed.usage.cache_read_input_tokens).toBe(0);
    expect(server.requests.at(-1)?.anthropic?.cacheBreakpoints).toEqual(['system[0]', 'messages[2].content[0]']);
  });

  it('lists its models when asked with the version header', async () => {
    const list = await (await fetch(`${server.url}/v1/models`, { headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' } })).json();
    expect(list).toEqual({
      data: expect.arrayContaining([expect.objectContaining({ type: 'model', id: 'big' })]),
      has_more: false,
      first_id: 'small:latest',
      last_id: 'big',
    });
  });
});

describe('Azure OpenAI', () => {
  const KEY = 'azure-key-0123456789';
  let azure: FakeModelServer;
  beforeAll(async () => {
    azure = await startFakeModelServer({ apiKey: KEY, azure: { deployments: ['prod'] } });
  });
  afterAll(() => azure.close());

  const chat = (path: string, headers: Record<string, string>) =>
    fetch(`${azure.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('refuses as Azure does: the key first, then the api-version, then the deployment', async () => {
    const noKey = await chat('/openai/deployments/prod/chat/completions?api-version=2024-10-21', { authorization: `Bearer ${KEY}` });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { code: '401', message: expect.stringContaining('Access denied') } });
    const version = await chat('/openai/deployments/prod/chat/completions?api-version=1999-01-01', { 'api-key': KEY });
    expect([version.status, await version.json()]).toEqual([404, { error: { code: '404', message: 'Resource not found' } }]);
    const deployment = await chat('/openai/deployments/other/chat/completions?api-version=2024-10-21', { 'api-key': KEY });
    expect([deployment.status, (await deployment.json()).error.code]).toEqual([404, 'DeploymentNotFound']);
    expect(azure.requests).toEqual([]);
  });

  it('answers the deployment’s chat as OpenAI does, the deployment as the model, with the usage a reply scripts', async () => {
    azure.script([{ text: 'Final Answer: hi', usage: { promptTokens: 50, completionTokens: 5, cachedTokens: 32 } }]);
    const answer = await (await chat('/openai/deployments/prod/chat/completions?api-version=2024-10-21', { 'api-key': KEY })).json();
    expect(answer).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { content: 'Final Answer: hi' } }],
      usage: { prompt_tokens: 50, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 32 } },
    });
    expect(azure.requests.at(-1)).toMatchObject({ model: 'prod', path: '/openai/deployments/prod/chat/completions' });
  });
});
