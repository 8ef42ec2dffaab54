import { diffsAsLines } from '../../../engines/checkpoints/describe-changes.js';
import { describeFiles, outcomeLines, planLines } from '../../../engines/checkpoints/describe-restore.js';
import type { RestorePlan } from '../../../engines/checkpoints/restore-plan.js';
import type { SessionCheckpoints } from '../../../engines/checkpoints/session-checkpoints.js';
import { maskText } from '../../../safety/mask-text.js';
import { askToConfirm } from '../../../kit/slash/ask-to-confirm.js';
import type { SlashContext } from '../../../kit/slash/slash-command.js';

/**
 * Shows what restoring would do (its diff, the files named), asks, asks again about files changed
 * outside Falcon since the checkpoint, then restores. False when the user said no.
 */
export async function confirmAndRestore(context: SlashContext, checkpoints: SessionCheckpoints, plan: RestorePlan, question: string): Promise<boolean> {
  const lines = planLines(plan, await checkpoints.ignored());
  const diff = plan.diffs.length
    ? `\n\n${diffsAsLines(plan.diffs)
        .map((line) => line.text)
        .join('\n')}`
    : '';
  context.show({
    type: 'output',
    title: `${plan.kind === 'undo' ? 'Undo' : 'Rewind'}: ${plan.label}`,
    text: maskText(`${lines.join('\n')}${diff}`),
    format: 'diff',
  });
  if (!(await askToConfirm(context, question, 'Yes, restore the files'))) {
    context.show({ type: 'notice', tone: 'info', text: 'Nothing was changed.' });
    return false;
  }
  const overwriteOutside =
    plan.outside.length === 0 ||
    (await askToConfirm(
      context,
      `${describeFiles(plan.outside)} changed outside Falcon since then. Overwrite ${plan.outside.length === 1 ? 'it' : 'them'} too?`,
      'Yes, overwrite them too',
      'No, keep them as they are',
    ));
  const outcome = await checkpoints.apply(plan, { overwriteOutside });
  context.show({ type: 'notice', tone: 'info', text: outcomeLines(outcome, plan).join(' ') || 'No file needed changing.' });
  return true;
}
