import { Argument, Command, Option } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';

/**
 * `falcon request run|list`. Light at import time: each action loads its implementation, so
 * `falcon --version` stays fast.
 */
export function requestCommand(): Command {
  const request = new Command('request')
    .description('run or list the saved requests in .falcon/requests/')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 a 2xx response and every assertion held, 1 otherwise, 2 bad usage (unknown request or environment).');

  request
    .command('run')
    .description("send a saved request with an environment's variables and check its saved assertions")
    .addArgument(completesWith(new Argument('<name>', 'the saved request (.falcon/requests/<name>.yaml)'), 'requests'))
    .addOption(
      completesWith(
        new Option('-e, --env <env>', 'the environment whose variables fill {{VAR}} (default: the one set by falcon env use, else dev)'),
        'environments',
      ),
    )
    .action(async (name: string, options: { env?: string }) => {
      const { runSavedRequestCommand } = await import('./run-request-command.js');
      await exitWith(await runSavedRequestCommand(name, options.env));
    });

  request
    .command('list')
    .description('list the saved requests with their method and URL')
    .action(async () => {
      const { runRequestList } = await import('./run-request-command.js');
      await exitWith(await runRequestList());
    });

  return request;
}
