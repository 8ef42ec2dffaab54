import { realpath } from 'node:fs/promises';
import { messagePoints } from '../../../engines/checkpoints/session-timeline.js';
import type { RewindPoint } from '../../../engines/checkpoints/session-checkpoints.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { maskText } from '../../../safety/mask-text.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { describeFiles, shortened } from '../../../engines/checkpoints/describe-restore.js';
import { openSessionCheckpoints } from './open-session-checkpoints.js';

/** `falcon rewind --list [--session ID]`: the session's user messages, numbered, each with the files changed after it. */
export async function runRewindList(sessionId: string | undefined): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const { session, checkpoints, offBecause } = await openSessionCheckpoints(projectRoot, process.env, sessionId);
  const points: RewindPoint[] = checkpoints ? await checkpoints.points() : messagePoints(await session.readRecords()).map((point) => ({ ...point, files: [] }));
  const paint = styleFor(process.stdout);
  const out: string[] = [paint('bold', `Session ${session.id}: ${points.length} message${points.length === 1 ? '' : 's'}`)];
  const width = String(points.length).length;
  for (const point of points) {
    const text = terminalSafeText(maskText(shortened(point.text, 60)));
    out.push(`${String(point.number).padStart(width + 2)}  ${text}`);
    if (checkpoints)
      out.push(
        `${' '.repeat(width + 4)}${paint('dim', point.files.length ? `files changed from here on: ${terminalSafeText(describeFiles(point.files))}` : 'no file changed from here on')}`,
      );
  }
  if (offBecause) out.push('', paint('yellow', `Files cannot be rewound: ${offBecause}.`));
  out.push('', points.length ? 'Go back to just before message N with: falcon rewind --to N [--code | --conversation | --both]' : 'Nothing to rewind yet.');
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}
