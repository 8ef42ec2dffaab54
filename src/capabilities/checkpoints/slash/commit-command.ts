import { commitSessionFiles, pathsOf, proposeCommitMessage } from '../../../engines/checkpoints/commit-session.js';
import { fileHeading } from '../../../engines/checkpoints/describe-changes.js';
import { describeFiles } from '../../../engines/checkpoints/describe-restore.js';
import { messagePoints } from '../../../engines/checkpoints/session-timeline.js';
import { maskText } from '../../../safety/mask-text.js';
import { checkpointsOff } from './checkpoint-commands.js';
import type { SlashCommand } from '../../../kit/slash/slash-command.js';

type CommitChoice = 'commit' | 'edit' | 'cancel';

export const commitCommand: SlashCommand = {
  name: 'commit',
  description: 'commit the files this session changed, with a proposed message (asks first; never pushes)',
  async run(context) {
    const off = checkpointsOff(context);
    if (off) return context.show({ type: 'notice', tone: 'warning', text: off });
    const { diffs } = await context.agent.checkpoints!.changes();
    if (diffs.length === 0) return context.show({ type: 'notice', tone: 'info', text: 'This session has changed no file: there is nothing to commit.' });
    const requests = messagePoints(await context.agent.sessionRecords()).map((point) => point.text);
    let message = maskText(proposeCommitMessage(diffs, requests));
    const files = pathsOf(diffs);
    for (;;) {
      context.show({
        type: 'output',
        title: 'Commit',
        text: `${message.trimEnd()}\n\n${diffs.map((diff) => `  ${fileHeading(diff)}`).join('\n')}`,
        format: 'text',
      });
      const choice = await context.pick<CommitChoice>({
        title: `Commit these ${files.length} file${files.length === 1 ? '' : 's'} with this message? (nothing else you staged goes in; hooks run; nothing is pushed)`,
        items: [
          { label: 'Yes, commit', value: 'commit' },
          { label: 'Edit the first line', value: 'edit' },
          { label: 'No, commit nothing', value: 'cancel' },
        ],
      });
      if (choice === 'edit') {
        const [subject = '', ...rest] = message.split('\n');
        const edited = await context.ask({
          title: 'Commit message, first line',
          initial: subject,
          check: (answer) => (answer.trim() ? undefined : 'a commit needs a message'),
        });
        if (edited !== undefined) message = [edited.trim(), ...rest].join('\n');
        continue;
      }
      if (choice !== 'commit') return context.show({ type: 'notice', tone: 'info', text: 'Nothing was committed.' });
      const result = await commitSessionFiles(context.projectRoot, files, message);
      const left = result.ignored.length ? ` Left out, as git ignores them: ${describeFiles(result.ignored)}.` : '';
      return context.show({
        type: 'notice',
        tone: 'info',
        text: `Committed ${result.files.length} file${result.files.length === 1 ? '' : 's'} as ${result.commit}: ${message.split('\n')[0]}${left}`,
      });
    }
  },
};
