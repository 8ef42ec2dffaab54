// The four wire protocols × the two tool protocols, through the built binary: each session reads a
// file with the read tool, the file reaches the model in the next request, and the answer is printed.
// What is particular to one protocol (Azure's key, Anthropic's cache, several calls in one reply) is
// proved in its own file; this one proves the same round trip works in every cell.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const ANTHROPIC_KEY = 'sk-ant-test-key-for-the-fake-server';
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({
    models: ['gpt-test', 'claude-sonnet-4-5-20250929', { name: 'tool-model:latest', capabilities: ['completion', 'tools'] }],
    azure: { deployments: ['prod-gpt4o'] },
  });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'The API listens on port 4321.\n');
});
afterEach(() => sandbox.cleanup());

function providerConfig(provider: string, toolProtocol: string) {
  switch (provider) {
    case 'openai':
      return { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, tool_protocol: toolProtocol } };
    case 'ollama':
      return { model: 'tool-model', config: { mode: 'local', url: models.ollamaUrl, tool_protocol: toolProtocol } };
    case 'anthropic':
      return { model: 'claude-sonnet-4-5', config: { base_url: models.anthropicBaseUrl, tool_protocol: toolProtocol } };
    default:
      return {
        model: 'gpt-4o',
        config: {
          base_url: models.url,
          deployment: 'prod-gpt4o',
          api_version: '2024-10-21',
          api_key: 'azure-key-0123456789abcdef',
          tool_protocol: toolProtocol,
        },
      };
  }
}

/** The names of the tools a request gave through the provider's tool API, in either shape. */
const toolNames = (request: RecordedRequest) =>
  (request.anthropic ? (request.anthropic.tools as { name: string }[] | undefined) : request.tools?.map((tool) => tool.function))?.map((tool) => tool.name) ??
  [];
const systemPrompt = (request: RecordedRequest) => (request.anthropic ? JSON.stringify(request.anthropic.system) : request.messages[0]!.content);

const PROTOCOLS = [
  { provider: 'openai', path: '/v1/chat/completions' },
  { provider: 'ollama', path: '/api/chat' },
  { provider: 'anthropic', path: '/v1/messages' },
  { provider: 'azure', path: '/openai/deployments/prod-gpt4o/chat/completions' },
];

describe.each(PROTOCOLS)('a session on $provider', ({ provider, path: chatPath }) => {
  const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env({ ANTHROPIC_API_KEY: ANTHROPIC_KEY }) });
  const useProvider = (toolProtocol: string) =>
    sandbox.writeConfig({ default_provider: provider, providers: { [provider]: providerConfig(provider, toolProtocol) } });

  it('reads a file and answers in text tool mode', async () => {
    await useProvider('text');
    models.script(['Thought: read the notes.\nACTION: read_file({"path": "notes.txt"})', 'Final Answer: It listens on port 4321.']);

    const result = await falcon(['-p', 'which port does the API listen on?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('It listens on port 4321.\n');

    expect(models.requests.map((request) => request.path)).toEqual([chatPath, chatPath]);
    const [first, second] = models.requests;
    expect(toolNames(first!)).toEqual([]);
    expect(systemPrompt(first!)).toContain('ACTION: tool_name(');
    expect(second!.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(/^Observation: [\s\S]*The API listens on port 4321\./) });
  });

  it('reads a file and answers in native tool mode', async () => {
    await useProvider('native');
    models.script([{ toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] }, 'It listens on port 4321.']);

    const result = await falcon(['-p', 'which port does the API listen on?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('It listens on port 4321.\n');

    expect(models.requests.map((request) => request.path)).toEqual([chatPath, chatPath]);
    const [first, second] = models.requests;
    expect(toolNames(first!)).toEqual(expect.arrayContaining(['read_file', 'tool_search']));
    expect(systemPrompt(first!)).not.toContain('ACTION: tool_name(');
    const answer = second!.messages.at(-1)!;
    expect(answer.content).toMatch(/^Observation: [\s\S]*The API listens on port 4321\./);
    if (provider === 'anthropic') {
      expect(second!.anthropic!.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_fake_1' }] });
    } else {
      expect(answer.role).toBe('tool');
    }
  });
});
