import { traceTextOf } from '../failures/trace-text.js';
import type { LogLine } from './server-log.js';

/** The ids Falcon gives requests: another one in a line means the line is about another request. */
export const REQUEST_ID_PATTERN = /\bfalcon-[0-9a-f]{8}\b/g;

/** Lines after one naming the request that still belong to what it logged: a trace, an indented detail. */
const CONTINUATION = /^(\s|Traceback \(|Caused by|During handling|The above exception|goroutine \d+|panic:|[\w.$]*(Error|Exception)\b)/;

export interface RequestLines {
  lines: LogLine[];
  /** `request-id`: lines that name it (and what follows each of them); `time`: what came while it was under way. */
  by: 'request-id' | 'time';
}

/** A line that names a request by its method and path, as access logs and error handlers print them. */
const NAMED_REQUEST = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/[^\s?"'#]*)/;

/**
 * The server's lines about one request, from those printed between its sending and shortly after its
 * answer: the lines that name its id with what continues each of them (a stack trace), else all of
 * them but those naming another of Falcon's requests. `crowded`: other requests were under way at the
 * same time — then, without ids, the lines led by one naming another method or path (`PUT /users/2
 * failed` and its trace) are left out too.
 */
export function linesOfRequest(window: readonly LogLine[], requestId: string, crowded?: { method: string; path: string }): RequestLines {
  const lines = window.filter((line) => !line.falcon);
  const namesOther = (text: string) => [...text.matchAll(REQUEST_ID_PATTERN)].some((match) => match[0] !== requestId);
  const picked: LogLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.text.includes(requestId)) continue;
    picked.push(lines[index]!);
    while (index + 1 < lines.length) {
      const next = lines[index + 1]!.text;
      if (next.includes(requestId) || namesOther(next) || !CONTINUATION.test(next)) break;
      picked.push(lines[++index]!);
    }
  }
  if (picked.length > 0) return { lines: picked, by: 'request-id' };
  const unnamed = lines.filter((line) => !namesOther(line.text));
  return { lines: crowded ? withoutOtherRequests(unnamed, crowded) : unnamed, by: 'time' };
}

/** The lines but those from one naming another request (another method or path) to the next naming one. */
function withoutOtherRequests(lines: readonly LogLine[], own: { method: string; path: string }): LogLine[] {
  let other = false;
  return lines.filter((line) => {
    const named = NAMED_REQUEST.exec(line.text);
    if (named) other = named[1] !== own.method.toUpperCase() || named[2] !== own.path;
    return !other;
  });
}

/** A structured logger's line (`{"err": {"stack": "…\n    at …"}}`) as the lines of text it holds. */
export function textLinesOf(line: string): string[] {
  if (!line.trimStart().startsWith('{') || !line.includes('\\n')) return [line];
  const text = traceTextOf(line);
  return text === line ? [line] : text.split(/\r?\n/);
}
