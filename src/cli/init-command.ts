import { Command, Option } from 'commander';
import { completesWith } from '../kit/command/completion-values.js';
import { FRAMEWORKS } from '../workspace/init/frameworks.js';
import type { InitCommandOptions } from './run-init.js';

/** `falcon init`; the work is imported only when the command runs, so other commands start fast. */
export function initCommand(): Command {
  return new Command('init')
    .description('set up .falcon/ in this project: framework, base URL, API spec and a model provider')
    .option('-y, --yes', 'ask nothing: use what Falcon detects and the options given')
    .option('--framework <name>', `the API's framework: ${FRAMEWORKS.join(', ')}`)
    .option('--base-url <url>', 'the base URL of the API in development, e.g. http://localhost:3000')
    .addOption(
      completesWith(
        new Option('--spec <path>', 'the OpenAPI, Swagger, Postman collection or GraphQL schema file of the API, or its GraphQL endpoint URL'),
        'files',
      ),
    )
    .helpOption('-h, --help', 'show this help')
    .addHelpText(
      'after',
      `
Running it again never changes what is already in .falcon/: it only adds what is missing.
Exit codes: 0 done, 1 error, 2 bad usage, 130 cancelled.`,
    )
    .exitOverride()
    .action(async (options: InitCommandOptions) => {
      const { runInit } = await import('./run-init.js');
      const code = await runInit(options);
      await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
      process.exit(code);
    });
}
