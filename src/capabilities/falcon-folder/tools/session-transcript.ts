import type { SessionRecord } from '../../../workspace/session-store.js';
import { isObservation, loggedEventOf, markerOf, shorten } from '../../../workspace/session-log.js';

const MAX_LINES = 200;
const MAX_TEXT = 300;

/**
 * A session's records as a short transcript the model can scan: what the user asked, each tool
 * call with its outcome's first line, the answers, and the segment markers. Thoughts, streamed
 * text and the raw observations (already summarised by their tool results) are left out.
 */
export function formatTranscript(records: readonly SessionRecord[]): string {
  const lines = records.flatMap(describeRecord);
  if (lines.length <= MAX_LINES) return lines.join('\n');
  const skipped = lines.length - MAX_LINES;
  return [`… ${skipped} earlier lines left out; read a named segment to see less at once`, ...lines.slice(-MAX_LINES)].join('\n');
}

function describeRecord(record: SessionRecord): string[] {
  const marker = markerOf(record);
  if (marker) {
    return [marker.action === 'start' ? `── segment "${marker.name}" started ──` : `── segment${marker.name ? ` "${marker.name}"` : ''} ended ──`];
  }
  if (record.kind === 'message') {
    return record.role === 'user' && !isObservation(record.content) ? [`${time(record.at)} user: ${shorten(record.content, MAX_TEXT)}`] : [];
  }
  if (record.kind !== 'event') return [];
  const event = loggedEventOf(record);
  switch (event?.type) {
    case 'tool_call':
      return [`${time(record.at)} → ${event.name} ${shorten(JSON.stringify(event.args ?? {}), MAX_TEXT)}`];
    case 'tool_result': {
      const first = event.output.split('\n').find((line) => line.trim()) ?? '';
      return [`${time(record.at)}   ${event.ok ? '✓' : '✗'} ${shorten(first, MAX_TEXT)}`];
    }
    case 'answer':
      return [`${time(record.at)} answer: ${shorten(event.text, MAX_TEXT)}`];
    case 'error':
      return [`${time(record.at)} error: ${shorten(event.message, MAX_TEXT)}`];
    default:
      return [];
  }
}

/** `14:03:27` from an ISO timestamp. */
function time(at: string): string {
  return at.slice(11, 19);
}
