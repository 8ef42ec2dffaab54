import { stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './run-git.js';
import type { ShadowRepo } from './shadow-repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The file whose time says when the shadow repository was last tidied. */
const PRUNED_STAMP = 'pruned';

/**
 * Forgets the sessions whose newest checkpoint is older than `keepDays`, then lets git pack what is
 * left and remove what nothing reaches any more (objects younger than an hour stay: another session
 * may be writing them). Runs at most once a day per project, the first time a day after the first
 * session; resolves with the sessions forgotten.
 */
export async function pruneCheckpoints(repo: ShadowRepo, keepDays: number, now = Date.now()): Promise<number> {
  const stamp = path.join(repo.folder, PRUNED_STAMP);
  const last = await stat(stamp).then(
    (info) => info.mtimeMs,
    () => undefined,
  );
  if (last !== undefined && now - last < DAY_MS) return 0;
  await writeFile(stamp, '');
  await utimes(stamp, new Date(now), new Date(now));
  // A repository never tidied holds nothing a day old yet: its first tidying is a day from now.
  if (last === undefined) return 0;
  const listing = (await runGit(repo, ['for-each-ref', '--format=%(refname) %(committerdate:unix)', 'refs/falcon/sessions/'])).stdout.toString('utf8');
  const expired = listing
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([ref, seconds]) => ref && Number(seconds) * 1000 < now - keepDays * DAY_MS)
    .map(([ref]) => ref!);
  if (expired.length) await runGit(repo, ['update-ref', '--stdin'], { input: expired.map((ref) => `delete ${ref}\n`).join('') });
  await runGit(repo, ['gc', '--quiet', '--prune=1.hour.ago']);
  return expired.length;
}
