import which from 'which';
import { displayPath, type Env, falconHome } from '../../config/falcon-home.js';
import { DEFAULT_CHECKPOINTS, type FalconConfig } from '../../config/types.js';
import { checkpointDiskUse } from '../../engines/checkpoints/disk-use.js';
import { shadowFolder } from '../../engines/checkpoints/shadow-repo.js';
import { formatBytes } from '../../engines/perf/report/perf-report-text.js';
import { type DoctorCheck, ok, warn } from './doctor-check.js';

/** Checkpoints: on or off, git there to take them, and the disk they use (this project's and all). */
export async function checkCheckpoints(config: FalconConfig | undefined, env: Env, projectRoot: string): Promise<DoctorCheck> {
  const settings = config?.checkpoints ?? DEFAULT_CHECKPOINTS;
  const use = await checkpointDiskUse(falconHome(env));
  const shown = displayPath(use.folder);
  const disk =
    use.projects.length === 0
      ? `none kept in ${shown}`
      : `${formatBytes(use.bytes)} in ${shown} for ${use.projects.length} project${use.projects.length === 1 ? '' : 's'}`;
  const here = use.projects.find((project) => project.project === projectRoot);
  const details = use.projects.slice(0, 5).map((project) => `${formatBytes(project.bytes).padStart(9)}  ${displayPath(project.project)}`);
  if (!settings.enabled) return ok('checkpoints', `off (checkpoints: {enabled: false}); ${disk}`, details);
  if (!(await which('git', { nothrow: true }))) {
    return warn(
      'checkpoints',
      `git is not on PATH: no checkpoints are taken, so /undo and /rewind cannot take changes back; ${disk}`,
      'install git, or set checkpoints: {enabled: false} in the global config',
      details,
    );
  }
  const project = here ? `, this project ${formatBytes(here.bytes)} (${displayPath(shadowFolder(falconHome(env), projectRoot))})` : '';
  return ok('checkpoints', `on, kept ${settings.keepDays} days; ${disk}${project}`, details);
}
