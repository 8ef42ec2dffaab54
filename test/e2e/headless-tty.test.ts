import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';

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
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'original\n');
});
afterEach(() => sandbox.cleanup());

const changeNotes = 'Thought: update the notes.\nACTION: write_file({"path": "notes.txt", "content": "changed\\n"})';

describe('falcon -p on a terminal', () => {
  it.each([
    { key: 'y', expected: 'changed\n', answer: 'written' },
    { key: 'n', expected: 'original\n', answer: 'left alone' },
  ])('shows the diff and asks y/N before writing (answer $key)', async ({ key, expected, answer }) => {
    models.script(['ACTION: read_file({"path": "notes.txt"})', changeNotes, `Final Answer: ${answer}`]);
    const falcon = startFalconInPty(['-p', 'change the notes'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText('Allow: change notes.txt? [y/N]');
    const screen = falcon.screen();
    expect(screen).toContain('Change: notes.txt');
    expect(screen).toContain('-original');
    expect(screen).toContain('+changed');
    expect(screen).toContain('● write_file notes.txt');
    falcon.write(`${key}\r`);
    expect((await falcon.exited).exitCode).toBe(0);
    expect(falcon.screen()).toContain(answer);
    expect(await readFile(path.join(sandbox.project, 'notes.txt'), 'utf8')).toBe(expected);
    // Each result as its tool tells it: the file read and its lines, the lines the write changed.
    expect(falcon.screen()).toMatch(/^ {2}✓ notes\.txt · 1 line · \d+ ms$/m);
    if (key === 'y') expect(falcon.screen()).toMatch(/^ {2}✓ notes\.txt · \+1 −1 · \d+ ms$/m);
  });

  it('says in one line that a tool call could not be read, never shows its markup, and stops after three in a row', async () => {
    const framing = ['<|tool_call_start|>[\nI will list the files first.', '[TOOL_CALLS][]', '<tool_call><tool_call><tool_call>'];
    models.script([...framing, 'Final Answer: never shown']);
    const falcon = startFalconInPty(['-p', 'list the files'], { cwd: sandbox.project, env: sandbox.env(), cols: 200 });
    expect((await falcon.exited).exitCode).not.toBe(0);
    const screen = falcon.screen();
    expect(screen.match(/^⚠ could not read the model's tool call: the \S+ (token|block) .*; asked again$/gm), screen).toHaveLength(2);
    expect(screen).toMatch(/^⚠ could not read the model's tool call: the call after \[TOOL_CALLS\] names no tool; asked again$/m);
    expect(screen).toMatch(/Stopped: the model's last 3 replies held tool calls Falcon could not read/);
    expect(screen).not.toContain('I will list the files first.');
    expect(screen).not.toContain('never shown');
    expect(models.requests).toHaveLength(3);
  });

  it('stops on Ctrl-C while waiting for the answer, writing nothing', async () => {
    models.script(['ACTION: read_file({"path": "notes.txt"})', changeNotes]);
    const falcon = startFalconInPty(['-p', 'change the notes'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText('[y/N]');
    falcon.write('\x03');
    expect((await falcon.exited).exitCode).toBe(130);
    expect(await readFile(path.join(sandbox.project, 'notes.txt'), 'utf8')).toBe('original\n');
  });
});
