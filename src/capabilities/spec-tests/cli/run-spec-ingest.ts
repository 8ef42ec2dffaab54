import { realpath } from 'node:fs/promises';
import { ingestSpec } from '../../../engines/spec/ingest-spec.js';
import { asyncApiSummary } from '../../../engines/websocket/asyncapi/asyncapi-summary.js';
import { ingestAsyncApi, looksLikeAsyncApiFile } from '../../../engines/websocket/asyncapi/ingest-asyncapi.js';
import { specFacts } from '../../../engines/spec/summarize-spec.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { specSummaryText } from './spec-summary-text.js';

const TIME_LIMIT_MS = 120_000;
const EXIT_INTERRUPTED = 130;

/** `falcon spec ingest`: prints the summary as text (exit 0), one line naming the problem (exit 1), or stops at Ctrl-C (exit 130). */
export async function runSpecIngest(source: string): Promise<number> {
  if (source.trim() === '') throw new UsageError('falcon spec ingest needs a file or an http(s) URL');
  const projectRoot = await realpath(process.cwd());
  const interrupted = new AbortController();
  const interrupt = () => interrupted.abort();
  const timeLimit = AbortSignal.timeout(TIME_LIMIT_MS);
  process.once('SIGINT', interrupt);
  try {
    if (await looksLikeAsyncApiFile(source.trim(), projectRoot)) {
      const { channels, written } = await ingestAsyncApi(source.trim(), projectRoot, AbortSignal.any([interrupted.signal, timeLimit]));
      process.stdout.write(`Wrote ${written}\n\n${terminalSafeText(asyncApiSummary(channels))}\n`);
      return 0;
    }
    const result = await ingestSpec(source.trim(), {
      projectRoot,
      signal: AbortSignal.any([interrupted.signal, timeLimit]),
      onProgress: (message) => process.stderr.write(`${terminalSafeText(message)}\n`),
    });
    const summary = specSummaryText(specFacts(result.spec), styleFor(process.stdout));
    process.stdout.write(`Wrote ${result.written}\n\n${summary.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (interrupted.signal.aborted) {
      process.stderr.write('falcon: interrupted; .falcon/spec.yaml is unchanged\n');
      return EXIT_INTERRUPTED;
    }
    if (timeLimit.aborted) {
      process.stderr.write(
        `falcon: ${terminalSafeText(source.trim())}: ingesting took longer than ${TIME_LIMIT_MS / 1000} s; .falcon/spec.yaml is unchanged\n`,
      );
      return 1;
    }
    if (!(error instanceof Error && error.name === 'SpecError')) throw error;
    process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', interrupt);
  }
}
