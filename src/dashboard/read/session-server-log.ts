import path from 'node:path';
import { type ExcerptRecord, excerptsFileOf } from '../../engines/api-server/server-log.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import { readSessionLines } from './session-lines.js';

/** A line of the server's log, numbered from 1 as the file holds it. */
export interface ServerLogLine {
  number: number;
  text: string;
}

export interface SessionServerLog {
  /** Project-relative, `.falcon/sessions/<id>/server.log`. */
  file: string;
  lines: ServerLogLine[];
  /** Lines of the file in all (of the part read). */
  total: number;
  /** The requests whose lines observations showed, in the order they came. */
  excerpts: ExcerptRecord[];
}

/**
 * The server log of a session, when Falcon ran the API's server in it: numbered, and the requests
 * whose lines were shown. `undefined` when the session has none. Masked when written; read as is.
 */
export async function readSessionServerLog(projectRoot: string, id: string): Promise<SessionServerLog | undefined> {
  const file = falconPath(projectRoot, 'sessions', id, 'server.log');
  const read = await readSessionLines(file);
  if (!read) return undefined;
  const lines = read.lines.map((line, index) => ({ number: index + 1, text: line.text }));
  const excerpts = await readExcerpts(excerptsFileOf(file));
  return { file: path.relative(projectRoot, file).split(path.sep).join('/'), lines, total: lines.length, excerpts };
}

async function readExcerpts(file: string): Promise<ExcerptRecord[]> {
  const read = await readSessionLines(file);
  return (read?.lines ?? []).flatMap((line) => {
    try {
      const record = JSON.parse(line.text) as Partial<ExcerptRecord>;
      const valid =
        typeof record.requestId === 'string' &&
        typeof record.method === 'string' &&
        typeof record.url === 'string' &&
        typeof record.outcome === 'string' &&
        Number.isInteger(record.firstLine) &&
        Number.isInteger(record.lastLine);
      return valid ? [record as ExcerptRecord] : [];
    } catch {
      return [];
    }
  });
}
