import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({
    models: ['gpt-test', { name: 'tool-model:latest', capabilities: ['completion', 'tools'] }, { name: 'plain-model:latest', capabilities: ['completion'] }],
  });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await writeFile(path.join(sandbox.project, 'a.txt'), 'alpha says hello\n');
  await writeFile(path.join(sandbox.project, 'b.txt'), 'beta says goodbye\n');
});
afterEach(() => sandbox.cleanup());

function providers(toolProtocol: string, ollamaModel = 'tool-model') {
  return {
    openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, tool_protocol: toolProtocol } },
    ollama: { model: ollamaModel, config: { mode: 'local', url: models.ollamaUrl, tool_protocol: toolProtocol } },
    anthropic: {
      model: 'claude-sonnet-4-5',
      config: { api_key: 'sk-ant-test-key-for-the-fake-server', base_url: models.anthropicBaseUrl, tool_protocol: toolProtocol },
    },
  };
}

const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
const toolNames = (request: RecordedRequest) => request.tools?.map((tool) => tool.function.name) ?? [];
const READ_BOTH = {
  toolCalls: [
    { name: 'read_file', arguments: { path: 'a.txt' } },
    { name: 'read_file', arguments: { path: 'b.txt' } },
  ],
};

describe.each(['openai', 'ollama'])('a native session on %s', (provider) => {
  it('reads two files with two read-only calls in one reply and returns both observations in order', async () => {
    await sandbox.writeConfig({ default_provider: provider, providers: providers('native') });
    models.script([READ_BOTH, 'Alpha says hello and beta says goodbye.']);
    const result = await falcon(['-p', 'what do a.txt and b.txt say?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Alpha says hello and beta says goodbye.\n');

    const [first, second] = models.requests;
    expect(models.requests).toHaveLength(2);
    expect(toolNames(first!)).toEqual(expect.arrayContaining(['read_file', 'tool_search']));
    const read = first!.tools!.find((tool) => tool.function.name === 'read_file')!;
    expect(read.function.parameters).toMatchObject({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(first!.messages[0]!.content).not.toContain('ACTION: tool_name(');

    const [call, answerA, answerB] = second!.messages.slice(-3);
    expect(call).toMatchObject({ role: 'assistant', tool_calls: [expect.anything(), expect.anything()] });
    expect(answerA).toMatchObject({ role: 'tool' });
    expect(answerA!.content).toMatch(/^Observation: .*alpha says hello/s);
    expect(answerB).toMatchObject({ role: 'tool' });
    expect(answerB!.content).toMatch(/^Observation: .*beta says goodbye/s);
    if (provider === 'openai') {
      expect([answerA!.tool_call_id, answerB!.tool_call_id]).toEqual(['call_fake_0', 'call_fake_1']);
    } else {
      expect([answerA!.tool_name, answerB!.tool_name]).toEqual(['read_file', 'read_file']);
    }
  });
});

describe('a native session on anthropic', () => {
  it('reads two files with two read-only calls in one reply and returns both tool results in one turn, in order', async () => {
    await sandbox.writeConfig({ default_provider: 'anthropic', providers: providers('native') });
    models.script([READ_BOTH, 'Alpha says hello and beta says goodbye.']);
    const result = await falcon(['-p', 'what do a.txt and b.txt say?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Alpha says hello and beta says goodbye.\n');

    expect(models.requests).toHaveLength(2);
    const [call, answers] = models.requests[1]!.anthropic!.messages.slice(-2);
    expect(call).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 'toolu_fake_1', name: 'read_file', input: { path: 'a.txt' } },
        { type: 'tool_use', id: 'toolu_fake_2', name: 'read_file', input: { path: 'b.txt' } },
      ],
    });
    expect(answers).toMatchObject({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_fake_1', content: expect.stringMatching(/^Observation: .*alpha says hello/s) },
        { type: 'tool_result', tool_use_id: 'toolu_fake_2', content: expect.stringMatching(/^Observation: .*beta says goodbye/s) },
      ],
    });
    expect(answers!.content).toHaveLength(2);
    // The tools and the system prompt end cached prefixes: the second request reads what the first wrote.
    const [first, second] = models.requests.map((request) => request.anthropic!);
    const lastTool = `tools[${first!.tools!.length - 1}]`;
    expect(first!.cacheBreakpoints).toEqual([lastTool, 'system[0]', 'messages[0].content[0]']);
    expect(second!.cacheBreakpoints).toEqual([lastTool, 'system[0]', 'messages[2].content[1]']);
    expect(second!.usage!.cache_read_input_tokens).toBe(first!.usage!.cache_creation_input_tokens);
    expect(second!.usage!.cache_read_input_tokens).toBeGreaterThan(1000);
  });
});

