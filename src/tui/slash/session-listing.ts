// A saved session in a list (`/sessions`, `/resume`, `falcon --resume`): what it began with, when it
// was last used, how long it went on.
import type { SessionOverview } from '../../workspace/session-summaries.js';
import { truncateText } from '../components/plain-text-layout.js';
import { readMessageWithFiles } from '../state/attached-file-blocks.js';
import type { PickerItem } from '../../kit/slash/slash-requests.js';

/** How many sessions a list shows. */
export const SESSIONS_LISTED = 50;

/** A first message longer than this is cut with `…`. */
const HEADLINE_CHARS = 120;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The first thing the user typed, on one line (attached files left out); a session without one says so. */
export function sessionHeadline(session: SessionOverview): string {
  if (session.firstMessage === undefined) return '(no message)';
  const typed = readMessageWithFiles(session.firstMessage).typed.replace(/\s+/g, ' ').trim();
  return typed ? truncateText(typed, HEADLINE_CHARS) : '(no message)';
}

/** `today 14:02 · 3 turns`. */
export function sessionFacts(session: SessionOverview, now: Date): string {
  return `${describeSessionTime(session.modifiedAt, now)} · ${session.turns} turn${session.turns === 1 ? '' : 's'}`;
}

/** `today 14:02`, `yesterday 09:15`, `3 Mar 14:02`, or `3 Mar 2024` in another year; local time. */
export function describeSessionTime(time: Date, now: Date): string {
  const clock = `${pad(time.getHours())}:${pad(time.getMinutes())}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(time, now)) return `today ${clock}`;
  if (sameDay(time, yesterday)) return `yesterday ${clock}`;
  const day = `${time.getDate()} ${MONTHS[time.getMonth()]}`;
  return time.getFullYear() === now.getFullYear() ? `${day} ${clock}` : `${day} ${time.getFullYear()}`;
}

/** Items to pick a session from: its first message, and when and how long. */
export function sessionPickerItems(sessions: readonly SessionOverview[], now: Date): PickerItem<string>[] {
  return sessions.map((session) => ({ label: sessionHeadline(session), hint: sessionFacts(session, now), value: session.id }));
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
