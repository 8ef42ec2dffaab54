import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { findProjectFilePaths } from '../code/project-files.js';
import { ProjectFileIndex } from '../failures/resolve-frame-file.js';
import type { RequestWatch } from '../http/request-watch.js';
import type { ServerLogExcerpt } from '../http/server-log-excerpt.js';
import { type ManagedServer, describeExit } from './managed-server.js';
import { reduceStackFrames } from './project-frames.js';
import { linesOfRequest, textLinesOf } from './request-log-lines.js';
import { REAL_CLOCK, type ServerClock } from './server-clock.js';

/** What a server prints about a failure often comes just after its answer. */
export const EXCERPT_GRACE_MS = 200;
const MAX_EXCERPT_LINES = 40;
const EXITED_TAIL_LINES = 10;

export interface ServerRequestWatchOptions {
  server: ManagedServer;
  /** Real path. */
  projectRoot: string;
  /** Asked once at most, when a request is refused: whether to start the server. Absent: it is not started unasked. */
  offerStart?(): Promise<boolean>;
  /** Told what a request waits for (a reload). */
  progress?(message: string): void;
  clock?: ServerClock;
}

/**
 * The requests of one tool call or one run that go to the API's BASE_URL: each carries an id, waits
 * for a reload under way, and comes back with the server's log lines when it failed with 500 or
 * more, or got no answer.
 */
export function serverRequestWatch(options: ServerRequestWatchOptions): RequestWatch {
  const { server, projectRoot } = options;
  const clock = options.clock ?? REAL_CLOCK;
  let offered: Promise<boolean> | undefined;
  const offerStart = options.offerStart && (() => (offered ??= options.offerStart!()));
  let files: Promise<ProjectFileIndex> | undefined;
  const projectFiles = () =>
    (files ??= findProjectFilePaths(projectRoot).then(
      (found) =>
        new ProjectFileIndex(
          projectRoot,
          found.map((file) => file.path),
        ),
    ));

  // Requests of the run under way at once (test runs send several): their lines by time may mix.
  let begun = 0;
  let open = 0;

  const excerptOf = async (
    requestId: string,
    mark: number,
    signal: AbortSignal | undefined,
    crowded?: { method: string; path: string },
  ): Promise<ServerLogExcerpt> => {
    if (!server.hasLog) {
      const unavailable =
        server.state === 'external'
          ? "Falcon did not start the API's server, so its log lines are unavailable: stop it and let Falcon start it (server start) to see them."
          : "The API's server is not running under Falcon: it has no log lines.";
      return { requestId, lines: [], omittedLines: 0, raw: '', where: [], unavailable };
    }
    await clock.sleep(EXCERPT_GRACE_MS, signal);
    const { log } = server;
    const picked = linesOfRequest(log.since(mark), requestId, crowded);
    const texts = picked.lines.flatMap((line) => textLinesOf(line.text));
    const status = server.status();
    if (texts.length === 0 && status.state === 'exited' && status.exit) {
      texts.push(`(the server had exited: ${describeExit(status.exit)}; its last lines:)`, ...log.tail(EXITED_TAIL_LINES).map((line) => line.text));
    }
    const reduced = await reduceStackFrames(texts, projectRoot, await projectFiles());
    const numbered = picked.lines.flatMap((line) => (line.fileLine === undefined ? [] : [line.fileLine]));
    const excerpt: ServerLogExcerpt = {
      requestId,
      lines: reduced.lines.slice(0, MAX_EXCERPT_LINES),
      by: picked.by,
      ...(crowded && picked.by === 'time' && { crowded: true }),
      omittedLines: Math.max(0, reduced.lines.length - MAX_EXCERPT_LINES),
      raw: texts.join('\n'),
      where: reduced.projectFrames.map((frame) => `${frame.path}:${frame.line}`),
      ...(log.file && { file: path.relative(projectRoot, log.file).split(path.sep).join('/') }),
      ...(numbered.length > 0 && { fileLines: { first: Math.min(...numbered), last: Math.max(...numbered) } }),
    };
    return excerpt;
  };

  return {
    async begin(request, signal) {
      const base = await server.baseUrl();
      if (!base || !sameServer(request.url, base)) return undefined;
      const notes = await server.settled(signal, options.progress);
      const header = server.settings.requestIdHeader;
      const given = header ? request.headers[header.toLowerCase()] : undefined;
      const requestId = given ?? newRequestId();
      const mark = server.log.mark;
      const index = ++begun;
      const othersAtStart = open++;
      let closed = false;
      /** Whether another request was under way at some time during this one; once, when it is over. */
      const close = () => {
        if (!closed) open--;
        closed = true;
        return othersAtStart > 0 || begun > index;
      };
      return {
        headers: header && given === undefined ? { [header]: requestId } : {},
        notes,
        async end(outcome, endSignal) {
          const crowded = close();
          if (outcome.status !== undefined) server.sawAnswer();
          if (outcome.status !== undefined && outcome.status < 500) return undefined;
          const excerpt = await excerptOf(requestId, mark, endSignal, crowded ? { method: request.method, path: request.url.pathname } : undefined);
          if (excerpt.fileLines) {
            const { first, last } = excerpt.fileLines;
            const outcomeText = outcome.status !== undefined ? String(outcome.status) : (outcome.failure ?? 'no answer');
            server.log.recordExcerpt({ requestId, method: request.method, url: request.url.href, outcome: outcomeText, firstLine: first, lastLine: last });
          }
          return excerpt;
        },
        refused: (refusedSignal) => {
          close();
          return server.whenRefused(offerStart, notes, refusedSignal);
        },
      };
    },
  };
}

/** `falcon-3f9a0c12`: short, and easy to find in a log. */
export function newRequestId(): string {
  return `falcon-${randomBytes(4).toString('hex')}`;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** The same server: same scheme and port, and the same host (any loopback name for another). */
function sameServer(url: URL, base: string): boolean {
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
  } catch {
    return false;
  }
  if (url.protocol !== baseUrl.protocol || portOf(url) !== portOf(baseUrl)) return false;
  return url.hostname === baseUrl.hostname || (LOOPBACK.has(url.hostname) && LOOPBACK.has(baseUrl.hostname));
}

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}
