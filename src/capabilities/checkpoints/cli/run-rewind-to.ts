import { realpath } from 'node:fs/promises';
import { messagePoints } from '../../../engines/checkpoints/session-timeline.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { askYesNo, canAsk } from './ask-yes-no.js';
import { describeFiles, outcomeLines, planLines } from '../../../engines/checkpoints/describe-restore.js';
import { openSessionCheckpoints } from './open-session-checkpoints.js';

export type RewindMode = 'code' | 'conversation' | 'both';

export interface RewindToOptions {
  to: number;
  mode: RewindMode;
  yes: boolean;
  session?: string;
}

/**
 * `falcon rewind --to N`: back to just before user message N (numbered as --list numbers them). The
 * files the session changed from it on are restored, the conversation keeps only what came before.
 */
export async function runRewindTo(options: RewindToOptions): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const { session, checkpoints, offBecause } = await openSessionCheckpoints(projectRoot, process.env, options.session);
  const count = messagePoints(await session.readRecords()).length;
  if (options.to > count) throw new UsageError(`there is no message ${options.to}: session ${session.id} has ${count} (falcon rewind --list shows them)`);
  const code = options.mode !== 'conversation';
  if (code && !checkpoints) throw new UsageError(`the files cannot be rewound: ${offBecause}; --conversation rewinds the conversation alone`);
  const plan = code ? await checkpoints!.planRewind(options.to) : undefined;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const paint = styleFor(process.stderr);
  say(paint('bold', `Back to just before ${terminalSafeText(plan?.label ?? `message ${options.to}`)} of session ${session.id}:`));
  if (plan) for (const line of planLines(plan, code ? await checkpoints!.ignored() : [])) say(`  ${terminalSafeText(line)}`);
  if (options.mode !== 'code')
    say(
      `  conversation: the ${options.to - 1} message${options.to === 2 ? '' : 's'} before it stay; from it on, nothing more is sent to the model (the session file keeps it all)`,
    );

  if (!options.yes) {
    if (!canAsk()) throw new UsageError('nothing was changed: there is no terminal to ask in; add --yes to rewind');
    if (!(await askYesNo('Rewind?'))) {
      say('Nothing was changed.');
      return 1;
    }
  }
  if (plan) {
    const overwrite =
      plan.outside.length === 0 ||
      options.yes ||
      (await askYesNo(`${describeFiles(plan.outside)} changed outside Falcon since then. Overwrite ${plan.outside.length === 1 ? 'it' : 'them'} too?`));
    for (const line of outcomeLines(await checkpoints!.apply(plan, { overwriteOutside: overwrite }), plan)) say(terminalSafeText(line));
  }
  if (options.mode !== 'code') {
    session.recordRewind(options.to);
    say(`The conversation goes on from before message ${options.to}: continue it with falcon --resume ${session.id}`);
  }
  return 0;
}
