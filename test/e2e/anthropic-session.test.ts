// A session on the Anthropic Messages API through the built binary: it reads a file and answers, and
// its second request reads the stable prefix (the system prompt and the first turn) from the prompt
// cache the first one wrote.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const KEY = 'sk-ant-test-key-for-the-fake-server';
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929'], apiKey: KEY });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
});
afterEach(() => sandbox.cleanup());

async function configure(): Promise<void> {
  await sandbox.writeConfig({
    default_provider: 'anthropic',
    providers: { anthropic: { model: 'claude-sonnet-4-5', config: { base_url: models.anthropicBaseUrl } } },
    retry: { delays_ms: [50] },
  });
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'buy milk\ncall the plumber\nwater the plants\n');
}

const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env({ ANTHROPIC_API_KEY: KEY }) });

describe('a session on Anthropic', () => {
  it('reads a file and answers, the second request reading the stable prefix from the prompt cache', async () => {
    await configure();
    models.script([
      { text: 'Thought: read the notes.\nACTION: read_file({"path": "notes.txt"})', thinking: 'The user wants the notes; reading them.' },
      'Final Answer: notes.txt lists three errands: milk, the plumber, the plants.',
    ]);

    const result = await falcon(['-p', 'what is in notes.txt?', '--output-format', 'json']);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ answer: 'notes.txt lists three errands: milk, the plumber, the plants.', reason: 'answer', turns: 2, toolCalls: 1 });
    expect(models.requests.map((request) => [request.protocol, request.path, request.stream])).toEqual([
      ['anthropic', '/v1/messages', true],
      ['anthropic', '/v1/messages', true],
    ]);
    const [first, second] = models.requests.map((request) => request.anthropic!);
    expect(second!.messages.at(-1)!.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Observation: [\s\S]*call the plumber/), cache_control: { type: 'ephemeral' } },
    ]);
    // The system prompt (the tool reference in it) ends a cached prefix in both requests.
    expect(first!.cacheBreakpoints).toEqual(['system[0]', 'messages[0].content[0]']);
    expect(second!.cacheBreakpoints).toEqual(['system[0]', 'messages[2].content[0]']);
    expect(first!.usage).toMatchObject({ cache_read_input_tokens: 0 });
    // What the first request wrote — the system prompt and the question — the second reads.
    expect(second!.usage!.cache_read_input_tokens).toBe(first!.usage!.cache_creation_input_tokens);
    expect(second!.usage!.cache_read_input_tokens).toBeGreaterThan(1000);
    // Cache reads and writes count as prompt tokens; the output does not carry them apart yet.
    expect(output.usage.inputTokens).toBe(models.requests[0]!.promptTokens + models.requests[1]!.promptTokens);
  });

  it('shows thinking blocks as thought, never running a call written in them', async () => {
    await configure();
    models.script([{ text: 'Final Answer: nothing to do.', thinking: 'Maybe ACTION: read_file({"path": "notes.txt"}) — no, not needed.' }]);
    const result = await falcon(['-p', 'anything to do?', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string });
    const thinking = events
      .filter((event) => event.type === 'thinking_delta')
      .map((event) => event.text)
      .join('');
    expect(thinking).toBe('Maybe ACTION: read_file({"path": "notes.txt"}) — no, not needed.');
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([]);
    expect(events.find((event) => event.type === 'answer')).toMatchObject({ text: 'nothing to do.' });
    expect(models.requests).toHaveLength(1);
  });
});
