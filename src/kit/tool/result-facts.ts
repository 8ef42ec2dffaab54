import { formatDuration } from '../../engines/testing/report/report-text.js';
import type { ToolResultDetails } from '../../workspace/tool-result-details.js';

/** One fact of a result as a screen shows it; `tone` when it is news, good or bad (a 2xx, a failed test). */
export interface ResultFact {
  text: string;
  tone?: 'good' | 'bad';
}

/**
 * A result's details as the facts every screen shows on its one line — the TUI under the call,
 * headless progress, the dashboard's transcript — joined by ` · `: `200 OK · 41 ms · 1.2 KB json`,
 * `src/app.ts · lines 1–120 of 340`, `exit 1 · 2.3 s`, `12 passed · 1 failed · 3.1 s`.
 */
export function resultFacts(details: ToolResultDetails): ResultFact[] {
  switch (details.kind) {
    case 'http_response':
      return [
        { text: `${details.status}${details.statusText ? ` ${details.statusText}` : ''}`, ...statusTone(details.status) },
        { text: formatDuration(details.durationMs) },
        { text: details.sizeBytes === 0 ? 'empty' : `${formatSize(details.sizeBytes)}${contentTypeWord(details.contentType)}` },
      ];
    case 'file_read':
      return [{ text: details.path }, { text: linesRead(details) }];
    case 'file_change':
      return [{ text: details.path }, ...(details.created ? [{ text: 'new file' }] : []), { text: `+${details.linesAdded} −${details.linesRemoved}` }];
    case 'command':
      return [commandEnd(details), { text: formatDuration(details.durationMs) }];
    case 'task_started':
      return [{ text: `started as background task ${details.taskId}` }];
    case 'test_run':
      return [
        { text: `${details.passed} passed`, ...(details.failed === 0 && details.passed > 0 && { tone: 'good' as const }) },
        ...(details.failed > 0 ? [{ text: `${details.failed} failed`, tone: 'bad' as const }] : []),
        ...(details.skipped > 0 ? [{ text: `${details.skipped} skipped` }] : []),
        { text: formatDuration(details.durationMs) },
      ];
    case 'found':
      return [{ text: found(details) }];
    case 'websocket_exchange':
      return [
        { text: `${details.sent} sent · ${details.received} received` },
        details.failed > 0
          ? { text: `${details.failed} check${details.failed === 1 ? '' : 's'} failed`, tone: 'bad' }
          : { text: `${details.matched} matched`, tone: 'good' },
        { text: formatDuration(details.durationMs) },
      ];
  }
}

/** The facts as one line of plain text. */
export function resultLine(details: ToolResultDetails): string {
  return resultFacts(details)
    .map((fact) => fact.text)
    .join(' · ');
}

/** Whether the facts already say how long the work took (else a screen may add the call's duration). */
export function resultTellsDuration(details: ToolResultDetails): boolean {
  return 'durationMs' in details;
}

/** `950 B`, `1.2 KB`, `34 MB` (powers of 1024, as file and body sizes are given). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

function statusTone(status: number): Pick<ResultFact, 'tone'> {
  if (status >= 200 && status < 300) return { tone: 'good' };
  return status >= 400 ? { tone: 'bad' } : {};
}

/** ` json` for `application/json` and `application/problem+json`, ` html`, ` text`; the subtype of others; nothing when none was named. */
function contentTypeWord(contentType: string): string {
  const subtype = contentType.split('/')[1]?.trim().toLowerCase();
  if (!subtype) return '';
  const suffix = subtype.split('+').at(-1)!;
  if (suffix === 'json' || suffix === 'xml') return ` ${suffix}`;
  if (subtype === 'plain') return ' text';
  const word = subtype.replace(/^(x-|vnd\.)/, '');
  return ` ${word.length > 24 ? `${word.slice(0, 23)}…` : word}`;
}

function linesRead({ firstLine, lastLine, totalLines }: Extract<ToolResultDetails, { kind: 'file_read' }>): string {
  if (totalLines === 0) return 'empty';
  if (firstLine === 1 && lastLine === totalLines) return `${totalLines} line${totalLines === 1 ? '' : 's'}`;
  return `lines ${firstLine}–${lastLine} of ${totalLines}`;
}

function commandEnd(details: Extract<ToolResultDetails, { kind: 'command' }>): ResultFact {
  if (details.timedOut) return { text: 'timed out', tone: 'bad' };
  if (details.exitCode === undefined) return { text: `ended by ${details.signal ?? 'a signal'}`, tone: 'bad' };
  return { text: `exit ${details.exitCode}`, tone: details.exitCode === 0 ? 'good' : 'bad' };
}

const PLURALS = { match: 'matches', file: 'files', entry: 'entries' } as const;

function found({ count, noun, files }: Extract<ToolResultDetails, { kind: 'found' }>): string {
  const counted = count === 0 ? `no ${PLURALS[noun]}` : `${count} ${count === 1 ? noun : PLURALS[noun]}`;
  return files === undefined || count === 0 ? counted : `${counted} in ${files} file${files === 1 ? '' : 's'}`;
}
