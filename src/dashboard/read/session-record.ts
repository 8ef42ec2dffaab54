// A session file's lines as the transcript shows them. The file is Falcon's own, but it may be cut by
// a crash, copied from elsewhere or edited: every field is checked before it is used, and what does
// not fit is shown as unreadable rather than breaking the page.

import { problemGist } from '../../agent/reply/call-site.js';
import { isObservation } from '../../workspace/session-log.js';
import { type ToolResultDetails, readToolResultDetails } from '../../workspace/tool-result-details.js';

/** One thing the transcript shows; the records it leaves out (usage, turn starts …) have none. */
export type TranscriptItem =
  | { kind: 'session'; id: string; createdAt: string; cwd: string }
  | { kind: 'user'; text: string }
  | { kind: 'thought'; text: string }
  | { kind: 'tool_call'; id: string; name: string; args: unknown }
  | { kind: 'confirmation'; tool: string; title: string; preview: PreviewShown }
  | { kind: 'decision'; approved: boolean }
  /** `details`: what its tool said of the result for the screen; none in a file written before them, or when they do not read. */
  | { kind: 'tool_result'; name: string; ok: boolean; output: string; durationMs: number; details?: ToolResultDetails }
  | { kind: 'answer'; text: string }
  | { kind: 'interrupted'; text: string }
  | { kind: 'error'; message: string }
  | { kind: 'note'; text: string }
  | { kind: 'run_end'; reason: string; turns: number; toolCalls: number }
  | { kind: 'unreadable' };

/** What a confirmation asked about: a file change (its diff), a command, or other details. */
export type PreviewShown =
  { kind: 'diff'; path: string; diff: string } | { kind: 'command'; command: string } | { kind: 'info'; title: string; details: string };

type Fields = Record<string, unknown>;

/** A line parsed, or `undefined` when it is no JSON object (a line cut by a crash). */
export function parseSessionLine(line: string): Fields | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isFields(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What the user typed (the observations Falcon sends back as user messages are not). */
export function isUserMessage(record: Fields | undefined): record is Fields & { content: string } {
  return record?.kind === 'message' && record.role === 'user' && typeof record.content === 'string' && !isObservation(record.content);
}

/** The transcript item of a line; `undefined` for a record the transcript leaves out. */
export function transcriptItem(line: string): TranscriptItem | undefined {
  const record = parseSessionLine(line);
  if (!record) return { kind: 'unreadable' };
  switch (record.kind) {
    case 'session':
      return { kind: 'session', id: text(record.id), createdAt: text(record.createdAt), cwd: text(record.cwd) };
    case 'message':
      if (typeof record.content !== 'string') return { kind: 'unreadable' };
      if (record.interrupted === true) return { kind: 'interrupted', text: record.content };
      return isUserMessage(record) ? { kind: 'user', text: record.content } : undefined;
    case 'compaction':
      return { kind: 'note', text: 'Older turns were summed up in a checkpoint, so that the conversation fits the model’s window.' };
    case 'event':
      return isFields(record.event) ? eventItem(record.event) : { kind: 'unreadable' };
    case 'checkpoint':
      // Listed under the transcript, with the files each call changed.
      return undefined;
    case 'rewind':
      return typeof record.message === 'number'
        ? { kind: 'note', text: `Rewound: the conversation went on from before message ${record.message} (what came after it stays in the file).` }
        : { kind: 'unreadable' };
    default:
      return { kind: 'unreadable' };
  }
}

function eventItem(event: Fields): TranscriptItem | undefined {
  switch (event.type) {
    case 'thought':
      return { kind: 'thought', text: text(event.text) };
    case 'call_unreadable':
      // A call that named a tool has its failed tool_call and tool_result, which say what went wrong.
      return event.tool === undefined
        ? { kind: 'note', text: `The model’s tool call could not be read (${problemOf(event)}); it was asked again.` }
        : undefined;
    case 'tool_call':
      return { kind: 'tool_call', id: text(event.id), name: text(event.name), args: event.args };
    case 'confirmation_required':
      return { kind: 'confirmation', tool: text(event.tool), title: text(event.title), preview: previewShown(event.preview) };
    case 'confirmation_resolved':
      return { kind: 'decision', approved: event.approved === true };
    case 'tool_result': {
      const details = readToolResultDetails(event.details);
      return {
        kind: 'tool_result',
        name: text(event.name),
        ok: event.ok === true,
        output: text(event.output),
        durationMs: number(event.durationMs),
        ...(details && { details }),
      };
    }
    case 'answer':
      return { kind: 'answer', text: text(event.text) };
    case 'error':
      return { kind: 'error', message: text(event.message) };
    case 'retry':
      return { kind: 'note', text: `The model call failed (${text(event.reason)}); retry ${number(event.attempt)}.` };
    case 'provider_switch':
      return { kind: 'note', text: `Switched from ${text(event.from)} to ${text(event.to)}: ${text(event.reason)}` };
    case 'run_end':
      return { kind: 'run_end', reason: text(event.reason), turns: number(event.turns), toolCalls: number(event.toolCalls) };
    default:
      return undefined;
  }
}

function problemOf(event: Fields): string {
  return problemGist(text(event.problem));
}

function previewShown(preview: unknown): PreviewShown {
  if (!isFields(preview)) return { kind: 'info', title: '', details: '' };
  if (preview.kind === 'diff') return { kind: 'diff', path: text(preview.path), diff: text(preview.diff) };
  if (preview.kind === 'command') return { kind: 'command', command: text(preview.command) };
  return { kind: 'info', title: text(preview.title), details: text(preview.details) };
}

function isFields(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
