import { z } from 'zod';
import { overviewSessions, readSessionRecords, segmentsOf } from '../../../workspace/session-log.js';
import { formatTranscript } from './session-transcript.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskedResult } from '../../../kit/tool/tool-result.js';

const LISTED_SESSIONS = 20;

const actions = defineActions(
  'session_log',
  {
    name: z.string().describe('the segment\'s name, e.g. "login flow"; read: show only that segment'),
    id: z.string().describe('a session id from list (default: the newest, usually this one)'),
  },
  (action) => ({
    start: action({
      readOnly: true,
      required: ['name'],
      description: "marks a named test segment in this session's log",
      async run(args, ctx) {
        const name = args.name.trim();
        if (!name || name.length > 80 || name.includes('\n')) throw new ToolError('start needs a name of one line, up to 80 characters, e.g. "login flow"');
        const segment = ctx.session.testSegment;
        const previous = segment.open;
        segment.open = { name, startedAt: new Date() };
        const ended = previous ? `Ended "${previous.name}" (${since(previous.startedAt)}). ` : '';
        return `${ended}Started test segment "${name}". End it with session_log {"action": "end"}; read it back with {"action": "read", "name": "${name}"}.`;
      },
    }),
    end: action({
      readOnly: true,
      optional: ['name'],
      async run(args, ctx) {
        const segment = ctx.session.testSegment;
        const open = segment.open;
        if (!open) throw new ToolError('No test segment is open; start one with session_log {"action": "start", "name": "…"}.');
        if (args.name && args.name.trim() !== open.name) throw new ToolError(`The open segment is "${open.name}", not "${args.name}".`);
        segment.open = undefined;
        return `Ended test segment "${open.name}" after ${since(open.startedAt)}.`;
      },
    }),
    list: action({ readOnly: true, description: 'past sessions (.falcon/sessions/)', run: (_args, ctx) => list(ctx) }),
    read: action({ optional: ['id', 'name'], readOnly: true, run: read }),
  }),
);

// start and end write nothing themselves: the session file records this call like every tool
// call, and that record is the segment's marker (see src/workspace/session-log.ts).
export const sessionLogTool = defineTool({
  name: 'session_log',
  description: 'Mark named test segments in this session, list past sessions, read a session or segment back.',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'read',
  async run(args, ctx) {
    try {
      return maskedResult(await actions.run(args, ctx), maskKeepingPlaceholders);
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function list(ctx: ToolContext): Promise<string> {
  const { sessions, total } = await overviewSessions(ctx.projectRoot, LISTED_SESSIONS);
  if (total === 0) return 'No sessions in .falcon/sessions/ yet.';
  const lines = sessions.map((session) => {
    const about = session.firstRequest ? ` · "${session.firstRequest}"` : '';
    const segments = session.segments.length ? ` · segments: ${session.segments.join(', ')}` : '';
    return `- ${session.id} · ${session.modifiedAt.toISOString().slice(0, 16).replace('T', ' ')} · ${session.messages} messages${about}${segments}`;
  });
  const more = total > sessions.length ? [`… ${total - sessions.length} older sessions`] : [];
  return [`${total} session${total > 1 ? 's' : ''}, newest first:`, ...lines, ...more].join('\n');
}

async function read(args: { id?: string; name?: string }, ctx: ToolContext): Promise<string> {
  const { id, records } = await readSessionRecords(ctx.projectRoot, args.id);
  if (!id) return 'No sessions in .falcon/sessions/ yet.';
  if (!args.name) {
    const messages = records.filter((record) => record.kind === 'message' && record.role !== 'system').length;
    return `Session ${id} (${messages} messages):\n${formatTranscript(records)}`;
  }
  const name = args.name.trim();
  const segments = segmentsOf(records);
  const chosen = segments.filter((candidate) => candidate.name === name).at(-1);
  if (!chosen) {
    const names = [...new Set(segments.map((candidate) => candidate.name))];
    throw new ToolError(`Session ${id} has no segment "${name}"; ${names.length ? `its segments: ${names.join(', ')}` : 'it has no segments'}.`);
  }
  const open = chosen.end === undefined ? ' (not ended)' : '';
  return `Segment "${chosen.name}" of session ${id}${open}:\n${formatTranscript(records.slice(chosen.start, (chosen.end ?? records.length - 1) + 1))}`;
}

function since(start: Date): string {
  const seconds = Math.round((Date.now() - start.getTime()) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
