import { describeFiles, shortened } from '../../../engines/checkpoints/describe-restore.js';
import type { RewindPoint } from '../../../engines/checkpoints/session-checkpoints.js';
import { messagePoints } from '../../../engines/checkpoints/session-timeline.js';
import { maskText } from '../../../safety/mask-text.js';
import { checkpointsOff } from './checkpoint-commands.js';
import { confirmAndRestore } from './restore-files.js';
import type { SlashCommand, SlashContext } from '../../../kit/slash/slash-command.js';

type RewindMode = 'both' | 'conversation' | 'code';

export const rewindCommand: SlashCommand = {
  name: 'rewind',
  description: 'go back to before one of your messages: the files changed since, the conversation, or both (esc esc on an empty input)',
  run: rewind,
};

/** Lists the user's messages with the files changed after each; the chosen one is where the session goes back to. */
async function rewind(context: SlashContext): Promise<void> {
  const { agent } = context;
  if (agent.busy) return context.show({ type: 'notice', tone: 'warning', text: 'Falcon is working: wait for the turn to end (or press esc).' });
  const checkpoints = agent.checkpoints;
  const points: RewindPoint[] = checkpoints
    ? await checkpoints.points()
    : messagePoints(await agent.sessionRecords()).map((point) => ({ ...point, files: [] }));
  if (points.length === 0) return context.show({ type: 'notice', tone: 'info', text: 'Nothing to rewind yet: no message has been sent in this session.' });
  const listed = points.map((point) => {
    const files = checkpoints
      ? `\n     ${point.files.length ? `files changed from here on: ${describeFiles(point.files, 8)}` : 'no file changed from here on'}`
      : '';
    return `${String(point.number).padStart(3)}. ${shortened(point.text, 70)}${files}`;
  });
  context.show({ type: 'output', title: 'Your messages in this session', text: maskText(listed.join('\n')), format: 'text' });
  const number = await context.pick({
    title: 'Rewind to just before which message?',
    initial: points.length - 1,
    items: points.map((point) => ({
      label: `${point.number}. ${maskText(shortened(point.text, 60))}`,
      hint: checkpoints
        ? point.files.length
          ? `${point.files.length} file${point.files.length === 1 ? '' : 's'} changed since`
          : 'no file changed since'
        : undefined,
      value: point.number,
    })),
  });
  if (number === undefined) return;
  const mode = await context.pick<RewindMode>({
    title: `Back to just before message ${number}: what goes back?`,
    items: [
      ...(checkpoints ? [{ label: 'Code and conversation', hint: 'the files as they were, and the conversation from before it', value: 'both' as const }] : []),
      { label: 'Conversation only', hint: 'the next request holds only the messages before it; files stay', value: 'conversation' as const },
      ...(checkpoints ? [{ label: 'Code only', hint: 'the files as they were; the conversation stays', value: 'code' as const }] : []),
    ],
  });
  if (!mode) return;
  if (mode !== 'conversation') {
    const off = checkpointsOff(context);
    if (off) return context.show({ type: 'notice', tone: 'warning', text: off });
    const plan = await checkpoints!.planRewind(number);
    if (plan.changes.length > 0 && !(await confirmAndRestore(context, checkpoints!, plan, `Restore the files as they were before ${plan.label}?`))) return;
    if (plan.changes.length === 0) context.show({ type: 'notice', tone: 'info', text: `No file has changed since before message ${number}.` });
  }
  if (mode === 'code') return;
  agent.rewindConversation(number);
  await context.openSession(agent.sessionId, [`Rewound: the conversation goes on from before message ${number} (the session file keeps everything).`]);
}
