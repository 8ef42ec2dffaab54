import { Command } from 'commander';
import { exitWith } from '../../../kit/command/exit-with.js';

/** `falcon diff`: what a session changed in the project's files. */
export function diffCommand(): Command {
  return new Command('diff')
    .description('show everything a session changed in the project’s files, per file, coloured (from its checkpoints; no model needed)')
    .option('--session <id>', 'the session (default: the latest of this project)')
    .option('--stat', 'only the files and their added and removed lines')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .action(async (options: { session?: string; stat?: boolean }) => {
      const { runDiffCommand } = await import('./run-diff-command.js');
      await exitWith(await runDiffCommand(options));
    });
}
