import { diffsAsLines } from '../../../engines/checkpoints/describe-changes.js';
import { describeFiles } from '../../../engines/checkpoints/describe-restore.js';
import { maskText } from '../../../safety/mask-text.js';
import { confirmAndRestore } from './restore-files.js';
import type { SlashCommand, SlashContext } from '../../../kit/slash/slash-command.js';

/** Why /undo, /rewind's files, /diff and /commit cannot work in this session; undefined when they can. */
export function checkpointsOff(context: SlashContext): string | undefined {
  if (context.agent.busy) return 'Falcon is working: wait for the turn to end (or press esc).';
  if (!context.agent.checkpoints)
    return 'Checkpoints are off in this session (git is missing, or checkpoints: {enabled: false}): there is nothing to take back.';
  return undefined;
}

export const undoCommand: SlashCommand = {
  name: 'undo',
  description: 'take back the files the last change-making call changed (shows the diff, asks)',
  async run(context) {
    const off = checkpointsOff(context);
    if (off) return context.show({ type: 'notice', tone: 'warning', text: off });
    const checkpoints = context.agent.checkpoints!;
    const plan = await checkpoints.planUndo();
    if (!plan) return context.show({ type: 'notice', tone: 'info', text: 'Nothing to undo: no call of this session has changed a file.' });
    if (plan.changes.length === 0) {
      return context.show({ type: 'notice', tone: 'info', text: `The files ${plan.label} changed are already as they were before it.` });
    }
    await confirmAndRestore(context, checkpoints, plan, `Undo ${plan.label}: restore ${describeFiles(plan.changes.map((change) => change.path))}?`);
  },
};

export const diffCommand: SlashCommand = {
  name: 'diff',
  description: 'everything this session changed in the project’s files, per file, coloured',
  async run(context) {
    const off = checkpointsOff(context);
    if (off) return context.show({ type: 'notice', tone: 'warning', text: off });
    const changes = await context.agent.checkpoints!.changes();
    if (changes.diffs.length === 0)
      return context.show({ type: 'notice', tone: 'info', text: 'This session has changed no file (or its changes were taken back).' });
    const large = changes.large.length ? `\n\nOver 10 MB, never in checkpoints: ${describeFiles(changes.large)}` : '';
    context.show({
      type: 'output',
      title: `This session changed ${changes.diffs.length} file${changes.diffs.length === 1 ? '' : 's'}`,
      text: maskText(
        diffsAsLines(changes.diffs)
          .map((line) => line.text)
          .join('\n') + large,
      ),
      format: 'diff',
    });
  },
};
