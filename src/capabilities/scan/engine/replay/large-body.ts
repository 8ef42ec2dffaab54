import { curlCommandParts, type CurlOptions } from '../../../../engines/testing/report/curl-command.js';
import type { RecordedRequest } from '../../../../engines/testing/test-run.js';

/** A body longer than this goes in through curl's standard input: one argument of a command may hold 128 kB at most on Linux. */
const ARGUMENT_CHARS = 64 * 1024;
/** A run of one character this long is padding: the line makes it rather than holds it. */
const PADDING_RUN = /(.)\1{1023,}/s;

/**
 * curl's line for the request. A body past what one argument may hold is made by the shell and
 * piped in (`{ printf '%s' '{"text":"'; head -c 2000000 /dev/zero | tr '\0' 'x'; printf '%s' '"}'; } | curl … --data-binary @-`):
 * its padding written as a count, not two megabytes of `x`.
 */
export function sentBodyCommand(request: RecordedRequest, options: CurlOptions): { command: string; variables: string[] } {
  const body = request.body;
  if (body === undefined || body.length <= ARGUMENT_CHARS) return curlCommandParts(request, options);
  const parts = curlCommandParts({ ...request, body: undefined }, options);
  const command = parts.command.includes(' -X ') ? parts.command : parts.command.replace(/^curl -sS( -i)?/, `$& -X ${request.method}`);
  const run = PADDING_RUN.exec(body);
  const pieces = run
    ? [printed(body.slice(0, run.index)), `head -c ${run[0].length} /dev/zero | tr '\\0' ${quoted(run[1]!)}`, printed(body.slice(run.index + run[0].length))]
    : [printed(body)];
  return { command: `{ ${pieces.join('; ')}; } | ${command} --data-binary @-`, variables: parts.variables };
}

function printed(text: string): string {
  return `printf '%s' ${quoted(text)}`;
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
