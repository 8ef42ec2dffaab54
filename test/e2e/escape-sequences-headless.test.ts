// `falcon -p` fed the escape corpus by the model, a tool and the server: text output shows the
// sequences as text, json and stream-json escape them, and on a terminal the y/N question shows
// exactly the command that runs.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';
import { expectTerminalUntouched } from '../support/terminal-effects.js';
import { terminalSafeText } from '../../src/safety/terminal-text.js';
import { ESCAPE_CORPUS, ESCAPE_CORPUS_TEXT, UNSAFE_CHARACTER } from '../safety/escape-corpus.js';

let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
  // NUL would make read_file take it for a binary file.
  await writeFile(path.join(sandbox.project, 'evil.txt'), ESCAPE_CORPUS_TEXT.replace(/\u0000/g, ''));
});
afterEach(() => sandbox.cleanup());

const TITLE = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('OSC 0'))!;
const ERASE = ESCAPE_CORPUS.find((sample) => sample.name.startsWith('CSI erase'))!;

/** A thought, tool calls whose output and arguments carry the corpus, then the corpus as the answer. */
function scriptCorpusRun(): void {
  models.script([
    `Thought: ${TITLE.text}\nACTION: read_file(${JSON.stringify({ path: 'evil.txt' })})`,
    `ACTION: read_file(${JSON.stringify({ path: ERASE.text })})`,
    `Final Answer: ${ESCAPE_CORPUS_TEXT}`,
  ]);
}

/** The answer as the agent took it from the reply (it reads a lone CR as a line break), from a json run. */
async function runJson(): Promise<{ stdout: string; answer: string }> {
  const result = await runFalcon(['-p', 'show evil.txt', '-y', '--output-format', 'json'], { cwd: sandbox.project, env: sandbox.env() });
  return { stdout: result.stdout, answer: (JSON.parse(result.stdout) as { answer: string }).answer };
}

describe('falcon -p with escape sequences from the model, a tool and the server', () => {
  it('prints the answer in text mode with every sequence shown as text', async () => {
    scriptCorpusRun();
    const { answer } = await runJson();
    scriptCorpusRun();
    const result = await runFalcon(['-p', 'show evil.txt', '-y'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${terminalSafeText(answer)}\n`);
    for (const sample of ESCAPE_CORPUS.filter((sample) => !sample.text.includes('\r'))) expect(result.stdout).toContain(sample.shown);
    expect(result.stdout).not.toMatch(UNSAFE_CHARACTER);
    expect(result.stderr).not.toMatch(UNSAFE_CHARACTER);
  });

  it('prints an error from the server without its sequences', async () => {
    models.script([{ status: 401, body: { error: { message: `bad key ${TITLE.text} ${ESCAPE_CORPUS[9]!.text}` } } }]);
    const result = await runFalcon(['-p', 'hi'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pwned-title');
    expect(result.stderr).not.toMatch(UNSAFE_CHARACTER);
  });

  it('writes json with every control escaped, the answer intact', async () => {
    scriptCorpusRun();
    const { stdout, answer } = await runJson();
    expect(stdout).not.toMatch(UNSAFE_CHARACTER);
    expect(stdout).toContain('\\u009b2J');
    expect(answer).toBe(ESCAPE_CORPUS_TEXT.replace(/\r/g, '\n'));
  });

  it('writes stream-json with every control escaped, each event intact', async () => {
    scriptCorpusRun();
    const result = await runFalcon(['-p', 'show evil.txt', '-y', '--output-format', 'stream-json'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.stdout).not.toMatch(UNSAFE_CHARACTER);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.find((event) => event.type === 'thought')).toMatchObject({ text: TITLE.text });
    expect(String(events.find((event) => event.type === 'tool_result')?.output)).toContain(ESCAPE_CORPUS[10]!.text);
    expect(events.filter((event) => event.type === 'tool_call')[1]).toMatchObject({ args: { path: ERASE.text } });
    expect(events.find((event) => event.type === 'answer')).toMatchObject({ text: ESCAPE_CORPUS_TEXT.replace(/\r/g, '\n') });
    const streamed = events
      .filter((event) => event.type === 'text_delta')
      .map((event) => event.text)
      .join('');
    expect(streamed).toContain(ESCAPE_CORPUS_TEXT);
  });
});

describe('falcon -p on a terminal with escape sequences', () => {
  it('asks about exactly the command that runs, and leaves the title and clipboard alone', async () => {
    const command = `touch pwned #${ERASE.text.slice('touch pwned #'.length)}`;
    models.script([
      `Thought: ${TITLE.text} ${ESCAPE_CORPUS[6]!.text}\nACTION: bash(${JSON.stringify({ command })})`,
      `Final Answer: done ${TITLE.text} ${ESCAPE_CORPUS[9]!.text}`,
    ]);
    const env = sandbox.env();
    delete env.NO_COLOR;
    const falcon = startFalconInPty(['-p', 'tidy up'], { cwd: sandbox.project, env });
    await falcon.waitForText('[y/N]');
    const screen = falcon.screen();
    expect(screen).toContain(`$ ${ERASE.shown}`);
    expect(screen).toContain(`Allow: run \`${ERASE.shown}\`? [y/N]`);
    expect(screen).toContain(`· ${TITLE.shown}`);
    falcon.write('y\r');
    expect((await falcon.exited).exitCode).toBe(0);
    expect(existsSync(path.join(sandbox.project, 'pwned'))).toBe(true);
    expect(falcon.screen()).toContain(`done ${TITLE.shown} ␛[2J␛]0;c1-title␛\\`);

    expect(falcon.output()).toMatch(/\u001b\[3\dm/);
    await expectTerminalUntouched(falcon.output());
  });
});
