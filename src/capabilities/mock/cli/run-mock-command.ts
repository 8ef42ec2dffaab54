import { realpath } from 'node:fs/promises';
import { parseDuration } from '../../../engines/perf/parse-duration.js';
import { loadSpecUnderTest } from '../../../engines/testing/load-test-spec.js';
import { handleEndingSignals, ENDING_SIGNALS } from '../../../kit/command/ending-signals.js';
import { describeSetupError } from '../../../kit/command/setup-error-message.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { startMock } from '../engine/mock-server.js';
import { listenErrorMessage } from './listen-error.js';
import type { MockCommandFlags } from './mock-flags.js';
import { batchedLines } from './batched-lines.js';
import { mockLogLine } from './mock-log-line.js';

/** `falcon mock`: serves until Ctrl-C or SIGTERM (0); 1 when it cannot listen, 2 on bad usage or a spec it cannot read. */
export async function runMockCommand(source: string | undefined, flags: MockCommandFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const controller = new AbortController();
  const log = batchedLines(process.stdout);
  let loaded;
  try {
    const latencyMs = flags.latency === undefined ? undefined : parseDuration(flags.latency, '--latency');
    loaded = await loadSpecUnderTest(source, projectRoot, controller.signal);
    if (!loaded)
      throw new UsageError('no spec to mock: give its file or URL (falcon mock openapi.yaml), or ingest one first with: falcon spec ingest <file|url>');
    const { spec, shown } = loaded;
    const mock = await startMock({
      spec,
      host: flags.host,
      port: flags.port,
      ...(flags.seed !== undefined && { seed: flags.seed }),
      ...(flags.stateful && { stateful: true }),
      ...(latencyMs !== undefined && { latencyMs }),
      ...(flags.errors !== undefined && { errorRate: flags.errors }),
      onRequest: (entry) => log.write(mockLogLine(entry)),
    });
    const count = spec.operations.length;
    process.stdout.write(
      terminalSafeText(`Mocking ${spec.title} (${count} operation${count === 1 ? '' : 's'}) from ${shown}${flags.stateful ? ', stateful' : ''}\n`) +
        `Listening on ${mock.url}\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = handleEndingSignals(ENDING_SIGNALS, () => {
        stop();
        void mock.close().then(resolve);
      });
    });
    return 0;
  } catch (error) {
    const listenError = listenErrorMessage(error, flags.host, flags.port);
    if (listenError) {
      process.stderr.write(`falcon: ${listenError}\n`);
      return 1;
    }
    const message = error instanceof Error && error.name === 'PerfUsageError' ? error.message : describeSetupError(error);
    if (message === undefined) throw error;
    process.stderr.write(`falcon: ${terminalSafeText(message)}\n`);
    return 2;
  }
}
