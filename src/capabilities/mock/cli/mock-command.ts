import type { MockCommandFlags } from './mock-flags.js';
import { Command } from 'commander';
import { exitWith } from '../../../kit/command/exit-with.js';
import { parseWholeNumber } from '../../../kit/command/option-values.js';
import { parseShare } from './share-option.js';

/** `falcon mock`: the spec's API served before it exists, no model needed. The engine loads when it runs. */
export function mockCommand(): Command {
  return new Command('mock')
    .description("serve the spec's API: requests checked against it, answers from its examples or schemas (no model needed)")
    .argument('[spec]', 'an OpenAPI 3.x / Swagger 2 file or URL, or a Postman collection (default .falcon/spec.yaml)')
    .option('-p, --port <n>', 'the port to listen on; 0 takes a free one', parseWholeNumber(0), 4010)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .option('--stateful', 'keep what is created: POST, then GET/PUT/PATCH/DELETE of it and lists of what was created')
    .option('--seed <n>', 'the seed of generated values: the same spec and seed give the same answers (default 1)', parseWholeNumber(0))
    .option('--latency <time>', 'wait this long before each answer: 50ms, 1s')
    .option('--errors <share>', 'answer this share of valid requests with a 5xx, 0 to 1: 0.05', parseShare)
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Answers: the response a "Prefer: code=404" or "Prefer: example=NAME" header asks for, else the
operation's first success, its body the spec's example or one generated from the schema.
Invalid requests get 400 (parameters, malformed JSON), 401 (no credentials), 404 (no such path),
405 (method not documented), 415 (content type) or 422 (body schema), naming what was wrong.
One line per request: method, path, status, operation and what was wrong.
Exit codes: 0 stopped (Ctrl-C, SIGTERM), 1 cannot listen, 2 bad usage or an unreadable spec.`,
    )
    .action(async (spec: string | undefined, flags: MockCommandFlags) => {
      const { runMockCommand } = await import('./run-mock-command.js');
      await exitWith(await runMockCommand(spec, flags));
    });
}
