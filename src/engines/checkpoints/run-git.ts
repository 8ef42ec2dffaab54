import { spawn } from 'node:child_process';

/** Where a shadow repository's git works: its own git folder and index, over the project's files. */
export interface GitPlace {
  gitDir: string;
  workTree: string;
  indexFile: string;
}

export interface GitCall {
  /** Written to git's stdin, which is then closed. */
  input?: string | Buffer;
  /** Another index than the place's (a restore reads a checkpoint into one of its own). */
  indexFile?: string;
  /** Exit codes that are answers rather than failures (`diff --quiet` says 1 for "different"). */
  okCodes?: readonly number[];
}

export interface GitResult {
  stdout: Buffer;
  code: number;
}

export class GitError extends Error {
  override name = 'GitError';
}

/** git not found on PATH. */
export class GitMissingError extends Error {
  override name = 'GitMissingError';
}

const IDENTITY = { name: 'Falcon', email: 'checkpoints@falcon.invalid' };

/**
 * Runs git on a shadow repository in an environment of its own: none of the user's GIT_* variables,
 * neither the system's nor the user's git config (no hooks path, excludes file, fsmonitor, diff or
 * filter drivers), so the project's own repository is never found, read or written, and nothing the
 * user configured runs.
 */
export function runGit(place: GitPlace, args: readonly string[], call: GitCall = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', ...args], { env: shadowEnvironment(place, call.indexFile), stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new GitMissingError('git was not found on PATH') : error));
    child.on('close', (code) => {
      const exit = code ?? 1;
      if (exit === 0 || call.okCodes?.includes(exit)) return resolve({ stdout: Buffer.concat(stdout), code: exit });
      const message = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-3).join(' ');
      reject(new GitError(`git ${args[0]} failed: ${message || `exit code ${exit}`}`));
    });
    // A git that failed before reading its input closes the pipe: that error is the exit code's to tell.
    child.stdin.on('error', () => undefined);
    child.stdin.end(call.input);
  });
}

function shadowEnvironment(place: GitPlace, indexFile = place.indexFile): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    // Older git reads ~/.gitconfig whatever GIT_CONFIG_GLOBAL says: HOME is the shadow's own folder.
    HOME: place.gitDir,
    LC_ALL: 'C',
    GIT_DIR: place.gitDir,
    GIT_WORK_TREE: place.workTree,
    GIT_INDEX_FILE: indexFile,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_AUTHOR_NAME: IDENTITY.name,
    GIT_AUTHOR_EMAIL: IDENTITY.email,
    GIT_COMMITTER_NAME: IDENTITY.name,
    GIT_COMMITTER_EMAIL: IDENTITY.email,
  };
}

/** NUL-separated output as its fields. */
export function nulFields(output: Buffer): string[] {
  const text = output.toString('utf8');
  const fields = text.split('\0');
  if (fields.at(-1) === '') fields.pop();
  return fields;
}
