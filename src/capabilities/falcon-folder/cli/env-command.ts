import { Argument, Command } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';

/** `falcon env list|use`. Light at import time: each action loads its implementation. */
export function envCommand(): Command {
  const env = new Command('env')
    .description('list the environments in .falcon/environments/ or choose the one {{VAR}} resolves from')
    .helpOption('-h, --help', 'show this help')
    .exitOverride();

  env
    .command('list')
    .description('list the environments; * marks the active one')
    .action(async () => {
      const { runEnvList } = await import('./env-commands.js');
      await exitWith(await runEnvList());
    });

  env
    .command('use')
    .description('make an environment the active one for this project (saved in .falcon/config.yaml)')
    .addArgument(completesWith(new Argument('<name>', 'an environment, e.g. staging'), 'environments'))
    .action(async (name: string) => {
      const { runEnvUse } = await import('./env-commands.js');
      await exitWith(await runEnvUse(name));
    });

  return env;
}
