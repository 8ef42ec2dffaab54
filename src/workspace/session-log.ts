import type { LoggedEvent } from './session-events.js';
import { listSessions, type SessionRecord, SessionStore } from './session-store.js';

/**
 * Named test segments inside a session ("login flow", "checkout regression"). The marker of a
 * segment is the `session_log` start/end call itself, which the session file records like every
 * tool call; so reading a session finds its segments without a second file.
 */
export interface SessionSegment {
  name: string;
  /** Index of the start marker in the records. */
  start: number;
  /** Index of the end marker; absent while the segment is open (or when the session ended first). */
  end?: number;
}

/** A segment started in this session and not ended yet. */
export interface OpenSegment {
  name: string;
  startedAt: Date;
}

export interface SessionOverview {
  id: string;
  modifiedAt: Date;
  messages: number;
  /** The first thing the user asked, shortened. */
  firstRequest?: string;
  segments: string[];
}

const LOG_TOOL = 'session_log';
const LOGGED_TYPES = new Set<string>(['tool_call', 'tool_result', 'answer', 'error'] satisfies LoggedEvent['type'][]);

export async function readSessionRecords(projectRoot: string, id?: string): Promise<{ id: string; records: readonly SessionRecord[] }> {
  const chosen = id ?? (await listSessions(projectRoot))[0]?.id;
  if (!chosen) return { id: '', records: [] };
  return { id: chosen, records: (await SessionStore.open(projectRoot, chosen)).loadedRecords };
}

/** The newest sessions, with what they were about. */
export async function overviewSessions(projectRoot: string, limit: number): Promise<{ sessions: SessionOverview[]; total: number }> {
  const all = await listSessions(projectRoot);
  const sessions = await Promise.all(
    all.slice(0, limit).map(async ({ id, modifiedAt }): Promise<SessionOverview> => {
      const { records } = await readSessionRecords(projectRoot, id);
      const first = records.find((record) => record.kind === 'message' && record.role === 'user' && !isObservation(record.content));
      return {
        id,
        modifiedAt,
        messages: records.filter((record) => record.kind === 'message' && record.role !== 'system').length,
        ...(first?.kind === 'message' && { firstRequest: shorten(first.content, 80) }),
        segments: [...new Set(segmentsOf(records).map((segment) => segment.name))],
      };
    }),
  );
  return { sessions, total: all.length };
}

/** Segments in order; a start while another is open closes the open one. Refused calls mark nothing. */
export function segmentsOf(records: readonly SessionRecord[]): SessionSegment[] {
  const refused = new Set(
    records.flatMap((record) => {
      const event = loggedEventOf(record);
      return event?.type === 'tool_result' && !event.ok ? [event.id] : [];
    }),
  );
  const segments: SessionSegment[] = [];
  let open: SessionSegment | undefined;
  records.forEach((record, index) => {
    const marker = markerOf(record);
    if (!marker || refused.has(marker.id)) return;
    if (open) open.end = index;
    open = undefined;
    if (marker.action === 'start') {
      open = { name: marker.name, start: index };
      segments.push(open);
    }
  });
  return segments;
}

export function markerOf(record: SessionRecord): { action: 'start' | 'end'; name: string; id: string } | undefined {
  const event = loggedEventOf(record);
  if (event?.type !== 'tool_call' || event.name !== LOG_TOOL) return undefined;
  const args = (event.args ?? {}) as { action?: unknown; name?: unknown };
  if (args.action !== 'start' && args.action !== 'end') return undefined;
  return { action: args.action, name: typeof args.name === 'string' ? args.name.trim() : '', id: event.id };
}

/** The event of a record, with its shape, when it is one the session log reads. */
export function loggedEventOf(record: SessionRecord): LoggedEvent | undefined {
  return record.kind === 'event' && LOGGED_TYPES.has(record.event.type) ? (record.event as LoggedEvent) : undefined;
}

export function isObservation(content: string): boolean {
  return content.startsWith('Observation:');
}

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
