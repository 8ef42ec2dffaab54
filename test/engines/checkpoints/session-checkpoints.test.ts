import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile, readlink, lstat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointStore } from '../../../src/engines/checkpoints/checkpoint-store.js';
import { SessionCheckpoints } from '../../../src/engines/checkpoints/session-checkpoints.js';
import { pruneCheckpoints } from '../../../src/engines/checkpoints/prune-checkpoints.js';
import { openShadowRepo } from '../../../src/engines/checkpoints/shadow-repo.js';
import { LARGE_FILE_BYTES } from '../../../src/engines/checkpoints/snapshot.js';
import { SessionStore } from '../../../src/workspace/session-store.js';

let root: string;
let project: string;
let home: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-checkpoints-'));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  await mkdir(project);
  await mkdir(home);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const file = (name: string) => path.join(project, name);
const read = (name: string) => readFile(file(name), 'utf8');
const exists = (name: string) =>
  lstat(file(name)).then(
    () => true,
    () => false,
  );

async function openSession() {
  const session = SessionStore.create(project);
  const checkpoints = new SessionCheckpoints(await CheckpointStore.forProject(home, project), session);
  const warnings: string[] = [];
  let calls = 0;
  /** A run of the agent: the user's message, then calls that change files, each between its checkpoints. */
  const message = (text: string) => session.recordEvent({ type: 'run_start', runId: text, input: text } as never);
  const call = (tool: string, change: () => Promise<unknown>) => checkpoints.around({ id: `c${++calls}`, tool }, change, (warning) => warnings.push(warning));
  return { session, checkpoints, warnings, message, call };
}

