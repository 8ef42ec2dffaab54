import path from 'node:path';
import { type Command, Option } from 'commander';
import { completesWith } from '../kit/command/completion-values.js';
import { UsageError } from '../kit/command/user-error.js';

const CONFIG_FILE_FLAG = '--config';
const DESCRIPTION = 'read and write this global config file instead of ~/.falcon/config.yaml (also $FALCON_CONFIG)';

/**
 * `--config <file>` on the program and, hidden from their help, on every command below it, so it
 * works before or after a command's name. Before an action runs, the file named closest to the
 * command becomes `$FALCON_CONFIG`, the one place every reader and writer of the global config
 * looks (`globalConfigPath`), and what child processes inherit.
 */
export function addConfigFileOption(program: Command): void {
  program.addOption(configFileOption());
  for (const command of descendants(program)) command.addOption(configFileOption().hideHelp());
  program.hook('preAction', (_program, actionCommand) => {
    const file = namedConfigFile(actionCommand);
    if (file === undefined) return;
    if (!file.trim()) throw new UsageError(`${CONFIG_FILE_FLAG} needs a file name`);
    process.env.FALCON_CONFIG = path.resolve(file);
  });
}

function configFileOption(): Option {
  return completesWith(new Option(`${CONFIG_FILE_FLAG} <file>`, DESCRIPTION), 'files');
}

function namedConfigFile(command: Command | null): string | undefined {
  for (let current = command; current; current = current.parent) {
    const file = current.getOptionValue('config') as string | undefined;
    if (file !== undefined) return file;
  }
  return undefined;
}

function descendants(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...descendants(child)]);
}
