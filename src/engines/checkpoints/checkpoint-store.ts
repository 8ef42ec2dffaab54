import { rm } from 'node:fs/promises';
import path from 'node:path';
import { replaceFile } from '../../safety/atomic-write.js';
import { type ChangedPath, changedPaths } from './changed-paths.js';
import { type FileDiff, diffFiles } from './file-diffs.js';
import { pruneCheckpoints } from './prune-checkpoints.js';
import { type FileRestore, restoreFiles } from './restore-files.js';
import { nulFields, runGit } from './run-git.js';
import { openShadowRepo, type ShadowRepo, shadowFolder } from './shadow-repo.js';
import { commitTree, type LeftOut, stageProject, type StagedTree } from './snapshot.js';

/** A checkpoint taken: its commit, whether it is new (the files changed since `parent`), and what it left out. */
export interface Snapshot extends LeftOut {
  commit: string;
  changed: boolean;
}

/** How long another Falcon may hold the shadow index before its lock counts as abandoned. */
const LOCK_STALE_MS = 15_000;

const stores = new Map<string, Promise<CheckpointStore>>();

/**
 * A project's checkpoints: the shadow repository and everything done with it. Work on the shadow
 * index runs one task at a time, in this process (a queue) and across processes (a lock file beside
 * it), so two sessions in one project take turns. Each session's checkpoints hang on a ref of its own,
 * `refs/falcon/sessions/<id>`, the newest last, each the parent of the next.
 */
export class CheckpointStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly trees = new Map<string, string>();
  private readonly changes = new Map<string, Promise<ChangedPath[]>>();
  /** The tree the shadow index held when this store last wrote it. */
  private staged: StagedTree | undefined;

  private constructor(readonly repo: ShadowRepo) {}

  /** The one store of a project in this process. Throws GitMissingError without git. */
  static forProject(falconHome: string, projectRoot: string): Promise<CheckpointStore> {
    const folder = shadowFolder(falconHome, projectRoot);
    let store = stores.get(folder);
    if (!store) {
      store = openShadowRepo(falconHome, projectRoot).then((repo) => new CheckpointStore(repo));
      stores.set(folder, store);
      store.catch(() => stores.delete(folder));
    }
    return store;
  }

  /** The project's files as a tree now (nothing is committed). */
  currentTree(): Promise<StagedTree> {
    return this.exclusive(() => this.stage());
  }

  /** A checkpoint of the project's files after `parent`; `parent` itself when nothing changed since. */
  snapshot(parent: string | undefined, message: string): Promise<Snapshot> {
    return this.exclusive(async () => {
      const staged = await this.stage();
      const left = { large: staged.large, nested: staged.nested };
      if (parent && (await this.treeOf(parent)) === staged.tree) return { commit: parent, changed: false, ...left };
      const commit = await commitTree(this.repo, staged.tree, parent, message);
      this.trees.set(commit, staged.tree);
      return { commit, changed: true, ...left };
    });
  }

  /**
   * Makes `commit` the session's newest checkpoint, so that it and those before it are kept: written
   * as git's own loose ref (each session writes only its own, one at a time), which spares a process.
   */
  async keep(sessionId: string, commit: string): Promise<void> {
    await replaceFile(path.join(this.repo.gitDir, ...sessionRef(sessionId).split('/')), `${commit}\n`);
  }

  /** The session's newest checkpoint, if it has one. */
  async head(sessionId: string): Promise<string | undefined> {
    const found = await runGit(this.repo, ['rev-parse', '--verify', '--quiet', `${sessionRef(sessionId)}^{commit}`], { okCodes: [1] });
    return found.code === 0 ? found.stdout.toString('utf8').trim() : undefined;
  }

  /** Gives a fork the checkpoints of the session it came from: its ref starts where the other's stands. */
  async fork(fromSession: string, toSession: string): Promise<void> {
    const head = await this.head(fromSession);
    if (!head) return;
    // A commit of its own, dated now: the fork's checkpoints are kept as long as it is young.
    const commit = await commitTree(this.repo, await this.treeOf(head), head, `fork of ${fromSession}`);
    await this.keep(toSession, commit);
  }

  /** Whether the checkpoint is still there (not removed after keep_days). */
  async exists(commit: string): Promise<boolean> {
    return (await runGit(this.repo, ['cat-file', '-e', `${commit}^{commit}`], { okCodes: [1, 128] })).code === 0;
  }

  /** The files that differ between two checkpoints (remembered: checkpoints never change). */
  changedPaths(from: string, to: string): Promise<ChangedPath[]> {
    const key = `${from}:${to}`;
    let found = this.changes.get(key);
    if (!found) {
      found = changedPaths(this.repo, from, to);
      this.changes.set(key, found);
      found.catch(() => this.changes.delete(key));
    }
    return found;
  }

  diff(from: string, to: string, paths?: readonly string[]): Promise<FileDiff[]> {
    return diffFiles(this.repo, from, to, paths);
  }

  /** Writes or deletes files as the checkpoint `target` has them; returns those a linked folder kept it from. */
  restore(target: string, changes: readonly FileRestore[]): Promise<string[]> {
    return this.exclusive(() => restoreFiles(this.repo, target, changes));
  }

  /** Forgets sessions whose checkpoints are older than `keepDays`, and lets git tidy up: at most once a day. */
  prune(keepDays: number): Promise<number> {
    // git gc removes object folders a checkpoint may be writing into: never both at once.
    return this.exclusive(() => pruneCheckpoints(this.repo, keepDays));
  }

  /** What .gitignore keeps out of checkpoints, folders as one entry (`node_modules/`). */
  async ignored(): Promise<string[]> {
    return nulFields((await runGit(this.repo, ['ls-files', '-z', '-o', '-i', '--exclude-per-directory=.gitignore', '--directory'])).stdout);
  }

  private async stage(): Promise<StagedTree> {
    this.staged = await stageProject(this.repo, this.staged);
    return this.staged;
  }

  private async treeOf(commit: string): Promise<string> {
    let tree = this.trees.get(commit);
    if (!tree) {
      tree = (await runGit(this.repo, ['rev-parse', `${commit}^{tree}`])).stdout.toString('utf8').trim();
      this.trees.set(commit, tree);
    }
    return tree;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      // The module is CommonJS: its functions are properties of the default export in every loader.
      const { default: lockfile } = await import('proper-lockfile');
      const release = await lockfile.lock(this.repo.folder, {
        lockfilePath: `${this.repo.folder}/lock`,
        realpath: false,
        stale: LOCK_STALE_MS,
        retries: { retries: 200, factor: 1.2, minTimeout: 20, maxTimeout: 250 },
        // A lock taken over after a long pause: the other Falcon's git simply fails, with its own message.
        onCompromised: () => undefined,
      });
      try {
        // Held by nobody else now: an index lock left is one a killed git left behind.
        await rm(`${this.repo.indexFile}.lock`, { force: true });
        return await task();
      } finally {
        await release().catch(() => undefined);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** `refs/falcon/sessions/<id>`; session ids are letters, digits, dots and dashes (workspace/session-store.ts). */
export function sessionRef(sessionId: string): string {
  if (!/^\w[\w-]*(\.\w[\w-]*)*$/.test(sessionId)) throw new Error(`"${sessionId}" is not a session id`);
  return `refs/falcon/sessions/${sessionId}`;
}
