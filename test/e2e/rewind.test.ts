// Checkpoints through the built binary: a scripted model writes, edits and runs bash that creates and
// deletes files; `falcon rewind --to 1 --code` brings every file back byte for byte, in a git
// repository (whose .git stays exactly as it was) and in a plain folder; a conversation rewind is
// what the next model request holds; `falcon diff` shows the session's changes.
import { execFile } from 'node:child_process';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runFalcon } from '../support/falcon-binary.js';
import { useFakeModelProject } from '../support/fake-model-project.js';

const setup = useFakeModelProject();

const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });
const inProject = (...parts: string[]) => path.join(setup.sandbox.project, ...parts);

const GIT_IDENTITY = { GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com' };
async function git(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, {
    cwd: setup.sandbox.project,
    env: { PATH: process.env.PATH, HOME: setup.sandbox.home, ...GIT_IDENTITY },
  });
  return stdout;
}

/** Every file of the project but Falcon's sessions and .git: its bytes, its mode, or where a link points. */
async function projectFiles(folder = setup.sandbox.project, prefix = ''): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const relative = `${prefix}${entry.name}`;
    if (relative === '.git' || relative === '.falcon/sessions') continue;
    const full = path.join(folder, entry.name);
    const info = await lstat(full);
    if (entry.isDirectory()) Object.assign(files, await projectFiles(full, `${relative}/`));
    else files[relative] = `${(info.mode & 0o777).toString(8)} ${(await readFile(full)).toString('base64')}`;
  }
  return files;
}

/** What of .git a checkpoint must never change: HEAD, the index's bytes, every ref, the stash, config and hooks, and what `git status` says. */
async function gitState(): Promise<Record<string, string>> {
  const read = (name: string) =>
    readFile(inProject('.git', name)).then(
      (bytes) => bytes.toString('base64'),
      () => '(none)',
    );
  const hooks = (await readdir(inProject('.git', 'hooks'))).sort();
  return {
    HEAD: await read('HEAD'),
    index: await read('index'),
    config: await read('config'),
    hooks: (await Promise.all(hooks.map(async (hook) => `${hook}:${await read(`hooks/${hook}`)}`))).join(','),
    refs: await git('for-each-ref', '--format=%(refname) %(objectname)'),
    stash: await git('stash', 'list'),
    status: await git('--no-optional-locks', 'status', '--porcelain=v2', '--branch', '--untracked-files=all'),
  };
}

