import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ATOMIC_WRITE_DRAFT_GLOB } from '../../safety/atomic-write.js';
import { isPathInside } from '../../safety/path-inside.js';
import { FALCON_DIR } from '../../workspace/falcon-dir.js';
import { falconLogGlobs } from '../code/falcon-logs.js';
import { type GitPlace, runGit } from './run-git.js';

/** Where every project's checkpoints live, under Falcon's own folder. */
export const CHECKPOINTS_FOLDER = 'checkpoints';

/** The file in a shadow folder naming the project it belongs to (for `falcon doctor`). */
export const PROJECT_FILE = 'project';

/** A project's shadow repository: its git folder and index in Falcon's home, its work tree the project. */
export interface ShadowRepo extends GitPlace {
  /** `<FALCON_HOME>/checkpoints/<name>-<hash>`. */
  folder: string;
}

/** Settings of the shadow repository: nothing of the user's applies, and git never tidies it by itself. */
const SHADOW_CONFIG: readonly [string, string][] = [
  ['core.autocrlf', 'false'],
  ['core.safecrlf', 'false'],
  ['core.symlinks', 'true'],
  ['core.untrackedCache', 'true'],
  // A large project's index is written on every checkpoint: only what changed, no checksum of it all.
  ['core.splitIndex', 'true'],
  ['index.version', '4'],
  ['index.skipHash', 'true'],
  ['core.fsmonitor', 'false'],
  ['core.logAllRefUpdates', 'false'],
  ['gc.auto', '0'],
  ['commit.gpgSign', 'false'],
];

/** The shadow folder of a project: one per project, named after it so that a person can tell them apart. */
export function shadowFolder(falconHome: string, projectRoot: string): string {
  const name = path.basename(projectRoot).replace(/[^\w.-]+/g, '_') || 'root';
  const hash = createHash('sha256').update(projectRoot).digest('hex').slice(0, 12);
  return path.join(falconHome, CHECKPOINTS_FOLDER, `${name}-${hash}`);
}

/** Opens the project's shadow repository, creating it on first use. Throws GitMissingError without git. */
export async function openShadowRepo(falconHome: string, projectRoot: string): Promise<ShadowRepo> {
  const repo = shadowRepoIn(shadowFolder(falconHome, projectRoot), projectRoot);
  if (existsSync(path.join(repo.gitDir, 'HEAD'))) return repo;
  await mkdir(path.dirname(repo.folder), { recursive: true, mode: 0o700 });
  // Made aside and moved into place by one rename: Falcons that start at once in the same project
  // never see half a repository, and the one that loses the race uses the winner's.
  const draft = await mkdtemp(`${repo.folder}.new-`);
  try {
    await createShadowRepo(shadowRepoIn(draft, projectRoot), falconHome, projectRoot);
    await moveIntoPlace(draft, repo);
  } finally {
    await rm(draft, { recursive: true, force: true });
  }
  return repo;
}

function shadowRepoIn(folder: string, projectRoot: string): ShadowRepo {
  return { folder, gitDir: path.join(folder, 'git'), workTree: projectRoot, indexFile: path.join(folder, 'index') };
}

async function createShadowRepo(repo: ShadowRepo, falconHome: string, projectRoot: string): Promise<void> {
  await runGit(repo, ['init', '--quiet']);
  // Written after what `git init` wrote, where git takes the last value of a key: one git the fewer per setting.
  await appendFile(path.join(repo.gitDir, 'config'), configText(SHADOW_CONFIG));
  await mkdir(path.join(repo.gitDir, 'info'), { recursive: true });
  await writeFile(path.join(repo.gitDir, 'info', 'exclude'), excludedPaths(falconHome, projectRoot).join('\n') + '\n');
  await writeFile(path.join(repo.folder, PROJECT_FILE), projectRoot + '\n');
}

/** `section.name` settings as sections of a git config file. */
function configText(settings: readonly [string, string][]): string {
  const sections = new Map<string, string[]>();
  for (const [key, value] of settings) {
    const [section = '', name = ''] = key.split('.');
    sections.set(section, [...(sections.get(section) ?? []), `\t${name} = ${value}\n`]);
  }
  return [...sections].map(([section, lines]) => `[${section}]\n${lines.join('')}`).join('');
}

/** A folder there without a repository is what an interrupted older Falcon left: it is replaced. */
async function moveIntoPlace(draft: string, repo: ShadowRepo): Promise<void> {
  try {
    await rename(draft, repo.folder);
  } catch (error) {
    if (existsSync(path.join(repo.gitDir, 'HEAD'))) return;
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(repo.folder, { recursive: true, force: true });
    await rename(draft, repo.folder).catch((again: unknown) => {
      if (!existsSync(path.join(repo.gitDir, 'HEAD'))) throw again;
    });
  }
}

/**
 * Besides what the project's .gitignore files leave out: Falcon's own logs (the session files change
 * with every message, and a rewind must never take one back), its reports (results of runs, not
 * work to take back), drafts of Falcon's atomic writes, and Falcon's home should it lie inside the project.
 */
function excludedPaths(falconHome: string, projectRoot: string): string[] {
  const home = path.relative(projectRoot, falconHome);
  const inside = home !== '' && isPathInside(projectRoot, falconHome);
  return [...falconLogGlobs(''), `/${FALCON_DIR}/reports/`, ATOMIC_WRITE_DRAFT_GLOB, ...(inside ? [`/${home.split(path.sep).join('/')}/`] : [])];
}
