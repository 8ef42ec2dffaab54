import { Command, Option } from 'commander';
import { RULE_NAMES } from '../engine/checks/all-checks.js';
import { SEVERITIES } from '../engine/severity.js';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { served } from '../../../kit/command/served.js';
import { collect, collectEach, collectHeader, parseWholeNumber } from '../../../kit/command/option-values.js';
import type { ScanCommandFlags } from './scan-flags.js';

/**
 * `falcon scan`: security checks of an API (OWASP API Top 10, 2023), no model needed. Light at
 * import time: the engine loads only when the command runs.
 */
export function scanCommand(): Command {
  return new Command('scan')
    .description('scan an API for the security bugs teams ship (OWASP API Top 10, 2023), each finding proven by a response (no model needed)')
    .addOption(completesWith(new Option('--spec <file|url>', 'an OpenAPI, Swagger or Postman file or URL (default: .falcon/spec.yaml)'), 'files'))
    .option('--base-url <url>', "where the API is (default: the environment's BASE_URL, else the spec's first server URL)")
    .option('--graphql <url>', 'scan a GraphQL endpoint instead (its schema by introspection): the rules with GraphQL probes run, no REST check')
    .addOption(completesWith(new Option('--graphql-schema <file>', "the GraphQL endpoint's SDL file, when it does not answer introspection"), 'files'))
    .addOption(
      completesWith(
        new Option('-e, --env <name>', 'the environment for BASE_URL and {{VAR}} (default: the one set by falcon env use, else dev)'),
        'environments',
      ),
    )
    .option(
      '--user <name:password>',
      "a user to log in as through the spec's login operation; give two for the checks between users (BOLA); repeatable",
      collectEach,
    )
    .option('--token <name:token>', 'a user given by a bearer token (how a GraphQL endpoint takes its users); repeatable', collectEach)
    .option('--login <"METHOD /path">', "the login operation, when the spec's is not found by its path")
    .option('-H, --header <"Name: value">', 'a header for every request, may hold {{VAR}}; repeat for more', collectHeader)
    .option('--checks <list>', 'comma-separated rules to check, or all (default: all)', collect)
    .option('--allow-destructive', "also send DELETE and change data other than the scanning users' own")
    .option('--rate <n>', 'requests per second to one operation at most, short bursts aside (default 20)', parseWholeNumber(1))
    .option('--max-rate <n>', 'requests per second to the whole API at most, short bursts aside (default 100)', parseWholeNumber(1))
    .option('--canary-host <host>', "the address of this machine the target reaches Falcon's SSRF canary at (default 127.0.0.1: a target on this machine)")
    .option('--max-requests <n>', 'requests in all at most (default 3000)', parseWholeNumber(1))
    .option('--timeout <time>', 'a request with no answer after this long is given up (default 10s)')
    .option('--serve', 'start the API with server.command of .falcon/config.yaml, wait until it is ready, run, then stop it (and every process it started)')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity, or none (default high)')
        .choices([...SEVERITIES, 'none'])
        .default('high'),
    )
    .addOption(completesWith(new Option('--json <file>', 'write the findings as JSON (the same as --report FILE.json)'), 'files'))
    .addOption(completesWith(new Option('--sarif <file>', 'write SARIF 2.1.0, for code-scanning dashboards'), 'files'))
    .addOption(completesWith(new Option('--report <file>', 'write a report; its format by extension: .md, .html, .json or .sarif'), 'files'))
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Rules (--checks):
${RULE_NAMES.map((rule) => `  ${rule}`).join('\n')}
GraphQL (--graphql URL, or a GraphQL spec): graphql_introspection, graphql_field_suggestions,
resource_limits (depth, aliases, width, batching), bola (object ids, two --token users), sqli.
Safe by default: only the target named, paced and bounded; never DELETE, and never another
user's data, without --allow-destructive.
A Markdown report goes to .falcon/reports/ when the project has a .falcon folder.
Exit codes: 0 no finding at or above --fail-on, 1 findings at or above it, or the target cannot be
reached, 2 bad usage (no spec, no base URL, an unknown check, a login that fails), 130 interrupted.`,
    )
    .action(async (flags: ScanCommandFlags) => {
      const { runScanCommand } = await import('./run-scan-command.js');
      await exitWith(await served(flags, () => runScanCommand(flags)));
    });
}