async function writeStartingFiles(): Promise<void> {
  await writeFile(inProject('edit.txt'), 'one\ntwo\nthree\n');
  await writeFile(inProject('keep.txt'), 'kept as it is\n');
  await writeFile(inProject('gone.txt'), 'deleted by bash\n');
  await writeFile(inProject('logo.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]));
  await writeFile(inProject('run.sh'), '#!/bin/sh\necho run\n', { mode: 0o644 });
}

/** Two messages: the first writes, edits and runs bash that creates and deletes files; the second edits again. */
async function runTheSession(): Promise<void> {
  setup.models.script([
    'ACTION: write_file({"path": "notes.md", "content": "# Notes\\n\\nwritten by the model\\n"})',
    'ACTION: read_file({"path": "edit.txt"})',
    'ACTION: edit_file({"path": "edit.txt", "old_string": "two", "new_string": "TWO"})',
    'ACTION: bash({"command": "mkdir -p made/deep && printf made > made/deep/new.txt && rm gone.txt logo.bin && chmod +x run.sh && mv keep.txt kept.txt"})',
    'Final Answer: done',
  ]);
  const first = await falcon(['-p', 'set up the notes', '--yes']);
  expect(first.stderr).not.toMatch(/checkpoint/i);
  expect(first.code).toBe(0);
  setup.models.script([
    'ACTION: read_file({"path": "edit.txt"})',
    'ACTION: edit_file({"path": "edit.txt", "old_string": "three", "new_string": "3"})',
    'Final Answer: edited',
  ]);
  const second = await falcon(['-p', 'and change three', '--continue', '--yes']);
  expect(second.code).toBe(0);
  expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\nTWO\n3\n');
  expect(await readFile(inProject('made/deep/new.txt'), 'utf8')).toBe('made');
}

describe('falcon rewind --to 1 --code', () => {
  it('brings every file back byte for byte in a git repository, whose .git stays as it was', async () => {
    await writeStartingFiles();
    await git('init', '-q');
    await writeFile(inProject('.gitignore'), '.falcon/sessions/\n');
    await git('add', '-A');
    await git('commit', '-qm', 'first');
    await writeFile(inProject('staged.txt'), 'staged, not committed\n');
    await git('add', 'staged.txt');
    await writeFile(inProject('untracked.txt'), 'the user’s own\n');
    await git('stash', 'push', '-q', '--include-untracked', '-m', 'kept for later', '--', 'untracked.txt');
    await writeFile(inProject('untracked.txt'), 'the user’s own, again\n');
    const files = await projectFiles();
    const before = await gitState();

    await runTheSession();
    // The files changed, so `git status` says so; nothing in .git did.
    expect({ ...(await gitState()), status: before.status }).toEqual(before);

    const list = await falcon(['rewind', '--list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/1 {2}set up the notes\n\s+files changed from here on: edit\.txt, gone\.txt, keep\.txt, kept\.txt and 4 more/);
    expect(list.stdout).toMatch(/2 {2}and change three\n\s+files changed from here on: edit\.txt\n/);

    const rewind = await falcon(['rewind', '--to', '1', '--code', '--yes']);
    expect(rewind.code).toBe(0);
    expect(rewind.stderr).toContain('Restored 8 files');
    expect(await projectFiles()).toEqual(files);
    expect(await gitState()).toEqual(before);
  });

  it('does the same in a folder that is no git repository', async () => {
    await writeStartingFiles();
    const files = await projectFiles();
    await runTheSession();
    expect(await falcon(['rewind', '--to', '1', '--code', '--yes'])).toMatchObject({ code: 0 });
    expect(await projectFiles()).toEqual(files);
  });

  it('asks before overwriting a file changed by hand since, and without a terminal changes nothing', async () => {
    await writeStartingFiles();
    await runTheSession();
    await writeFile(inProject('notes.md'), 'my own notes now\n');
    const refused = await falcon(['rewind', '--to', '1', '--code']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('changed outside Falcon since then (asked about): notes.md');
    expect(refused.stderr).toContain('nothing was changed');
    expect(await readFile(inProject('notes.md'), 'utf8')).toBe('my own notes now\n');
  });
});

describe('a conversation rewind', () => {
  it('is what the next model request holds, and the files stay', async () => {
    await writeStartingFiles();
    await runTheSession();
    const rewind = await falcon(['rewind', '--to', '2', '--conversation', '--yes']);
    expect(rewind.code).toBe(0);
    setup.models.script(['Final Answer: after the rewind']);
    const next = await falcon(['-p', 'what now?', '--continue']);
    expect(next.stdout).toContain('after the rewind');
    const sent = setup.models.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n');
    expect(sent).toContain('set up the notes');
    expect(sent).not.toContain('and change three');
    expect(sent).toContain('what now?');
    expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\nTWO\n3\n');
    // Nothing was deleted: the file keeps the rewound message and says where the rewind went.
    const sessions = inProject('.falcon', 'sessions');
    const [file] = (await readdir(sessions)).filter((name) => name.endsWith('.jsonl'));
    const records = (await readFile(path.join(sessions, file!), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; message?: number; content?: string });
    expect(records.some((record) => record.kind === 'message' && record.content === 'and change three')).toBe(true);
    expect(records.filter((record) => record.kind === 'rewind').map((record) => record.message)).toEqual([2]);
    const list = await falcon(['rewind', '--list']);
    expect(list.stdout).toMatch(/1 {2}set up the notes[\s\S]*2 {2}what now\?/);
    expect(list.stdout).not.toContain('and change three');
  });
});

describe('falcon diff', () => {
  it("shows the session's changes per file, and --stat their counts", async () => {
    await writeStartingFiles();
    await runTheSession();
    const diff = await falcon(['diff']);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('edit.txt (+2 −2)');
    expect(diff.stdout).toMatch(/-two\n-three\n\+TWO\n\+3/);
    expect(diff.stdout).toContain('made/deep/new.txt (new file, +1 −0)');
    expect(diff.stdout).toContain('gone.txt (deleted, +0 −1)');
    expect(diff.stdout).toContain('logo.bin (deleted, binary)');
    expect(diff.stdout).toContain('kept.txt (renamed from keep.txt, +0 −0)');
    expect(diff.stdout).toContain('run.sh (mode 100644 → 100755, +0 −0)');
    const stat = await falcon(['diff', '--stat']);
    expect(stat.stdout).toMatch(/edit\.txt\s+\| \+2 −2/);
    expect(stat.stdout).toContain('7 files changed, +6 −3');
  });
});
