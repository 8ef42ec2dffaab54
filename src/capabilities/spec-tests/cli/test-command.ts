import { Command, Option } from 'commander';
import { CHECK_NAMES } from '../../../engines/testing/test-run.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { served } from '../../../kit/command/served.js';
import { completesWith } from '../../../kit/command/completion-values.js';
import type { TestCommandFlags } from './test-flags.js';
import { mergeReportsCommand } from './merge-reports-command.js';
import { parseMinCoverageOption } from './min-coverage-option.js';
import { parseShardOption } from './shard-option.js';
import { collect, collectHeader, parseWholeNumber } from '../../../kit/command/option-values.js';

/**
 * `falcon test`: spec-driven tests for CI, no model needed. Light at import time: the engine and
 * everything it needs load only when the command runs.
 */
export function testCommand(): Command {
  const test = new Command('test')
    .description('generate cases from the API spec, send them, check every response against the spec, and report (no model needed)')
    .addOption(
      completesWith(new Option('--spec <file|url>', 'an OpenAPI, Swagger or Postman file or URL, or a falcon-spec file (default: .falcon/spec.yaml)'), 'files'),
    )
    .option('--graphql <url>', 'test this GraphQL endpoint: its schema from introspection, or from --graphql-schema (instead of a spec)')
    .addOption(completesWith(new Option('--graphql-schema <file>', "the GraphQL endpoint's SDL file, when it answers no introspection"), 'files'))
    .option('--base-url <url>', "where to send the cases (default: the environment's BASE_URL, else the spec's first server URL)")
    .addOption(
      completesWith(
        new Option('-e, --env <name>', 'the environment for BASE_URL and {{VAR}} (default: the one set by falcon env use, else dev)'),
        'environments',
      ),
    )
    .option('--checks <list>', 'comma-separated checks to make, or all (default: all)')
    .option('--include <operations>', 'test only these operations: operationId, "METHOD /path", "/path*" or "tag:name"; comma-separated or repeated', collect)
    .option('--exclude <operations>', 'leave these operations out (same patterns); comma-separated or repeated', collect)
    .option('--strategies <list>', 'comma-separated case strategies: happy, negative, boundary, stateful, fuzz, or all (default: all)')
    .option('--seed <n>', 'seed for generated values and fuzz inputs: the same seed and spec give the same cases (default 1)', parseWholeNumber(0))
    .option('--max-cases <n>', 'fuzz inputs per operation (default 20); a failing one is shrunk to a minimal input', parseWholeNumber(1))
    .option('--workers <n>', 'requests in flight at once (default 4)', parseWholeNumber(1))
    .option('--max-response-time <ms>', 'a response slower than this is a failure (max_response_time)', parseWholeNumber(1))
    .option('-H, --header <"Name: value">', 'a header for every request, may hold {{VAR}}; repeat for more', collectHeader)
    .addOption(completesWith(new Option('--junit <file>', 'also write a JUnit XML report to this file'), 'files'))
    .addOption(
      completesWith(new Option('--report <file>', 'also write a report to this file, its format by extension: .md, .json, .html or .xml (JUnit)'), 'files'),
    )
    .option(
      '--shard <i/n>',
      'run only part i of n of the operations (1/4 … 4/4 in four CI jobs); merge the parts with: falcon test merge-reports',
      parseShardOption,
    )
    .option('--serve', 'start the API with server.command of .falcon/config.yaml, wait until it is ready, run, then stop it (and every process it started)')
    .option('--allow-warnings', 'exit 0 even when warnings say a run proved nothing for some operations; they are still shown and reported')
    .option('--min-coverage <percent>', 'fail the run when it saw less than this share of the documented responses (0-100)', parseMinCoverageOption)
    .addOption(
      completesWith(
        new Option(
          '--seed-data <file>',
          'a YAML or JSON file of ids the API has, by parameter or body field (customerId: [7, 8]): used before what the run gets from the API',
        ),
        'files',
      ),
    )
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Checks (--checks):
${wrap(CHECK_NAMES, 78)}
The graphql_ checks judge a GraphQL spec's operations (--graphql, or an ingested
GraphQL schema), the others those of an OpenAPI or Postman spec.
Warnings, when no case reached an operation's logic: missing_auth (over 80% of
its cases got 401/403; for GraphQL: an operation answering data without the
run's credentials), missing_test_data (over 80% got 404, or of its valid
cases got a 409/422 saying a referenced thing is unknown), method_not_allowed
(all got 405).
Coverage, per operation: the documented responses seen (a status counts for its
code, else its range such as 4XX, else default; an undocumented one is a finding),
each optional parameter present and absent, each enum value and each optional
body property sent.
References (path ids, body fields such as customerId) are filled from what the
API answered earlier in the run: lists and creates go first. --seed-data gives
known ones.
A Markdown report goes to .falcon/reports/ when the project has a .falcon folder.
Exit codes: 0 every case passed, 1 a check failed, a request got no answer, a
warning (no case reached an operation's logic) without --allow-warnings, or fewer
documented responses seen than --min-coverage, 2 bad usage (options, spec, base
URL, a report file that cannot be written), 130 interrupted.`,
    )
    .action(async (flags: TestCommandFlags) => {
      const { runTestCommand } = await import('./run-test-command.js');
      await exitWith(await served(flags, () => runTestCommand(flags)));
    });
  // Options after `merge-reports` are its own: it has a --min-coverage of its own too.
  test.enablePositionalOptions();
  test.addCommand(mergeReportsCommand());
  return test;
}

/** Comma-separated names, two spaces in, lines at most `width` long. */
function wrap(names: readonly string[], width: number): string {
  const lines = [''];
  for (const name of names) {
    const line = lines.at(-1)!;
    if (line && line.length + name.length + 2 > width) lines.push(name);
    else lines[lines.length - 1] = line ? `${line}, ${name}` : name;
  }
  return lines.map((line, index) => `  ${line}${index < lines.length - 1 ? ',' : ''}`).join('\n');
}
