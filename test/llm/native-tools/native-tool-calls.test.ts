import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/llm/chat-message.js';
import type { ProviderSettings } from '../../../src/config/types.js';
import type { ChatModel, ToolSchema } from '../../../src/llm/chat-model.js';
import { createOllamaProvider } from '../../../src/llm/ollama-provider.js';
import { createOpenAIProvider } from '../../../src/llm/openai-provider.js';
import { startFakeModelServer, type FakeModelServer } from '../../support/fake-model-server.mjs';

const READ_FILE: ToolSchema = {
  name: 'read_file',
  description: 'Read a file of the project.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
};
const question: ChatMessage[] = [
  { role: 'system', content: 'You test APIs.', stablePrefix: true },
  { role: 'user', content: 'What is in a.txt and b.txt?' },
];

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer({
    models: [
      { name: 'tool-model:latest', capabilities: ['completion', 'tools'] },
      { name: 'plain-model:latest', capabilities: ['completion'] },
    ],
  });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

function openai(stream: boolean, overrides: Partial<ProviderSettings> = {}): ChatModel {
  const settings: ProviderSettings = { id: 'local', protocol: 'openai', model: 'gpt-4o', baseUrl: server.openaiBaseUrl, stream, ...overrides };
  return createOpenAIProvider(settings).createModel(settings.model);
}

function ollama(stream: boolean, overrides: Partial<ProviderSettings> = {}): ChatModel {
  const settings: ProviderSettings = { id: 'ollama', protocol: 'ollama', model: 'tool-model', baseUrl: server.ollamaUrl, stream, ...overrides };
  return createOllamaProvider(settings).createModel(settings.model);
}

const signal = () => new AbortController().signal;
const TWO_READS = [
  { name: 'read_file', arguments: { path: 'a.txt' }, id: 'call_a' },
  { name: 'read_file', arguments: { path: 'b.txt' }, id: 'call_b' },
];

describe('native tool calls, OpenAI', () => {
  it.each([true, false])('sends the tools as function tools and reads the calls (streamed: %s)', async (stream) => {
    server.script([{ text: 'Reading both.', toolCalls: TWO_READS, chunkSize: 3 }]);
    const deltas: string[] = [];
    const reply = await openai(stream).chat({ messages: question, tools: [READ_FILE], signal: signal(), onDelta: (text) => deltas.push(text) });
    expect(reply.text).toBe('Reading both.');
    expect(reply.toolCalls).toEqual([
      { id: 'call_a', name: 'read_file', arguments: '{"path":"a.txt"}' },
      { id: 'call_b', name: 'read_file', arguments: '{"path":"b.txt"}' },
    ]);
    expect(deltas.join('')).toBe('Reading both.');
    const sent = server.requests.at(-1)!;
    expect(sent.tools).toEqual([{ type: 'function', function: { name: 'read_file', description: READ_FILE.description, parameters: READ_FILE.parameters } }]);
    // Falcon's own fields never reach the wire.
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'You test APIs.' });
  });

  it('sends the calls back on the assistant message and each observation as a tool message answering its id', async () => {
    server.script(['Both files hold greetings.']);
    const history: ChatMessage[] = [
      ...question,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_a', name: 'read_file', arguments: '{"path":"a.txt"}' }] },
      { role: 'user', content: 'Observation: hello', toolCallId: 'call_a' },
    ];
    const reply = await openai(true).chat({ messages: history, tools: [READ_FILE], signal: signal() });
    expect(reply.toolCalls).toBeUndefined();
    expect(server.requests.at(-1)!.messages.slice(2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }] },
      { role: 'tool', tool_call_id: 'call_a', content: 'Observation: hello' },
    ]);
  });

  it('sends no tools in text mode', async () => {
    server.script(['Final Answer: hi']);
    await openai(true).chat({ messages: question, signal: signal() });
    expect(server.requests.at(-1)!.tools).toBeUndefined();
  });

  it('passes arguments that are no JSON on as they came, for the loop to answer', async () => {
    server.script([{ toolCalls: [{ name: 'read_file', arguments: '{"path": "a.txt"', id: 'call_bad' }] }]);
    const reply = await openai(true).chat({ messages: question, tools: [READ_FILE], signal: signal() });
    expect(reply.toolCalls).toEqual([{ id: 'call_bad', name: 'read_file', arguments: '{"path": "a.txt"' }]);
  });
});

describe('native tool calls, Ollama', () => {
  it.each([true, false])('sends the tools and reads message.tool_calls, arguments as JSON text and ids made up (streamed: %s)', async (stream) => {
    server.script([{ toolCalls: TWO_READS }]);
    const reply = await ollama(stream).chat({ messages: question, tools: [READ_FILE], signal: signal() });
    expect(reply.toolCalls).toEqual([
      { id: 'call_0', name: 'read_file', arguments: '{"path":"a.txt"}' },
      { id: 'call_1', name: 'read_file', arguments: '{"path":"b.txt"}' },
    ]);
    const sent = server.requests.at(-1)!;
    expect(sent.tools).toEqual([{ type: 'function', function: { name: 'read_file', description: READ_FILE.description, parameters: READ_FILE.parameters } }]);
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'You test APIs.' });
  });

  it('sends calls back with their arguments as objects, and observations as tool messages naming the tool', async () => {
    server.script(['Done.']);
    const history: ChatMessage[] = [
      ...question,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'read_file', arguments: '{"path":"a.txt"}' }] },
      { role: 'user', content: 'Observation: hello', toolCallId: 'call_0' },
    ];
    await ollama(true).chat({ messages: history, tools: [READ_FILE], signal: signal() });
    expect(server.requests.at(-1)!.messages.slice(2)).toEqual([
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'read_file', arguments: { path: 'a.txt' } } }] },
      { role: 'tool', content: 'Observation: hello', tool_name: 'read_file' },
    ]);
  });
});

describe('tool_protocol', () => {
  it('is text unless configured', async () => {
    await expect(openai(true).toolProtocol!()).resolves.toBe('text');
    await expect(ollama(true).toolProtocol!()).resolves.toBe('text');
    await expect(openai(true, { toolProtocol: 'native' }).toolProtocol!()).resolves.toBe('native');
  });

  it('auto: Ollama says whether the model takes tools in /api/show capabilities, asked once', async () => {
    const tools = ollama(true, { toolProtocol: 'auto' });
    await expect(tools.toolProtocol!()).resolves.toBe('native');
    await expect(tools.toolProtocol!()).resolves.toBe('native');
    expect(server.metadataRequests.filter((request) => request.path === '/api/show')).toHaveLength(1);
    await expect(ollama(true, { toolProtocol: 'auto', model: 'plain-model' }).toolProtocol!()).resolves.toBe('text');
  });

  it('auto: the known-model table decides where the server does not say', async () => {
    await expect(openai(true, { toolProtocol: 'auto' }).toolProtocol!()).resolves.toBe('native');
    await expect(openai(true, { toolProtocol: 'auto', model: 'openai/gpt-4o-mini' }).toolProtocol!()).resolves.toBe('native');
    await expect(openai(true, { toolProtocol: 'auto', model: 'my-finetune' }).toolProtocol!()).resolves.toBe('text');
    await expect(ollama(true, { toolProtocol: 'auto', model: 'unknown-to-ollama' }).toolProtocol!()).resolves.toBe('text');
    await expect(ollama(true, { toolProtocol: 'auto', model: 'qwen3:8b' }).toolProtocol!()).resolves.toBe('native');
  });
});
