import { type Env, falconHome } from '../../../config/falcon-home.js';
import { loadGlobalConfig } from '../../../config/load-global-config.js';
import { DEFAULT_CHECKPOINTS } from '../../../config/types.js';
import { CheckpointStore } from '../../../engines/checkpoints/checkpoint-store.js';
import { GitMissingError } from '../../../engines/checkpoints/run-git.js';
import { SessionCheckpoints } from '../../../engines/checkpoints/session-checkpoints.js';
import { SessionStore } from '../../../workspace/session-store.js';
import { UsageError } from '../../../kit/command/user-error.js';

export interface OpenedSession {
  session: SessionStore;
  /** Undefined when checkpoints are off: `offBecause` says why. */
  checkpoints?: SessionCheckpoints;
  offBecause?: string;
}

/** The session `sessionId` (else the project's latest) and its checkpoints, for the commands that read or rewind them. */
export async function openSessionCheckpoints(projectRoot: string, env: Env, sessionId?: string): Promise<OpenedSession> {
  const session = sessionId ? await SessionStore.open(projectRoot, sessionId) : await SessionStore.openLatest(projectRoot);
  if (!session) throw new UsageError('there are no sessions in this project yet (.falcon/sessions/ is empty)');
  const settings = (await loadGlobalConfig({ env })).config.checkpoints ?? DEFAULT_CHECKPOINTS;
  if (!settings.enabled) return { session, offBecause: 'checkpoints are off (checkpoints: {enabled: false} in the global config)' };
  try {
    return { session, checkpoints: new SessionCheckpoints(await CheckpointStore.forProject(falconHome(env), projectRoot), session) };
  } catch (error) {
    if (error instanceof GitMissingError) return { session, offBecause: 'checkpoints need git, which was not found on PATH' };
    throw error;
  }
}
