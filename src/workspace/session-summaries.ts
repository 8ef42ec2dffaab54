import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { falconPath } from './falcon-dir.js';
import { listSessions, type SessionSummary } from './session-store.js';

/** A saved session as a list of sessions shows it. */
export interface SessionOverview extends SessionSummary {
  /** The first message the user sent, as the file has it (secrets masked, attached files in it); absent before one. */
  firstMessage?: string;
  /** How many times the user started the agent: each message sent while it was idle. */
  turns: number;
}

// Only lines with these, outside any string (where quotes are escaped), are parsed.
const RUN_START = '"type":"run_start"';
const FROM_USER = '"role":"user"';

/** The newest `limit` sessions of a project, newest first, each with its first message and its turns. */
export async function summarizeSessions(projectRoot: string, limit: number): Promise<SessionOverview[]> {
  const sessions = (await listSessions(projectRoot)).slice(0, limit);
  return Promise.all(sessions.map(async (session) => ({ ...session, ...(await readOverview(falconPath(projectRoot, 'sessions', `${session.id}.jsonl`))) })));
}

/** Reads the file a line at a time; a file that cannot be read, or a line that does not parse, adds nothing. */
async function readOverview(file: string): Promise<Pick<SessionOverview, 'firstMessage' | 'turns'>> {
  let firstMessage: string | undefined;
  let turns = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const record = line.includes(RUN_START) || (firstMessage === undefined && line.includes(FROM_USER)) ? parse(line) : undefined;
      if (record?.kind === 'event' && record.event?.type === 'run_start') turns++;
      if (record?.kind === 'message' && record.role === 'user' && firstMessage === undefined && typeof record.content === 'string')
        firstMessage = record.content;
    }
  } catch {
    // Unreadable now (removed, no permission): what was read stands.
  }
  return { ...(firstMessage !== undefined && { firstMessage }), turns };
}

interface RecordFields {
  kind?: unknown;
  role?: unknown;
  content?: unknown;
  event?: { type?: unknown } | null;
}

function parse(line: string): RecordFields | undefined {
  try {
    const record: unknown = JSON.parse(line);
    return typeof record === 'object' && record !== null ? (record as RecordFields) : undefined;
  } catch {
    return undefined;
  }
}
