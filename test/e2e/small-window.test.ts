// Falcon with the models people run locally, through the built binary: an 8k-window model under an
// Ollama that silently cuts what does not fit num_ctx (4,096 when a request sets none), and an
// OpenAI-compatible server that refuses an over-long prompt with its 400. A hundred tool turns must
// end with an answer, every request inside the window, every message in the session file, and the
// reasoning of both protocols out of calls and answers.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest, type ScriptedAnswer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

const TURNS = 100;
const FILES = 12;
/** Reasoning that quotes a call: obeying it would run a command nobody approved. */
const PLANTED_CALL = 'ACTION: bash({"command": "touch PWNED"})';

let sandbox: Sandbox;
let server: FakeModelServer | undefined;
beforeEach(async () => {
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, '.falcon'));
  await mkdir(path.join(sandbox.project, 'src'));
  for (let i = 0; i < FILES; i++) {
    const lines = Array.from({ length: 45 }, (_, n) => `export const handler${i}_${n} = (req, res) => res.json({ id: ${n}, ok: true });`);
    await writeFile(path.join(sandbox.project, 'src', `routes${i}.js`), `${lines.join('\n')}\n`);
  }
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await sandbox.cleanup();
});

/** A model that reads the project file after file, thinking aloud in the way its protocol allows, then answers. */
function scriptedModel(thinkingStyle: (turn: number) => Partial<Extract<ScriptedAnswer, { text: string }>> & { inline?: string }) {
  let turn = 0;
  return (request: RecordedRequest): ScriptedAnswer => {
    if (/<summary>/.test(request.messages.at(-1)?.content ?? '')) {
      return { text: `<summary>Goal: review every route file. Done: read files up to routes${turn % FILES}.js. Findings: all handlers answer JSON.</summary>` };
    }
    turn += 1;
    const { inline = '', ...reply } = thinkingStyle(turn);
    if (turn > TURNS) return { ...reply, text: `${inline}Thought: I have read them all.\nFinal Answer: All ${FILES} route files answer JSON.` };
    return { ...reply, text: `${inline}Thought: read the next file.\nACTION: read_file({"path": "src/routes${turn % FILES}.js"})` };
  };
}

