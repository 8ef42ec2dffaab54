import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CommitError, commitSessionFiles, proposeCommitMessage } from '../../../src/engines/checkpoints/commit-session.js';
import type { FileDiff } from '../../../src/engines/checkpoints/file-diffs.js';

let project: string;
const IDENTITY = { GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com' };
const git = async (...args: string[]) => (await promisify(execFile)('git', args, { cwd: project })).stdout;

beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-commit-'));
  // The user's git identity, as commitSessionFiles runs git in the user's environment.
  for (const [name, value] of Object.entries(IDENTITY)) vi.stubEnv(name, value);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(project, { recursive: true, force: true });
});

const diff = (file: string, status: FileDiff['status'], oldPath?: string): FileDiff => ({
  path: file,
  status,
  binary: false,
  additions: 1,
  deletions: 0,
  hunks: '',
  ...(oldPath && { oldPath }),
});

it('proposes a subject from the changes and a body from what was asked', () => {
  expect(
    proposeCommitMessage(
      [diff('a.ts', 'added'), diff('b.ts', 'modified'), diff('c.ts', 'renamed', 'old.ts'), diff('d.ts', 'deleted')],
      ['fix the login', 'and its test'],
    ),
  ).toBe('Add a.ts; Update b.ts; Rename old.ts to c.ts; Delete d.ts\n\nAsked of Falcon:\n- fix the login\n- and its test\n');
});

it('commits the files named, deletions too, leaving the rest of the index and what git ignores', async () => {
  await git('init', '-q');
  await writeFile(path.join(project, 'gone.txt'), 'x\n');
  await git('add', '-A');
  await git('commit', '-qm', 'first');
  await writeFile(path.join(project, '.git', 'info', 'exclude'), 'private.txt\n');
  await writeFile(path.join(project, 'other.txt'), 'staged by the user\n');
  await git('add', 'other.txt');
  await writeFile(path.join(project, 'new.txt'), 'new\n');
  await writeFile(path.join(project, 'private.txt'), 'ignored\n');
  await rm(path.join(project, 'gone.txt'));
  const result = await commitSessionFiles(project, ['gone.txt', 'new.txt', 'private.txt', 'never-there.txt'], 'Session work\n');
  expect(result.files).toEqual(['gone.txt', 'new.txt']);
  expect(result.ignored).toEqual(['private.txt']);
  expect((await git('show', '--name-status', '--format=%s', 'HEAD')).trim().split('\n')).toEqual(['Session work', '', 'D\tgone.txt', 'A\tnew.txt']);
  expect(await git('status', '--porcelain')).toBe('A  other.txt\n');
});

it('says so outside a git repository', async () => {
  await expect(commitSessionFiles(project, ['a.txt'], 'x')).rejects.toThrow(CommitError);
});
