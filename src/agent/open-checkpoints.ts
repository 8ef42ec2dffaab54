import { DEFAULT_CHECKPOINTS, type CheckpointSettings } from '../config/types.js';
import { CheckpointStore } from '../engines/checkpoints/checkpoint-store.js';
import { GitMissingError } from '../engines/checkpoints/run-git.js';
import { type CheckpointedSession, SessionCheckpoints } from '../engines/checkpoints/session-checkpoints.js';

export interface OpenedCheckpoints {
  checkpoints?: SessionCheckpoints;
  /** Why they are off, said once at the start of the session. */
  warning?: string;
}

/**
 * The session's checkpoints, unless `checkpoints: {enabled: false}` turns them off or git is missing.
 * The shadow index is brought up to date in the background, so the first change is checkpointed as
 * fast as the next ones, and old checkpoints are pruned (at most once a day).
 */
export async function openCheckpoints(
  settings: CheckpointSettings = DEFAULT_CHECKPOINTS,
  falconHome: string,
  projectRoot: string,
  session: CheckpointedSession,
): Promise<OpenedCheckpoints> {
  if (!settings.enabled) return {};
  try {
    const store = await CheckpointStore.forProject(falconHome, projectRoot);
    void store
      .currentTree()
      .then(() => store.prune(settings.keepDays))
      .catch(() => undefined);
    return { checkpoints: new SessionCheckpoints(store, session) };
  } catch (error) {
    const why = error instanceof GitMissingError ? 'git was not found on PATH' : (error as Error).message;
    return {
      warning: `Checkpoints are off (${why}): /undo and /rewind cannot take changes back in this session. Set checkpoints: {enabled: false} in the global config to turn them off without this warning.`,
    };
  }
}
