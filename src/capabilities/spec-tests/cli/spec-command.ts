import { Argument, Command } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';

/** `falcon spec ingest <file|url>`; the engine is imported only when the command runs. */
export function specCommand(): Command {
  const spec = new Command('spec')
    .description('ingest the API spec (OpenAPI 2.0/3.0/3.1 or a Postman collection) into .falcon/spec.yaml')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 ingested, 1 the file or spec is bad, 2 bad usage.');

  spec
    .command('ingest')
    .description('read a spec file inside the project or at an http(s) URL, write .falcon/spec.yaml and print a summary')
    .addArgument(completesWith(new Argument('<file|url>', 'the OpenAPI, Swagger or Postman collection file, or its URL'), 'files'))
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .action(async (source: string) => {
      const { runSpecIngest } = await import('./run-spec-ingest.js');
      const code = await runSpecIngest(source);
      await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
      process.exit(code);
    });

  return spec;
}