describe('native sessions', () => {
  it('are resumed with their calls and answers: the next request sends them again', async () => {
    await sandbox.writeConfig({ default_provider: 'openai', providers: providers('native') });
    models.script([{ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' }, id: 'call_read_a' }] }, 'Alpha says hello.', 'Still hello.']);
    expect((await falcon(['-p', 'what does a.txt say?'])).code).toBe(0);
    const again = await falcon(['--continue', '-p', 'and now?']);
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe('Still hello.\n');
    const resumed = models.requests[2]!.messages;
    expect(resumed.find((message) => message.role === 'assistant' && message.tool_calls)).toMatchObject({
      tool_calls: [{ id: 'call_read_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }],
    });
    expect(resumed.find((message) => message.role === 'tool')).toMatchObject({ tool_call_id: 'call_read_a' });
    const [file] = await readdir(path.join(sandbox.project, '.falcon', 'sessions'));
    expect(await readFile(path.join(sandbox.project, '.falcon', 'sessions', file!), 'utf8')).toContain('"toolCallId":"call_read_a"');
  });

  it('auto: native for an Ollama model whose capabilities include tools, text for one without', async () => {
    await sandbox.writeConfig({ default_provider: 'ollama', providers: providers('auto') });
    models.script(['Nothing to read.']);
    expect((await falcon(['-p', 'hi'])).stdout).toBe('Nothing to read.\n');
    expect(toolNames(models.requests[0]!)).toContain('read_file');

    models.reset();
    await sandbox.writeConfig({ default_provider: 'ollama', providers: providers('auto', 'plain-model') });
    models.script(['Final Answer: text it is.']);
    expect((await falcon(['-p', 'hi'])).stdout).toBe('text it is.\n');
    expect(models.requests[0]!.tools).toBeUndefined();
    expect(models.requests[0]!.messages[0]!.content).toContain('ACTION: tool_name(');
  });
});

describe('falcon config test', () => {
  it('tries a native call and says whether the model made it', async () => {
    await sandbox.writeConfig({ providers: { openai: providers('native').openai } });
    models.script([{ toolCalls: [{ name: 'ping', arguments: { word: 'falcon' } }] }]);
    const works = await falcon(['config', 'test']);
    expect(works.code).toBe(0);
    expect(works.stdout).toContain('✓ native tool call: the model called a tool through the tool API');
    expect(toolNames(models.requests.at(-1)!)).toEqual(['ping']);

    models.script(['I would rather not.\u001b[2J']);
    const fails = await falcon(['config', 'test']);
    expect(fails.code).toBe(1);
    expect(fails.stdout).toContain('✗ native tool call failed: the model answered without calling the tool: "I would rather not.[2J"');
    expect(fails.stdout).not.toContain('\u001b[2J');
  });

  it('says when auto leaves a model on the text protocol, and tries nothing', async () => {
    await sandbox.writeConfig({ providers: { ollama: providers('auto', 'plain-model').ollama } });
    const result = await falcon(['config', 'test']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('tool protocol auto: the model is not known to take tools, so sessions use the text protocol');
    expect(models.requests).toHaveLength(0);
  });
});
