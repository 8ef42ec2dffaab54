import type { ServerLogExcerpt } from '../http/server-log-excerpt.js';

/**
 * The server's words about a request, as observations and reports show them:
 * ```
 * Server log (request falcon-3f9a0c12, 3 lines of .falcon/sessions/…/server.log, lines 41–43):
 *   TypeError: Cannot read properties of undefined (reading 'name')
 *       at app.js:12  return user.profile.name;
 * Where it broke: app.js:12
 * ```
 */
export function describeServerLog(excerpt: ServerLogExcerpt): string[] {
  if (excerpt.unavailable) return [`Server log: ${excerpt.unavailable}`];
  const source = [
    excerpt.file && `of ${excerpt.file}`,
    excerpt.fileLines &&
      (excerpt.fileLines.first === excerpt.fileLines.last ? `line ${excerpt.fileLines.first}` : `lines ${excerpt.fileLines.first}–${excerpt.fileLines.last}`),
  ].filter(Boolean);
  const byTime = excerpt.crowded ? ', printed while it and other requests were under way: some lines may be theirs' : ', printed while it was under way';
  const about = `request ${excerpt.requestId}${excerpt.by === 'time' ? byTime : ''}`;
  if (excerpt.lines.length === 0) return [`Server log (${about}): the server printed nothing about it.`];
  const count = excerpt.lines.length + excerpt.omittedLines;
  const heading = `Server log (${about}, ${count} line${count === 1 ? '' : 's'}${source.length > 0 ? ` ${source.join(', ')}` : ''}):`;
  return [
    heading,
    ...excerpt.lines.map((line) => `  ${line}`),
    ...(excerpt.omittedLines > 0 ? [`  … ${excerpt.omittedLines} more line${excerpt.omittedLines === 1 ? '' : 's'} in the server log`] : []),
    ...(excerpt.where.length > 0 ? [`Where it broke: ${excerpt.where.join(' ← ')}`] : []),
  ];
}

/** The excerpt and the notes of an answer, as one block of lines (none when there is nothing to say). */
export function describeServerWords(excerpt: ServerLogExcerpt | undefined, notes: readonly string[] | undefined): string[] {
  return [...(notes ?? []).map((note) => `Note: ${note}`), ...(excerpt ? describeServerLog(excerpt) : [])];
}

/** The server's words about an answer as a case verdict or a report keeps them; undefined when it said nothing. */
export function serverWordsOf(excerpt: ServerLogExcerpt | undefined, notes: readonly string[] | undefined): { lines: string[]; raw: string } | undefined {
  const lines = describeServerWords(excerpt, notes);
  return lines.length === 0 ? undefined : { lines, raw: excerpt?.raw || lines.join('\n') };
}
