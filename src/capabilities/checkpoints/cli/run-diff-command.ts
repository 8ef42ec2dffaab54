import { realpath } from 'node:fs/promises';
import { diffsAsLines, statLines } from '../../../engines/checkpoints/describe-changes.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { maskText } from '../../../safety/mask-text.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { describeFiles } from '../../../engines/checkpoints/describe-restore.js';
import { openSessionCheckpoints } from './open-session-checkpoints.js';
import { paintDiffLines } from './terminal-diff.js';

/** `falcon diff [--session ID] [--stat]`: everything the session changed, per file, as the files are now. */
export async function runDiffCommand(options: { session?: string; stat?: boolean }): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const { session, checkpoints, offBecause } = await openSessionCheckpoints(projectRoot, process.env, options.session);
  if (!checkpoints) throw new UsageError(`there is no diff to show: ${offBecause}`);
  const changes = await checkpoints.changes();
  const paint = styleFor(process.stdout);
  if (changes.diffs.length === 0) {
    process.stdout.write(`Session ${session.id} changed no file (or its changes have been undone).\n`);
    return 0;
  }
  const body = options.stat
    ? statLines(changes.diffs)
        .map((line) => terminalSafeText(maskText(line)))
        .join('\n')
    : paintDiffLines(diffsAsLines(changes.diffs), paint);
  const notes = changes.large.length ? [paint('dim', `Over 10 MB, never in checkpoints: ${terminalSafeText(describeFiles(changes.large))}`)] : [];
  process.stdout.write(
    [paint('bold', `Session ${session.id}: ${changes.diffs.length} file${changes.diffs.length === 1 ? '' : 's'} changed`), '', body, ...notes].join('\n') +
      '\n',
  );
  return 0;
}
