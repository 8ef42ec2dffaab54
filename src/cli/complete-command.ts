import { Argument, Command } from 'commander';
import { DYNAMIC_VALUE_KINDS, type DynamicValueKind } from '../kit/command/completion-values.js';

/**
 * `falcon __complete <kind>`, hidden: the names completion scripts ask for as you press Tab (saved
 * requests, flows, environments, providers), one a line. Quick and quiet: no SDK, nothing validated
 * beyond reading the names, no output on any problem.
 */
export function completeCommand(): Command {
  return new Command('__complete')
    .addArgument(new Argument('<kind>').choices(DYNAMIC_VALUE_KINDS))
    .exitOverride()
    .configureOutput({ writeErr: () => {} })
    .action(async (kind: DynamicValueKind) => {
      const { completionNames } = await import('./completion/completion-names.js');
      const names = await completionNames(kind, { cwd: process.cwd(), env: process.env }).catch(() => []);
      process.stdout.write(names.map((name) => `${name}\n`).join(''));
    });
}
