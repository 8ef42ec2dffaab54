// `/commit`: the files a session changed, committed in the project's own repository, as the user's git
// would (their config, identity and hooks); nothing else of the index, no push, no amend, no skipped hooks.

import { execFile } from 'node:child_process';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { describeFiles, shortened } from './describe-restore.js';
import type { FileDiff } from './file-diffs.js';

export class CommitError extends Error {
  override name = 'CommitError';
}

export interface CommitResult {
  /** The new commit, short. */
  commit: string;
  files: string[];
  /** Untracked files the repository's ignore rules name (`.git/info/exclude`, the user's excludes): left out. */
  ignored: string[];
}

/** Subject lines past this are cut, as git's own tools expect. */
const SUBJECT_MAX = 72;

/** A commit message from what the session changed (the subject) and what the user asked for (the body). */
export function proposeCommitMessage(diffs: readonly FileDiff[], requests: readonly string[]): string {
  const verbs: [string, FileDiff['status']][] = [
    ['Add', 'added'],
    ['Update', 'modified'],
    ['Rename', 'renamed'],
    ['Delete', 'deleted'],
  ];
  const parts = verbs.flatMap(([verb, status]) => {
    const files = diffs.filter((diff) => diff.status === status).map((diff) => (status === 'renamed' ? `${diff.oldPath} to ${diff.path}` : diff.path));
    return files.length ? [`${verb} ${describeFiles(files, 2)}`] : [];
  });
  const subject = shortened(parts.length ? parts.join('; ') : 'Changes made with Falcon', SUBJECT_MAX);
  const body = requests.map((request) => `- ${shortened(request, SUBJECT_MAX - 2)}`);
  return body.length ? `${subject}\n\nAsked of Falcon:\n${body.join('\n')}\n` : `${subject}\n`;
}

/** Every path a commit of these changes touches: a rename is its old name and its new one. */
export function pathsOf(diffs: readonly FileDiff[]): string[] {
  return [...new Set(diffs.flatMap((diff) => (diff.oldPath ? [diff.oldPath, diff.path] : [diff.path])))].sort();
}

/**
 * Commits `files` (relative to `projectRoot`) as they are now, and only them: what else the user has
 * staged stays staged and out of the commit. Throws CommitError with git's words when git refuses
 * (not a repository, a hook that said no).
 */
export async function commitSessionFiles(projectRoot: string, files: readonly string[], message: string): Promise<CommitResult> {
  await git(projectRoot, ['rev-parse', '--show-toplevel']).catch(() => {
    throw new CommitError(`${projectRoot} is not in a git repository: there is nothing to commit to`);
  });
  const tracked = new Set((await git(projectRoot, ['ls-files', '-z', '--', ...files])).split('\0').filter(Boolean));
  const ignored = new Set(
    (await git(projectRoot, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...files])).split('\0').filter(Boolean),
  );
  const present = await Promise.all(
    files.map((file) =>
      lstat(path.join(projectRoot, file)).then(
        () => true,
        () => false,
      ),
    ),
  );
  const committed = files.filter((file, index) => (present[index] || tracked.has(file)) && !ignored.has(file));
  if (committed.length === 0) throw new CommitError('the files this session changed are back as they were: there is nothing to commit');
  await git(projectRoot, ['add', '-A', '--', ...committed]);
  await git(projectRoot, ['commit', '--quiet', '--file', '-', '--', ...committed], message);
  return { commit: (await git(projectRoot, ['rev-parse', '--short', 'HEAD'])).trim(), files: committed, ignored: [...ignored].sort() };
}

function git(cwd: string, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd, env: { ...process.env, GIT_LITERAL_PATHSPECS: '1', GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const said = `${stderr}${stdout}`.trim().split('\n').slice(-6).join('\n');
        reject(new CommitError(`git ${args[0]} failed${said ? `:\n${said}` : ` (${error.message})`}`));
      },
    );
    child.stdin?.end(input);
  });
}
