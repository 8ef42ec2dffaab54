import { Argument, Command, Option } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import type { SpecDiffFlags } from './run-spec-diff.js';

/** `falcon spec ingest <file|url>` and `falcon spec diff <old> <new>`; the engines are imported only when a command runs. */
export function specCommand(): Command {
  const spec = new Command('spec')
    .description(
      'ingest the API spec (OpenAPI 2.0/3.0/3.1 or a Postman collection) into .falcon/spec.yaml, or an AsyncAPI 2.x/3.x document into .falcon/asyncapi.json, or compare two versions of it',
    )
    .helpOption('-h, --help', 'show this help')
    .exitOverride();

  spec
    .command('ingest')
    .description('read a spec file inside the project or at an http(s) URL, write .falcon/spec.yaml and print a summary')
    .addArgument(
      completesWith(
        new Argument(
          '<file|url>',
          'the OpenAPI, Swagger, Postman collection, AsyncAPI or GraphQL schema (.graphql) file, or its URL (a GraphQL endpoint is asked by introspection)',
        ),
        'files',
      ),
    )
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 ingested, 1 the file or spec is bad, 2 bad usage, 130 interrupted.')
    .action(async (source: string) => {
      const { runSpecIngest } = await import('./run-spec-ingest.js');
      const code = await runSpecIngest(source);
      await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
      process.exit(code);
    });

  spec
    .command('diff')
    .description('compare two versions of a spec: each change breaking, warning or non-breaking, by operation, with where it is')
    .addArgument(completesWith(new Argument('<old>', 'the earlier spec: a file (a falcon-spec file too) or an http(s) URL'), 'files'))
    .addArgument(completesWith(new Argument('<new>', 'the later spec, the same way'), 'files'))
    .option('--json', 'print the changes as JSON (format falcon-spec-diff/1)')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a change is this severe or more: breaking, or warning (breaking changes and warnings)')
        .choices(['breaking', 'warning'])
        .default('breaking'),
    )
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Breaking: a client written for OLD fails against NEW (an operation, a required property of an
answer or a 2xx status gone, a parameter or property now required, a value sent narrowed, an
answer widened, authentication added …). Warning: it may fail. Every rule: the README's
section "Breaking changes: falcon spec diff".
Exit codes: 0 nothing at --fail-on or worse, 1 breaking changes (or warnings with --fail-on
warning), 2 bad usage or a spec that cannot be read, 130 interrupted.`,
    )
    .action(async (old: string, current: string, flags: SpecDiffFlags) => {
      const { runSpecDiff } = await import('./run-spec-diff.js');
      await exitWith(await runSpecDiff(old, current, flags));
    });

  return spec;
}
