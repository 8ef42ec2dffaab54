import { Command, InvalidArgumentError } from 'commander';
import { exitWith } from '../../../kit/command/exit-with.js';
import { UsageError } from '../../../kit/command/user-error.js';

interface RewindOptions {
  list?: boolean;
  to?: number;
  code?: boolean;
  conversation?: boolean;
  both?: boolean;
  yes?: boolean;
  session?: string;
}

/** `falcon rewind --list | --to N`: a session taken back to before one of its messages, files and conversation. */
export function rewindCommand(): Command {
  return new Command('rewind')
    .description('go back to just before one of a session’s messages: the files it changed from then on, the conversation, or both')
    .option('--list', 'list the session’s messages, numbered, each with the files changed after it')
    .option('--to <n>', 'go back to just before message n (as --list numbers them)', parseMessageNumber)
    .option('--code', 'only bring the files back')
    .option('--conversation', 'only take the conversation back (the next request holds the messages before n)')
    .option('--both', 'the files and the conversation (the default)')
    .option('-y, --yes', 'do it without asking (files changed outside Falcon since then are overwritten too)')
    .option('--session <id>', 'the session (default: the latest of this project)')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Nothing is deleted from the session file: it records the rewind, and falcon --continue goes on from there.
Files ignored by .gitignore and files over 10 MB are not in checkpoints and stay as they are.
Exit codes: 0 done, 1 declined, 2 bad usage.`,
    )
    .action(async (options: RewindOptions) => {
      const modes = (['code', 'conversation', 'both'] as const).filter((mode) => options[mode]);
      if (modes.length > 1) throw new UsageError('choose one of --code, --conversation and --both');
      if (options.list && options.to !== undefined) throw new UsageError('use either --list or --to <n>');
      if (options.list) {
        if (modes.length || options.yes) throw new UsageError('--list takes only --session');
        const { runRewindList } = await import('./run-rewind-list.js');
        return exitWith(await runRewindList(options.session));
      }
      if (options.to === undefined) throw new UsageError('say where to go back to with --to <n> (falcon rewind --list numbers the messages)');
      const { runRewindTo } = await import('./run-rewind-to.js');
      await exitWith(
        await runRewindTo({ to: options.to, mode: modes[0] ?? 'both', yes: options.yes === true, ...(options.session && { session: options.session }) }),
      );
    });
}

function parseMessageNumber(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a message number, from 1');
  return number;
}
