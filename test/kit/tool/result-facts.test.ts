import { describe, expect, it } from 'vitest';
import { resultFacts, resultLine, resultTellsDuration } from '../../../src/kit/tool/result-facts.js';
import { readToolResultDetails, type ToolResultDetails } from '../../../src/workspace/tool-result-details.js';

const response = (status: number, statusText: string, sizeBytes: number, contentType: string): ToolResultDetails => ({
  kind: 'http_response',
  status,
  statusText,
  durationMs: 41,
  sizeBytes,
  contentType,
});

describe("a result's line, as every screen shows it", () => {
  it('gives a response its status, time, size and media type in a word', () => {
    expect(resultLine(response(200, 'OK', 1229, 'application/json'))).toBe('200 OK · 41 ms · 1.2 KB json');
    expect(resultLine(response(422, 'Unprocessable Entity', 90, 'application/problem+json'))).toBe('422 Unprocessable Entity · 41 ms · 90 B json');
    expect(resultLine(response(200, 'OK', 5_000_000, 'text/html'))).toBe('200 OK · 41 ms · 4.8 MB html');
    expect(resultLine(response(200, '', 12, 'text/plain'))).toBe('200 · 41 ms · 12 B text');
    expect(resultLine(response(204, 'No Content', 0, ''))).toBe('204 No Content · 41 ms · empty');
    expect(resultLine(response(200, 'OK', 3, 'application/vnd.api+json'))).toBe('200 OK · 41 ms · 3 B json');
    expect(resultLine(response(200, 'OK', 3, 'image/png'))).toBe('200 OK · 41 ms · 3 B png');
  });

  it('gives a WebSocket exchange its messages each way, then what matched or how many checks failed', () => {
    const exchange = (matched: number, failed: number): ToolResultDetails => ({
      kind: 'websocket_exchange',
      sent: 1,
      received: 3,
      matched,
      failed,
      durationMs: 41,
    });
    expect(resultLine(exchange(3, 0))).toBe('1 sent · 3 received · 3 matched · 41 ms');
    expect(resultFacts(exchange(3, 0))[1]).toEqual({ text: '3 matched', tone: 'good' });
    expect(resultFacts(exchange(0, 2))[1]).toEqual({ text: '2 checks failed', tone: 'bad' });
    expect(readToolResultDetails(exchange(3, 0))).toEqual(exchange(3, 0));
  });

  it('colours what is news: a 2xx good, a 4xx or 5xx bad, a redirect neither', () => {
    expect(resultFacts(response(201, 'Created', 2, ''))[0]).toEqual({ text: '201 Created', tone: 'good' });
    expect(resultFacts(response(500, 'Internal Server Error', 2, ''))[0]).toEqual({ text: '500 Internal Server Error', tone: 'bad' });
    expect(resultFacts(response(302, 'Found', 0, ''))[0]).toEqual({ text: '302 Found' });
  });

  it('gives a file read its path and the lines shown of how many', () => {
    const read = (firstLine: number, lastLine: number, totalLines: number): ToolResultDetails => ({
      kind: 'file_read',
      path: 'src/app.ts',
      firstLine,
      lastLine,
      totalLines,
    });
    expect(resultLine(read(1, 120, 340))).toBe('src/app.ts · lines 1–120 of 340');
    expect(resultLine(read(1, 340, 340))).toBe('src/app.ts · 340 lines');
    expect(resultLine(read(1, 1, 1))).toBe('src/app.ts · 1 line');
    expect(resultLine(read(0, 0, 0))).toBe('src/app.ts · empty');
  });

  it('gives a file change its path and the lines added and removed', () => {
    expect(resultLine({ kind: 'file_change', path: 'src/app.ts', created: false, linesAdded: 3, linesRemoved: 1 })).toBe('src/app.ts · +3 −1');
    expect(resultLine({ kind: 'file_change', path: 'notes.md', created: true, linesAdded: 40, linesRemoved: 0 })).toBe('notes.md · new file · +40 −0');
  });

  it('gives a command its exit, or how it was stopped, and its time; a task its id', () => {
    expect(resultFacts({ kind: 'command', exitCode: 0, durationMs: 2300 })).toEqual([{ text: 'exit 0', tone: 'good' }, { text: '2.3 s' }]);
    expect(resultFacts({ kind: 'command', exitCode: 1, durationMs: 80 })).toEqual([{ text: 'exit 1', tone: 'bad' }, { text: '80 ms' }]);
    expect(resultLine({ kind: 'command', timedOut: true, signal: 'SIGTERM', durationMs: 120_000 })).toBe('timed out · 2 min');
    expect(resultLine({ kind: 'command', signal: 'SIGKILL', durationMs: 5 })).toBe('ended by SIGKILL · 5 ms');
    expect(resultLine({ kind: 'task_started', taskId: 't2' })).toBe('started as background task t2');
  });

  it('gives a test run its counts, the failures in red, and its time', () => {
    expect(resultFacts({ kind: 'test_run', passed: 12, failed: 1, skipped: 2, durationMs: 3100 })).toEqual([
      { text: '12 passed' },
      { text: '1 failed', tone: 'bad' },
      { text: '2 skipped' },
      { text: '3.1 s' },
    ]);
    expect(resultFacts({ kind: 'test_run', passed: 4, failed: 0, skipped: 0, durationMs: 900 })).toEqual([
      { text: '4 passed', tone: 'good' },
      { text: '900 ms' },
    ]);
  });

  it('gives a search or a listing what it found', () => {
    expect(resultLine({ kind: 'found', count: 14, noun: 'match', files: 5 })).toBe('14 matches in 5 files');
    expect(resultLine({ kind: 'found', count: 1, noun: 'match', files: 1 })).toBe('1 match in 1 file');
    expect(resultLine({ kind: 'found', count: 230, noun: 'match' })).toBe('230 matches');
    expect(resultLine({ kind: 'found', count: 0, noun: 'match', files: 0 })).toBe('no matches');
    expect(resultLine({ kind: 'found', count: 23, noun: 'file' })).toBe('23 files');
    expect(resultLine({ kind: 'found', count: 1, noun: 'entry' })).toBe('1 entry');
  });

  it('says whether the line already tells how long the work took', () => {
    expect(resultTellsDuration(response(200, 'OK', 1, ''))).toBe(true);
    expect(resultTellsDuration({ kind: 'found', count: 1, noun: 'file' })).toBe(false);
  });
});

describe('details read back from a session file', () => {
  it('are kept when of a known kind with every fact, and dropped otherwise', () => {
    const details = response(200, 'OK', 2, 'application/json');
    expect(readToolResultDetails(JSON.parse(JSON.stringify(details)))).toEqual(details);
    expect(readToolResultDetails({ ...details, extra: 'ignored' })).toEqual(details);
    expect(readToolResultDetails({ kind: 'http_response', status: 200 })).toBeUndefined();
    expect(readToolResultDetails({ kind: 'a_kind_from_the_future', count: 1 })).toBeUndefined();
    expect(readToolResultDetails({ kind: 'found', count: -1, noun: 'file' })).toBeUndefined();
    expect(readToolResultDetails('200 OK')).toBeUndefined();
    expect(readToolResultDetails(undefined)).toBeUndefined();
  });
});
