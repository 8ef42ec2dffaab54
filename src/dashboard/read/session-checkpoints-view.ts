// A session's checkpoints for its page: the calls that changed files and the session's diff, read from
// the project's shadow repository. The session file is checked record by record; a shadow repository
// is only read, never created, by the dashboard.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { CheckpointStore } from '../../engines/checkpoints/checkpoint-store.js';
import type { FileDiff } from '../../engines/checkpoints/file-diffs.js';
import { type ChangeRecorded, SessionCheckpoints } from '../../engines/checkpoints/session-checkpoints.js';
import { shadowFolder } from '../../engines/checkpoints/shadow-repo.js';
import type { SessionRecord } from '../../workspace/session-store.js';
import { parseSessionLine } from './session-record.js';

export interface SessionCheckpointsView {
  changes: ChangeRecorded[];
  /** The session's diff, as its last checkpoint has the files. */
  diffs: FileDiff[];
  /** Why there is nothing to show (none kept, git missing), when there is not. */
  note?: string;
}

/** The checkpoints of the session whose file holds `lines`; undefined when it took none. */
export async function readSessionCheckpoints(
  falconHome: string,
  projectRoot: string,
  sessionId: string,
  lines: readonly string[],
): Promise<SessionCheckpointsView | undefined> {
  const records = lines.flatMap((line) => checkedRecord(line) ?? []);
  if (!records.some((record) => record.kind === 'checkpoint')) return undefined;
  if (!existsSync(path.join(shadowFolder(falconHome, projectRoot), 'git', 'HEAD'))) {
    return { changes: [], diffs: [], note: 'Its checkpoints are no longer kept (older than checkpoints.keep_days, or their folder was removed).' };
  }
  try {
    const store = await CheckpointStore.forProject(falconHome, projectRoot);
    const session = new SessionCheckpoints(store, {
      id: sessionId,
      readRecords: async () => records,
      recordCheckpoint: () => {
        throw new Error('the dashboard takes no checkpoint');
      },
    });
    return { changes: await session.changesMade(), diffs: (await session.changes('recorded')).diffs };
  } catch (error) {
    return { changes: [], diffs: [], note: `Its checkpoints cannot be read: ${(error as Error).message}` };
  }
}

const COMMIT = /^[0-9a-f]{40,64}$/;

/** The records checkpoints read: checkpoints with every field as Falcon writes it, and the runs' starts. */
function checkedRecord(line: string): SessionRecord | undefined {
  const record = parseSessionLine(line);
  if (!record) return undefined;
  if (record.kind === 'checkpoint') {
    const ok =
      typeof record.commit === 'string' &&
      COMMIT.test(record.commit) &&
      (record.phase === 'before' || record.phase === 'after') &&
      typeof record.call === 'string' &&
      typeof record.tool === 'string' &&
      typeof record.at === 'string';
    return ok ? (record as unknown as SessionRecord) : undefined;
  }
  if (record.kind === 'event' || record.kind === 'rewind') return record as unknown as SessionRecord;
  return undefined;
}
