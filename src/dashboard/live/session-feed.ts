import { watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { transcriptEntry } from '../pages/transcript-entry.js';
import { readSessionLines } from '../read/session-lines.js';
import { transcriptItem } from '../read/session-record.js';
import { runStateOfLine } from '../read/session-run-state.js';

/** fs.watch can miss a change (network file systems, editors that replace files): look this often anyway. */
const POLL_MS = 1000;
/** A comment now and then keeps proxies and idle timers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Server-sent events of a session file from byte `from` on (or from the `Last-Event-ID` a
 * reconnecting browser sends): an `entry` event with the rendered `<li>` of each line appended, its
 * id the offset after that line, and a `state` event (`running`, `ended`) for a run's start and end. A line the transcript leaves out still moves the id on. Returns
 * what stops the feed; it stops by itself when the browser goes.
 */
export function streamSessionFeed(request: IncomingMessage, response: ServerResponse, file: string, from: number): () => void {
  const resumeAt = Number(request.headers['last-event-id']);
  let offset = Number.isSafeInteger(resumeAt) && resumeAt >= 0 ? resumeAt : from;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Content-Type-Options': 'nosniff',
  });
  response.write('retry: 1000\n\n');

  let reading = false;
  let readAgain = false;
  let stopped = false;
  const readAppended = async (): Promise<void> => {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const read = await readSessionLines(file, offset);
        if (!read || stopped) return;
        let flowing = true;
        for (const line of read.lines) {
          const item = transcriptItem(line.text);
          const state = runStateOfLine(line.text);
          const events = [...(item ? [`event: entry\n${dataLines(transcriptEntry(item))}`] : []), ...(state ? [`event: state\ndata: ${state}\n`] : [])];
          flowing = response.write(events.length > 0 ? events.map((event) => `id: ${line.end}\n${event}\n`).join('') : `id: ${line.end}\n\n`);
        }
        // A read takes at most a window of the file: go on while there is more, as fast as the browser takes it.
        if (read.offset > offset) readAgain = true;
        offset = read.offset;
        if (!flowing) await drained(response);
      } while (readAgain && !stopped);
    } catch {
      // A read that failed (the file being replaced, say) is tried again at the next change or poll.
    } finally {
      reading = false;
    }
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(file, () => void readAppended());
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = undefined; // the poll below still follows the file
  }
  const poll = setInterval(() => void readAppended(), POLL_MS);
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    watcher?.close();
    clearInterval(poll);
    clearInterval(keepAlive);
    response.end();
  };
  request.on('close', stop);
  void readAppended();
  return stop;
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/** An event's data, one `data:` field per line (the browser joins them with newlines again). */
function dataLines(html: string): string {
  return html
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
}
