import { falconPath } from '../../workspace/falcon-dir.js';
import { listSessions, sessionsFolderProblem } from '../../workspace/session-store.js';
import { openSessionFile } from './session-lines.js';
import { isUserMessage, parseSessionLine } from './session-record.js';

export interface SessionListing {
  id: string;
  modifiedAt: Date;
  /** What the user first asked, as the file has it (secrets masked there); absent before the first message. */
  firstMessage?: string;
}

/** The first message is near the top: this much of a file is enough to find it. */
const HEAD_BYTES = 256 * 1024;

/** The project's sessions, newest first, each with the first thing the user asked. */
export async function listProjectSessions(projectRoot: string): Promise<SessionListing[]> {
  const sessions = await listSessions(projectRoot);
  return Promise.all(sessions.map(async (session) => ({ ...session, firstMessage: await firstMessage(sessionFile(projectRoot, session.id)) })));
}

/**
 * The file of a session id, or `undefined` for a name that is no session id (a path, say), and for
 * every id when `.falcon/sessions/` is reached through a link: nothing from outside the project is served.
 */
export function sessionFileOf(projectRoot: string, id: string): string | undefined {
  if (sessionsFolderProblem(projectRoot)) return undefined;
  return /^[\w.-]+$/.test(id) && !id.startsWith('.') ? sessionFile(projectRoot, id) : undefined;
}

function sessionFile(projectRoot: string, id: string): string {
  return falconPath(projectRoot, 'sessions', `${id}.jsonl`);
}

async function firstMessage(file: string): Promise<string | undefined> {
  const handle = await openSessionFile(file);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const lines = buffer.subarray(0, bytesRead).toString('utf8').split('\n').slice(0, -1);
    for (const line of lines) {
      const record = parseSessionLine(line);
      if (isUserMessage(record)) return record.content;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}