describe('checkpoints around calls', () => {
  it('rewinds to before a message: created files gone, deleted and edited ones back, modes and links too', async () => {
    await writeFile(file('keep.txt'), 'kept\n');
    await writeFile(file('edit.txt'), 'one\n');
    await writeFile(file('gone.bin'), Buffer.from([0, 1, 2, 255]));
    await writeFile(file('run.sh'), '#!/bin/sh\n');
    await symlink('keep.txt', file('link'));
    const { checkpoints, message, call } = await openSession();
    message('first');
    await call('write_file', () =>
      writeFile(file('new/deep/made.txt'), 'made\n', { flag: 'w' }).catch(async () => {
        await mkdir(file('new/deep'), { recursive: true });
        await writeFile(file('new/deep/made.txt'), 'made\n');
      }),
    );
    message('second');
    await call('edit_file', () => writeFile(file('edit.txt'), 'two\n'));
    await call('bash', async () => {
      await rm(file('gone.bin'));
      await chmod(file('run.sh'), 0o755);
      await rm(file('link'));
      await symlink('edit.txt', file('link'));
    });

    const points = await checkpoints.points();
    expect(points.map((point) => [point.number, point.text, point.files])).toEqual([
      [1, 'first', ['edit.txt', 'gone.bin', 'link', 'new/deep/made.txt', 'run.sh']],
      [2, 'second', ['edit.txt', 'gone.bin', 'link', 'run.sh']],
    ]);
    const plan = await checkpoints.planRewind(1);
    expect(plan.outside).toEqual([]);
    const outcome = await checkpoints.apply(plan, { overwriteOutside: false });
    expect(outcome.deleted).toEqual(['new/deep/made.txt']);
    expect(outcome.written.sort()).toEqual(['edit.txt', 'gone.bin', 'link', 'run.sh']);
    expect(await read('edit.txt')).toBe('one\n');
    expect([...(await readFile(file('gone.bin')))]).toEqual([0, 1, 2, 255]);
    expect((await stat(file('run.sh'))).mode & 0o111).toBe(0);
    expect(await readlink(file('link'))).toBe('keep.txt');
    expect(await exists('new')).toBe(false);
  });

  it('asks about a file changed outside Falcon since the checkpoint, and keeps it when told to', async () => {
    await writeFile(file('a.txt'), 'a1\n');
    await writeFile(file('b.txt'), 'b1\n');
    const { checkpoints, message, call } = await openSession();
    message('change both');
    await call('write_file', () => writeFile(file('a.txt'), 'a2\n'));
    await call('write_file', () => writeFile(file('b.txt'), 'b2\n'));
    await writeFile(file('b.txt'), 'b3 by hand\n');
    const plan = await checkpoints.planRewind(1);
    expect(plan.changes.map((change) => change.path)).toEqual(['a.txt', 'b.txt']);
    expect(plan.outside).toEqual(['b.txt']);
    const outcome = await checkpoints.apply(plan, { overwriteOutside: false });
    expect(outcome).toMatchObject({ written: ['a.txt'], kept: ['b.txt'] });
    expect(await read('a.txt')).toBe('a1\n');
    expect(await read('b.txt')).toBe('b3 by hand\n');
  });

  it('undoes the last change, then the one before, and says what it would change', async () => {
    await writeFile(file('a.txt'), 'one\n');
    const { checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    await call('read_nothing', async () => undefined);
    await call('edit_file', () => writeFile(file('a.txt'), 'three\n'));
    const first = (await checkpoints.planUndo())!;
    expect(first.label).toBe('edit_file');
    expect(first.diffs).toMatchObject([{ path: 'a.txt', status: 'modified', additions: 1, deletions: 1 }]);
    expect(first.diffs[0]!.hunks).toContain('-three\n+two');
    await checkpoints.apply(first, { overwriteOutside: false });
    expect(await read('a.txt')).toBe('two\n');
    const second = (await checkpoints.planUndo())!;
    await checkpoints.apply(second, { overwriteOutside: false });
    expect(await read('a.txt')).toBe('one\n');
    expect(await checkpoints.planUndo()).toBeUndefined();
  });

  it('undoes a sub-agent’s run as one change, its own calls with it, then the change before', async () => {
    await writeFile(file('a.txt'), 'one\n');
    const { checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    await call('subagent', () => call('write_file', () => writeFile(file('notes.md'), 'by the scribe\n')));
    const outer = (await checkpoints.planUndo())!;
    expect(outer.label).toBe('subagent');
    await checkpoints.apply(outer, { overwriteOutside: false });
    expect(await exists('notes.md')).toBe(false);
    const before = (await checkpoints.planUndo())!;
    expect(before.label).toBe('edit_file');
    await checkpoints.apply(before, { overwriteOutside: false });
    expect(await read('a.txt')).toBe('one\n');
  });

  it("shows the session's changes per file, leaving out what was changed by hand", async () => {
    await writeFile(file('a.txt'), 'one\n');
    await writeFile(file('old-name.txt'), 'same content here\nline two\nline three\n');
    const { checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    await writeFile(file('by-hand.txt'), 'mine\n');
    await call('bash', async () => {
      await writeFile(file('made.txt'), 'x\n');
      await writeFile(file('new-name.txt'), await readFile(file('old-name.txt')));
      await rm(file('old-name.txt'));
    });
    const { diffs } = await checkpoints.changes();
    expect(diffs.map((diff) => [diff.path, diff.status, diff.oldPath])).toEqual([
      ['a.txt', 'modified', undefined],
      ['made.txt', 'added', undefined],
      ['new-name.txt', 'renamed', 'old-name.txt'],
    ]);
  });

  it('never records a file over 10 MB, says so once, and leaves it alone on a rewind', async () => {
    await writeFile(file('small.txt'), 'one\n');
    const { checkpoints, warnings, message, call } = await openSession();
    message('go');
    await call('bash', async () => {
      await writeFile(file('small.txt'), 'two\n');
      await writeFile(file('huge.bin'), '');
      await truncate(file('huge.bin'), LARGE_FILE_BYTES + 1);
    });
    await call('bash', async () => undefined);
    expect(warnings).toEqual(['Checkpoints leave out huge.bin (over 10 MB): /undo and /rewind cannot bring it back.']);
    const plan = await checkpoints.planRewind(1);
    expect(plan.changes).toEqual([{ path: 'small.txt', action: 'write' }]);
    await checkpoints.apply(plan, { overwriteOutside: false });
    expect((await stat(file('huge.bin'))).size).toBe(LARGE_FILE_BYTES + 1);
  });

  it('never touches the project’s own .git, and skips what .gitignore names', async () => {
    const git = (...args: string[]) =>
      promisify(execFile)('git', args, {
        cwd: project,
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      });
    await git('init', '-q');
    await writeFile(file('.gitignore'), 'build/\n');
    await writeFile(file('a.txt'), 'one\n');
    await git('add', '-A');
    await git('commit', '-qm', 'first');
    await mkdir(file('build'));
    await writeFile(file('build/out.js'), 'old\n');
    const index = await readFile(file('.git/index'));
    const { checkpoints, message, call } = await openSession();
    message('go');
    await call('bash', async () => {
      await writeFile(file('a.txt'), 'two\n');
      await writeFile(file('build/out.js'), 'new\n');
    });
    expect(await checkpoints.ignored()).toEqual(['build/']);
    await checkpoints.apply(await checkpoints.planRewind(1), { overwriteOutside: false });
    expect(await read('a.txt')).toBe('one\n');
    expect(await read('build/out.js')).toBe('new\n');
    expect(await readFile(file('.git/index'))).toEqual(index);
  });
});

describe('keeping checkpoints', () => {
  it('forgets a session whose newest checkpoint is older than keep_days, at most once a day; younger ones stay', async () => {
    await writeFile(file('a.txt'), 'one\n');
    const { session, checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    const store = checkpoints.store;
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    expect(await pruneCheckpoints(store.repo, 30, now + 29.9 * day)).toBe(0);
    expect(await store.head(session.id)).toBeDefined();
    // Old enough now, but tidied less than a day ago: not looked at again.
    expect(await pruneCheckpoints(store.repo, 30, now + 30.4 * day)).toBe(0);
    expect(await store.head(session.id)).toBeDefined();
    expect(await pruneCheckpoints(store.repo, 30, now + 31 * day)).toBe(1);
    expect(await store.head(session.id)).toBeUndefined();
  });

  it('tidies a repository first a day after its first session, never while that session may be writing', async () => {
    await writeFile(file('a.txt'), 'one\n');
    const { session, checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    const now = Date.now();
    expect(await pruneCheckpoints(checkpoints.store.repo, 0, now)).toBe(0);
    expect(await checkpoints.store.head(session.id)).toBeDefined();
    expect(await pruneCheckpoints(checkpoints.store.repo, 0, now + 1.1 * 24 * 60 * 60 * 1000)).toBe(1);
  });

  it('gives a fork the checkpoints of the session it came from, the original keeping its own', async () => {
    await writeFile(file('a.txt'), 'one\n');
    const { session, checkpoints, message, call } = await openSession();
    message('go');
    await call('edit_file', () => writeFile(file('a.txt'), 'two\n'));
    const original = await checkpoints.store.head(session.id);
    await checkpoints.fork('fork-1');
    const forked = await checkpoints.store.head('fork-1');
    expect(forked).toBeDefined();
    expect(forked).not.toBe(original);
    expect(await checkpoints.store.head(session.id)).toBe(original);
  });
});

describe('the shadow repository', () => {
  it('is made once when Falcons open it at the same moment, each using it, with no half-made folder left', async () => {
    const repos = await Promise.all(Array.from({ length: 6 }, () => openShadowRepo(home, project)));
    expect(new Set(repos.map((repo) => repo.gitDir)).size).toBe(1);
    const { stdout } = await promisify(execFile)('git', ['--git-dir', repos[0]!.gitDir, 'rev-parse', '--is-bare-repository']);
    expect(stdout.trim()).toBe('false');
    expect((await readdir(path.join(home, 'checkpoints'))).filter((name) => name.includes('.new-'))).toEqual([]);
  });

  it("has its own settings, as git reads them: never the user's line endings, logs or tidying", async () => {
    const repo = await openShadowRepo(home, project);
    const setting = async (key: string) => (await promisify(execFile)('git', ['--git-dir', repo.gitDir, 'config', '--get', key])).stdout.trim();
    expect(await setting('core.autocrlf')).toBe('false');
    expect(await setting('core.logAllRefUpdates')).toBe('false');
    expect(await setting('core.splitIndex')).toBe('true');
    expect(await setting('index.version')).toBe('4');
    expect(await setting('gc.auto')).toBe('0');
    expect(await setting('commit.gpgSign')).toBe('false');
  });
});
