// /undo, /rewind (typed and as esc esc on an empty input), /diff, /commit and /fork in the session,
// through the built binary in a pseudo-terminal, with the keys a terminal sends.
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let falcon: PtySession | undefined;
const setup = useFakeModelProject({ afterEach: () => falcon?.kill() });

const inProject = (...parts: string[]) => path.join(setup.sandbox.project, ...parts);
const GIT_IDENTITY = { GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com' };
async function git(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, {
    cwd: setup.sandbox.project,
    env: { PATH: process.env.PATH, HOME: setup.sandbox.home, ...GIT_IDENTITY },
  });
  return stdout;
}

const ENTER = '\r';
const ESC = '\x1b';
const UP = '\x1b[A';

async function startSession(colours = false): Promise<PtySession> {
  const env = setup.sandbox.env(GIT_IDENTITY);
  if (colours) {
    delete env.NO_COLOR;
    env.FORCE_COLOR = '1';
  }
  falcon = startFalconInPty(['--yes'], { cwd: setup.sandbox.project, env, cols: 110, rows: 45 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

/** Sends a message and waits for the scripted model's final answer on the screen. */
async function ask(session: PtySession, text: string, answer: string, script: string[]): Promise<void> {
  setup.models.script([...script, `Final Answer: ${answer}`]);
  await session.submit(text);
  await session.waitForText(answer);
}

const FIRST = [
  'ACTION: write_file({"path": "notes.md", "content": "# Notes\\n"})',
  'ACTION: read_file({"path": "edit.txt"})',
  'ACTION: edit_file({"path": "edit.txt", "old_string": "two", "new_string": "TWO"})',
];
const SECOND = ['ACTION: bash({"command": "rm gone.txt && printf made > made.txt"})'];

async function startingFiles(): Promise<void> {
  await writeFile(inProject('edit.txt'), 'one\ntwo\n');
  await writeFile(inProject('gone.txt'), 'deleted by bash\n');
}

it('/diff shows the session’s changes coloured per file, and /undo takes back the last call after showing its diff', async () => {
  await startingFiles();
  const session = await startSession(true);
  await ask(session, 'set up the notes', 'notes written', FIRST);
  await session.submit('/diff');
  await session.waitForText('This session changed 2 files');
  expect(session.screen()).toMatch(/edit\.txt \(\+1 −1\)/);
  expect(session.screen()).toMatch(/-two\s*\n\s*\+TWO/);
  expect(session.screen()).toContain('notes.md (new file, +1 −0)');
  // Coloured: the added line in green (SGR 32), the removed one in red (31).
  expect(session.output()).toMatch(/\x1b\[32m\+TWO/);
  expect(session.output()).toMatch(/\x1b\[31m-two/);

  await session.submit('/undo');
  await session.waitForText('Undo edit_file: restore edit.txt?');
  expect(session.screen()).toContain('Undo: edit_file');
  await session.press(ENTER);
  await session.waitForText('Restored 1 file: edit.txt.');
  expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\ntwo\n');
  expect(await readFile(inProject('notes.md'), 'utf8')).toBe('# Notes\n');

  // The next /undo takes back the call before: the write of notes.md (declined here: nothing changes).
  await session.submit('/undo');
  await session.waitForText('Undo write_file: restore notes.md?');
  await session.press(ESC);
  await session.waitForText('Nothing was changed.');
  expect(await readFile(inProject('notes.md'), 'utf8')).toBe('# Notes\n');
});

it('esc esc on an empty input lists the messages with their files; code and conversation go back to before the first', async () => {
  await startingFiles();
  const session = await startSession();
  await ask(session, 'set up the notes', 'notes written', FIRST);
  await ask(session, 'tidy the files', 'files tidied', SECOND);
  expect(await readFile(inProject('made.txt'), 'utf8')).toBe('made');

  await session.press(ESC);
  await session.waitForText('esc again to rewind');
  await session.press(ESC);
  await session.waitForText('Rewind to just before which message?');
  expect(session.screen()).toMatch(/1\. set up the notes\s+files changed from here on: edit\.txt, gone\.txt, made\.txt, notes\.md/);
  expect(session.screen()).toMatch(/2\. tidy the files\s+files changed from here on: gone\.txt, made\.txt/);
  expect(session.screen()).toMatch(/1\. set up the notes\s+4 files changed since/);
  await session.press(UP);
  await session.waitForScreen('message 1 chosen', (screen) => /❯ 1\. set up the notes/.test(screen));
  await session.press(ENTER);
  await session.waitForText('Back to just before message 1: what goes back?');
  await session.press(ENTER);
  await session.waitForText('Restore the files as they were before message 1');
  await session.press(ENTER);
  await session.waitForText('Rewound: the conversation goes on from before message 1');
  expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\ntwo\n');
  expect(await readFile(inProject('gone.txt'), 'utf8')).toBe('deleted by bash\n');
  expect(await readdir(setup.sandbox.project)).toEqual(expect.not.arrayContaining(['made.txt', 'notes.md']));

  await ask(session, 'start again', 'started again', []);
  const sent = setup.models.requests
    .at(-1)!
    .messages.map((message) => message.content)
    .join('\n');
  expect(sent).toContain('start again');
  expect(sent).not.toContain('set up the notes');
  expect(sent).not.toContain('tidy the files');
});

it('/rewind with conversation only keeps the files', async () => {
  await startingFiles();
  const session = await startSession();
  await ask(session, 'set up the notes', 'notes written', FIRST);
  await ask(session, 'tidy the files', 'files tidied', SECOND);
  await session.submit('/rewind');
  await session.waitForText('Rewind to just before which message?');
  await session.press(ENTER);
  await session.waitForText('Back to just before message 2: what goes back?');
  await session.press(`${'\x1b[B'}`);
  await session.waitForScreen('conversation only chosen', (screen) => /❯ Conversation only/.test(screen));
  await session.press(ENTER);
  await session.waitForText('Rewound: the conversation goes on from before message 2');
  expect(await readFile(inProject('made.txt'), 'utf8')).toBe('made');
  await ask(session, 'what now', 'this now', []);
  const sent = setup.models.requests
    .at(-1)!
    .messages.map((message) => message.content)
    .join('\n');
  expect(sent).toContain('set up the notes');
  expect(sent).not.toContain('tidy the files');
});

it('/commit commits only the files the session changed, with the proposed message, running the hooks', async () => {
  await startingFiles();
  await git('init', '-q');
  await writeFile(inProject('.gitignore'), '.falcon/\n');
  await git('add', '-A');
  await git('commit', '-qm', 'first');
  await writeFile(inProject('staged.txt'), 'the user’s own work\n');
  await git('add', 'staged.txt');
  await writeFile(inProject('.git', 'hooks', 'pre-commit'), '#!/bin/sh\necho ran >> "$(git rev-parse --git-dir)/hook-ran"\n', { mode: 0o755 });
  const session = await startSession();
  await ask(session, 'set up the notes', 'notes written', FIRST);
  await session.submit('/commit');
  await session.waitForText('Commit these 2 files with this message?');
  expect(session.screen()).toContain('Add notes.md; Update edit.txt');
  expect(session.screen()).toContain('- set up the notes');
  await session.press(ENTER);
  await session.waitForText(/Committed 2 files as [0-9a-f]{7}/);
  expect((await git('show', '--name-only', '--format=%s', 'HEAD')).trim().split('\n')).toEqual(['Add notes.md; Update edit.txt', '', 'edit.txt', 'notes.md']);
  expect(await git('status', '--porcelain')).toBe('A  staged.txt\n');
  expect(await readFile(inProject('.git', 'hook-ran'), 'utf8')).toBe('ran\n');
  expect(await git('rev-list', '--count', 'HEAD')).toBe('2\n');
});

it('/fork goes on in a new session with the conversation and checkpoints so far; the original file is untouched', async () => {
  await startingFiles();
  const session = await startSession();
  await ask(session, 'set up the notes', 'notes written', FIRST);
  const sessions = inProject('.falcon', 'sessions');
  const [original] = (await readdir(sessions)).filter((name) => name.endsWith('.jsonl'));
  const before = await readFile(path.join(sessions, original!));
  await session.submit('/fork');
  await session.waitForText(/A fork of session [\w-]+: this is session [\w-]+/);
  await session.submit('/diff');
  await session.waitForText('This session changed 2 files');
  await ask(session, 'and in the fork', 'forked answer', []);
  const sent = setup.models.requests
    .at(-1)!
    .messages.map((message) => message.content)
    .join('\n');
  expect(sent).toContain('set up the notes');
  const files = (await readdir(sessions)).filter((name) => name.endsWith('.jsonl'));
  expect(files).toHaveLength(2);
  expect(await readFile(path.join(sessions, original!))).toEqual(before);
});

it('/undo names a file changed outside Falcon since, and keeps it when told to', async () => {
  await startingFiles();
  const session = await startSession();
  await ask(session, 'set up the notes', 'notes written', FIRST);
  await writeFile(inProject('edit.txt'), 'one\nmine now\n');
  await session.submit('/undo');
  await session.waitForText('Undo edit_file: restore edit.txt?');
  expect(session.screen()).toContain('changed outside Falcon since then (asked about): edit.txt');
  await session.press(ENTER);
  await session.waitForText('edit.txt changed outside Falcon since then. Overwrite it too?');
  await session.press('\x1b[B');
  await session.waitForScreen('keeping chosen', (screen) => /❯ No, keep them as they are/.test(screen));
  await session.press(ENTER);
  await session.waitForText('Left as they are (changed outside Falcon): edit.txt.');
  expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\nmine now\n');
});
