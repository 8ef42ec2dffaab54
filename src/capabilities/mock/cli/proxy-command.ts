import type { ProxyCommandFlags } from './proxy-flags.js';
import { Command, Option } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { parseWholeNumber } from '../../../kit/command/option-values.js';

/** `falcon proxy`: every request of any client forwarded to the real API and checked against the spec, no model needed. */
export function proxyCommand(): Command {
  return new Command('proxy')
    .description('forward requests to the real API and check both directions against the spec (no model needed)')
    .argument('[spec]', 'an OpenAPI 3.x / Swagger 2 file or URL, or a Postman collection (default .falcon/spec.yaml)')
    .requiredOption('--target <url>', 'the API to forward to: http://localhost:3000')
    .option('-p, --port <n>', 'the port to listen on; 0 takes a free one', parseWholeNumber(0), 4010)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(completesWith(new Option('--report <file>', 'when it ends, write the report; its format by extension: .json, .md or .html'), 'files'))
    .option('--fail-on-mismatch', 'exit 1 when any request or response differed from the spec')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Requests are checked for an operation that documents them (undocumented_operation), and for
credentials, parameters and body (request_conformance); responses with falcon test's checks
(not_a_server_error, status_code_conformance, content_type_conformance,
response_schema_conformance, response_headers_conformance). Each mismatch is printed as it is
seen; Ctrl-C or SIGTERM ends the proxy, prints a summary and writes the report (and, in a project
with a .falcon folder, a Markdown report and its JSON to .falcon/reports/). Secrets in headers are
masked in everything printed and written.
Exit codes: 0 ended, 1 a mismatch with --fail-on-mismatch or cannot listen, 2 bad usage or an unreadable spec.`,
    )
    .action(async (spec: string | undefined, flags: ProxyCommandFlags) => {
      const { runProxyCommand } = await import('./run-proxy-command.js');
      await exitWith(await runProxyCommand(spec, flags));
    });
}
