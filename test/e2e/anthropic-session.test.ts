// A session on the Anthropic Messages API through the built binary: it reads a file and answers, and
// its second request reads the stable prefix (the system prompt and the first turn) from the prompt
// cache the first one wrote; the tokens read and written reach the usage and cost the price table's.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countTokens, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

const KEY = 'sk-ant-test-key-for-the-fake-server';
/** The price table's claude-sonnet-4-5, USD per million tokens: input, cached input, output. */
const SONNET_4_5 = { input: 3, cached: 0.3, output: 15 };
/** A cache write costs this many times the input (Anthropic's five-minute cache). */
const CACHE_WRITE_FACTOR = 1.25;
let models: FakeModelServer;
let sandbox: Sandbox;
let tui: PtySession | undefined;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['claude-sonnet-4-5-20250929'], apiKey: KEY });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
});
afterEach(async () => {
  tui?.kill();
  tui = undefined;
  await sandbox.cleanup();
});

async function configure(): Promise<void> {
  await sandbox.writeConfig({
    default_provider: 'anthropic',
    providers: { anthropic: { model: 'claude-sonnet-4-5', config: { base_url: models.anthropicBaseUrl } } },
    retry: { delays_ms: [50] },
  });
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'buy milk\ncall the plumber\nwater the plants\n');
}

/** A read of the notes, then the answer: the second request reads what the first wrote to the cache. */
const READ_THEN_ANSWER = [
  { text: 'Thought: read the notes.\nACTION: read_file({"path": "notes.txt"})', thinking: 'The user wants the notes; reading them.' },
  { text: 'Final Answer: notes.txt lists three errands: milk, the plumber, the plants.', thinking: '' },
];
const outputTokens = (reply: { text: string; thinking: string }) => countTokens(reply.text) + countTokens(reply.thinking);

/** The price table's cost of the session's calls, each as the fake reported it: plain input, cache reads, cache writes at 1.25× the input, output. */
function tableCost(): number {
  const { input, cached, output } = SONNET_4_5;
  const costs = models.requests.map(({ anthropic }, index) => {
    const usage = anthropic!.usage!;
    const written = usage.cache_creation_input_tokens * input * CACHE_WRITE_FACTOR;
    return (usage.input_tokens * input + usage.cache_read_input_tokens * cached + written + outputTokens(READ_THEN_ANSWER[index]!) * output) / 1_000_000;
  });
  return costs.reduce((sum, cost) => sum + cost, 0);
}

const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env({ ANTHROPIC_API_KEY: KEY }) });

describe('a session on Anthropic', () => {
  it('reads a file and answers, the second request reading the stable prefix from the prompt cache', async () => {
    await configure();
    models.script(READ_THEN_ANSWER);

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
    // Cache reads and writes count as prompt tokens, and are given apart.
    expect(output.usage).toEqual({
      inputTokens: models.requests[0]!.promptTokens + models.requests[1]!.promptTokens,
      outputTokens: outputTokens(READ_THEN_ANSWER[0]!) + outputTokens(READ_THEN_ANSWER[1]!),
      cachedInputTokens: second!.usage!.cache_read_input_tokens,
      cacheWriteTokens: first!.usage!.cache_creation_input_tokens + second!.usage!.cache_creation_input_tokens,
    });
    expect(output.cost_usd).toBe(tableCost());
  });

  it('shows the tokens read from the cache and the table’s cost in /cost and on the status line of the TUI', async () => {
    await configure();
    await sandbox.testApiAt('http://127.0.0.1:9');
    models.script(READ_THEN_ANSWER);
    tui = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env({ ANTHROPIC_API_KEY: KEY }), cols: 120, rows: 40 });
    await tui.waitForText('Ask about your API');
    await tui.submit('what is in notes.txt?');
    await tui.waitForText('notes.txt lists three errands');
    const cost = tableCost();
    await tui.waitForText(` · $${cost.toFixed(2)} · `);

    await tui.submit('/cost');
    await tui.waitForText(`Cost: $${cost.toFixed(2)}`);
    const [first, second] = models.requests.map((request) => request.anthropic!.usage!);
    expect(second!.cache_read_input_tokens).toBeGreaterThan(1000);
    const count = (tokens: number) => tokens.toLocaleString('en-US');
    const tokensIn = count(models.requests[0]!.promptTokens + models.requests[1]!.promptTokens);
    const cells = [
      '2',
      tokensIn,
      count(first!.cache_read_input_tokens + second!.cache_read_input_tokens),
      count(outputTokens(READ_THEN_ANSWER[0]!) + outputTokens(READ_THEN_ANSWER[1]!)),
      `$${cost.toFixed(4)}`,
    ];
    const rows = tui
      .screen()
      .split('\n')
      .map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toContainEqual(['total', ...cells]);
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
