import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { loadSpecUnderTest } from '../../../engines/testing/load-test-spec.js';
import { ENDING_SIGNALS, handleEndingSignals } from '../../../kit/command/ending-signals.js';
import { describeSetupError } from '../../../kit/command/setup-error-message.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { registerHeaderSecrets } from '../../../safety/header-secrets.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { hasFalconDir } from '../../../workspace/falcon-dir.js';
import { proxyFigures } from '../engine/proxy-report-facts.js';
import { startProxy } from '../engine/proxy-server.js';
import { PROXY_REPORT_EXTENSIONS, writeProjectProxyReport, writeProxyReport } from '../engine/write-proxy-report.js';
import { listenErrorMessage } from './listen-error.js';
import type { ProxyCommandFlags } from './proxy-flags.js';
import { proxyMismatchLine } from './proxy-mismatch-line.js';

/**
 * `falcon proxy`: forwards until Ctrl-C or SIGTERM, then writes the report. 0, or 1 with
 * --fail-on-mismatch when anything differed from the spec; 1 when it cannot listen; 2 on bad usage.
 */
export async function runProxyCommand(source: string | undefined, flags: ProxyCommandFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const secrets = new SecretRegistry();
  const mask = (text: string) => maskText(text, { secrets });
  try {
    if (!/^https?:\/\/[^/]/i.test(flags.target)) throw new UsageError(`--target must be an http:// or https:// URL, not "${flags.target}"`);
    if (flags.report !== undefined && !(PROXY_REPORT_EXTENSIONS as readonly string[]).includes(path.extname(flags.report).toLowerCase())) {
      throw new UsageError(`--report: give a file ending in ${PROXY_REPORT_EXTENSIONS.join(', ')}, not "${flags.report}"`);
    }
    const loaded = await loadSpecUnderTest(source, projectRoot, new AbortController().signal);
    if (!loaded)
      throw new UsageError(
        'no spec to check against: give its file or URL (falcon proxy openapi.yaml --target …), or ingest one first with: falcon spec ingest <file|url>',
      );
    const proxy = await startProxy({
      spec: loaded.spec,
      specShown: loaded.shown,
      target: flags.target,
      host: flags.host,
      port: flags.port,
      mask,
      onHeaders: (headers) => registerHeaderSecrets(headers, secrets),
      onMismatch: (mismatch) => process.stdout.write(`${proxyMismatchLine(mismatch)}\n`),
    });
    process.stdout.write(
      terminalSafeText(`Checking traffic to ${mask(flags.target)} against ${loaded.spec.title} (${loaded.shown})\n`) + `Listening on ${proxy.url}\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = handleEndingSignals(ENDING_SIGNALS, () => {
        stop();
        resolve();
      });
    });
    const report = await proxy.close();
    const written: string[] = [];
    if (flags.report !== undefined) {
      await writeProxyReport(report, flags.report);
      written.push(flags.report);
    }
    if (await hasFalconDir(projectRoot)) {
      written.push(await writeProjectProxyReport(report, projectRoot));
    }
    process.stdout.write(`${terminalSafeText(proxyFigures(report))}\n${written.map((file) => `Report: ${terminalSafeText(file)}\n`).join('')}`);
    return flags.failOnMismatch && report.mismatches.length > 0 ? 1 : 0;
  } catch (error) {
    const listenError = listenErrorMessage(error, flags.host, flags.port);
    if (listenError) {
      process.stderr.write(`falcon: ${listenError}\n`);
      return 1;
    }
    const message = describeSetupError(error);
    if (message === undefined) throw error;
    process.stderr.write(`falcon: ${terminalSafeText(mask(message))}\n`);
    return 2;
  }
}