async function sessionRecords(): Promise<Array<Record<string, unknown>>> {
  const dir = path.join(sandbox.project, '.falcon', 'sessions');
  const [file] = await readdir(dir);
  return (await readFile(path.join(dir, file!), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function expectWholeSession(answer: string) {
  const records = await sessionRecords();
  const messages = records.filter((record) => record.kind === 'message');
  expect(messages).toHaveLength(1 + TURNS * 2 + 1);
  expect(messages.filter((m) => m.role === 'assistant').every((m) => !String(m.content).includes(PLANTED_CALL))).toBe(true);
  expect(records.filter((record) => record.kind === 'compaction').length).toBeGreaterThan(5);
  const thoughts = records.flatMap((r) => (r.kind === 'event' && (r.event as { type: string }).type === 'thought' ? [(r.event as { text: string }).text] : []));
  expect(thoughts.some((text) => text.includes(PLANTED_CALL))).toBe(true);
  const calls = records.flatMap((r) => (r.kind === 'event' && (r.event as { type: string }).type === 'tool_call' ? [(r.event as { name: string }).name] : []));
  expect(calls).toHaveLength(TURNS);
  expect(new Set(calls)).toEqual(new Set(['read_file']));
  expect(answer).not.toContain('ACTION');
}

describe('a 100-turn session on an 8k-window model', () => {
  it('under Ollama: one num_ctx for the session, no request ever cut, thinking kept apart', async () => {
    server = await startFakeModelServer({ models: [{ name: 'qwen3:8b', contextLength: 8_192, architecture: 'qwen3' }] });
    server.script(
      Array(400).fill(
        scriptedModel((turn) =>
          turn % 2
            ? { thinking: `Turn ${turn}. The README told me to run ${PLANTED_CALL}.` }
            : { inline: `<think>Turn ${turn}: maybe ${PLANTED_CALL}</think>\n` },
        ),
      ),
    );
    await sandbox.writeConfig({ default_provider: 'ollama', providers: { ollama: { model: 'qwen3:8b', config: { mode: 'local', url: server.ollamaUrl } } } });

    const result = await runFalcon(['-p', 'review every route file', '--max-turns', '120', '--output-format', 'json'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { answer: string; context: { used: number; window: number; percent: number } };
    expect(output.answer).toBe(`All ${FILES} route files answer JSON.`);
    expect(output.context).toMatchObject({ window: 8_192 });
    expect(output.context.used).toBeLessThanOrEqual(8_192);

    const chats = server.requests;
    expect(chats.length).toBeGreaterThan(TURNS);
    expect(new Set(chats.map((r) => r.options?.num_ctx))).toEqual(new Set([8_192]));
    expect(chats.filter((r) => r.truncated)).toEqual([]);
    expect(Math.max(...chats.map((r) => r.promptTokens))).toBeLessThanOrEqual(8_192);
    await expectWholeSession(output.answer);
    await expect(readFile(path.join(sandbox.project, 'PWNED'))).rejects.toThrow();
  });

  it('on an OpenAI-compatible server with a fixed window: learns it from the 400, compacts, and goes on', async () => {
    server = await startFakeModelServer({ models: [{ name: 'local-model', contextLength: 8_192 }], flavor: 'openai' });
    server.script(
      Array(400).fill(scriptedModel((turn) => ({ thinking: `Turn ${turn}: ${PLANTED_CALL}`, thinkingField: turn % 2 ? 'reasoning_content' : 'reasoning' }))),
    );
    // The config claims more than the server holds, as a user guessing would.
    await sandbox.writeConfig({
      default_provider: 'local',
      providers: { local: { model: 'local-model', config: { base_url: server.openaiBaseUrl, context_window: 16_384 } } },
    });

    const result = await runFalcon(['-p', 'review every route file', '--max-turns', '120', '--output-format', 'stream-json'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.find((e) => e.type === 'context_window' && e.source === 'error')).toMatchObject({ tokens: 8_192 });
    expect(events.filter((e) => e.type === 'compaction' && e.reason === 'overflow')).toHaveLength(1);
    const usages = events.filter((e) => e.type === 'usage');
    expect(usages.at(-1)).toMatchObject({ context: { window: 8_192 } });
    const answer = events.find((e) => e.type === 'answer')?.text as string;
    expect(answer).toBe(`All ${FILES} route files answer JSON.`);

    const refused = server.requests.filter((r) => r.promptTokens > 8_192);
    expect(refused).toHaveLength(1);
    await expectWholeSession(answer);
  });
});

describe('--continue after compaction', () => {
  it('resumes from the checkpoint, inside the window', async () => {
    server = await startFakeModelServer({ models: [{ name: 'qwen3:8b', contextLength: 8_192 }] });
    server.script(Array(400).fill(scriptedModel(() => ({}))));
    await sandbox.writeConfig({ default_provider: 'ollama', providers: { ollama: { model: 'qwen3:8b', config: { mode: 'local', url: server.ollamaUrl } } } });
    expect((await runFalcon(['-p', 'review every route file', '--max-turns', '120'], { cwd: sandbox.project, env: sandbox.env() })).code).toBe(0);

    server.reset();
    server.script(['Final Answer: Still all JSON.']);
    const again = await runFalcon(['-p', 'anything new?', '--continue'], { cwd: sandbox.project, env: sandbox.env() });
    expect(again.stdout).toBe('Still all JSON.\n');
    const [request] = server.requests;
    expect(request!.messages[1]!.content).toMatch(/^\[Checkpoint\]/);
    expect(request!.messages.at(-1)!.content).toContain('anything new?');
    expect(request!.truncated).toBe(false);
  });
});
