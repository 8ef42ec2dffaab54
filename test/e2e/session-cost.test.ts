import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

// What a session cost, through the built binary: the fake server reports scripted usage, and the
// cost Falcon gives is the price table's arithmetic on it (USD per million tokens).

const KEY = 'sk-test-key-for-the-fake-server';
/** The price table's gpt-4o-mini and gpt-4o, USD per million tokens: input, cached input, output. */
const GPT_4O_MINI = { input: 0.15, cached: 0.075, output: 0.6 };
const GPT_4O = { input: 2.5, cached: 1.25, output: 10 };

let models: FakeModelServer;
let sandbox: Sandbox;
let tui: PtySession | undefined;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'The API listens on port 4321.\n');
});
afterEach(async () => {
  tui?.kill();
  tui = undefined;
  await sandbox.cleanup();
});

/** A provider reached on loopback, as a gateway to the hosted model would be: the table prices the model. */
const useModel = (model: string, config: Record<string, unknown> = {}) =>
  sandbox.writeConfig({ default_provider: 'openai', providers: { openai: { model, config: { api_key: KEY, base_url: models.openaiBaseUrl, ...config } } } });

const readThenAnswer = () =>
  models.script([
    { text: 'Thought: read the notes.\nACTION: read_file({"path": "notes.txt"})', usage: { promptTokens: 12_000, completionTokens: 300, cachedTokens: 8_000 } },
    { text: 'Final Answer: It listens on port 4321.', usage: { promptTokens: 13_000, completionTokens: 40, cachedTokens: 12_000 } },
  ]);

const falcon = (args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });

describe('the cost of a session', () => {
  it('is cost_usd in -p json, the price table’s arithmetic exactly, with the tokens in, cached and out', async () => {
    await useModel('gpt-4o-mini');
    readThenAnswer();
    const result = await falcon(['-p', 'which port?', '--output-format', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as Record<string, unknown>;
    const { input, cached, output: out } = GPT_4O_MINI;
    const first = ((12_000 - 8_000) * input + 8_000 * cached + 300 * out) / 1_000_000;
    const second = ((13_000 - 12_000) * input + 12_000 * cached + 40 * out) / 1_000_000;
    expect(output.usage).toEqual({ inputTokens: 25_000, outputTokens: 340, cachedInputTokens: 20_000, cacheWriteTokens: 0 });
    expect(output.cost_usd).toBe(first + second);
  });

  it('counts what a continued session cost before', async () => {
    await useModel('gpt-4o-mini');
    models.script([{ text: 'Final Answer: first', usage: { promptTokens: 2_000, completionTokens: 100 } }]);
    const first = JSON.parse((await falcon(['-p', 'one', '--output-format', 'json'])).stdout) as { cost_usd: number };
    models.script([{ text: 'Final Answer: second', usage: { promptTokens: 3_000, completionTokens: 200, cachedTokens: 2_000 } }]);
    const second = JSON.parse((await falcon(['-p', 'two', '--continue', '--output-format', 'json'])).stdout) as { cost_usd: number; usage: unknown };
    const { input, cached, output: out } = GPT_4O_MINI;
    expect(first.cost_usd).toBe((2_000 * input + 100 * out) / 1_000_000);
    expect(second.cost_usd).toBe(first.cost_usd + (1_000 * input + 2_000 * cached + 200 * out) / 1_000_000);
    expect(second.usage).toEqual({ inputTokens: 5_000, outputTokens: 300, cachedInputTokens: 2_000, cacheWriteTokens: 0 });
  });

  it('is in every stream-json usage event with the model that answered, and in the session file for the dashboard', async () => {
    await useModel('gpt-4o-mini');
    readThenAnswer();
    const result = await falcon(['-p', 'which port?', '--output-format', 'stream-json']);
    expect(result.code).toBe(0);
    const usage = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((event) => event.type === 'usage');
    const { input, cached, output: out } = GPT_4O_MINI;
    expect(usage).toEqual([
      expect.objectContaining({
        inputTokens: 12_000,
        outputTokens: 300,
        cachedInputTokens: 8_000,
        provider: 'openai',
        model: 'gpt-4o-mini',
        costUsd: (4_000 * input + 8_000 * cached + 300 * out) / 1_000_000,
      }),
      expect.objectContaining({
        inputTokens: 13_000,
        outputTokens: 40,
        cachedInputTokens: 12_000,
        costUsd: (1_000 * input + 12_000 * cached + 40 * out) / 1_000_000,
      }),
    ]);
    const folder = path.join(sandbox.project, '.falcon', 'sessions');
    const [file] = await readdir(folder);
    const recorded = (await readFile(path.join(folder, file!), 'utf8')).split('\n').filter((line) => line.includes('"type":"usage"'));
    expect(recorded.map((line) => (JSON.parse(line) as { event: { costUsd: number } }).event.costUsd)).toEqual(usage.map((event) => event.costUsd));
  });

  it('follows a provider’s pricing, and is 0 for a model on this machine the table does not know', async () => {
    await useModel('in-house-model', { pricing: { input: 1, output: 2, cached_input: 0.5 } });
    models.script([{ text: 'Final Answer: hi', usage: { promptTokens: 1_000, completionTokens: 100, cachedTokens: 400 } }]);
    const priced = JSON.parse((await falcon(['-p', 'hi', '--output-format', 'json'])).stdout) as { cost_usd: number };
    expect(priced.cost_usd).toBe((600 * 1 + 400 * 0.5 + 100 * 2) / 1_000_000);

    await useModel('qwen3-8b');
    models.script([{ text: 'Final Answer: hi', usage: { promptTokens: 1_000, completionTokens: 100 } }]);
    const local = JSON.parse((await falcon(['-p', 'hi', '--output-format', 'json'])).stdout) as { cost_usd: number };
    expect(local.cost_usd).toBe(0);
  });

  it('shows on the status line of the TUI, rounded to cents, and /cost shows the tokens and cost of each part', async () => {
    await useModel('gpt-4o');
    await sandbox.testApiAt('http://127.0.0.1:9');
    models.script([{ text: 'Final Answer: It listens on port 4321.', usage: { promptTokens: 100_000, completionTokens: 17_000, cachedTokens: 0 } }]);
    tui = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols: 120, rows: 40 });
    await tui.waitForText('Ask about your API');
    await tui.submit('which port?');
    await tui.waitForText('It listens on port 4321.');
    const cost = (100_000 * GPT_4O.input + 17_000 * GPT_4O.output) / 1_000_000;
    expect(cost).toBe(0.42);
    await tui.waitForText(/ · \$0\.42 · 117k tokens/);

    await tui.submit('/cost');
    await tui.waitForText('Cost: $0.42');
    const rows = tui
      .screen()
      .split('\n')
      .map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toContainEqual(['session', '1', '100,000', '0', '17,000', '$0.4200']);
    expect(rows).toContainEqual(['total', '1', '100,000', '0', '17,000', '$0.4200']);
  });
});
