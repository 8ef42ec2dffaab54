import { realpath } from 'node:fs/promises';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import { TargetUnreachableError } from '../../../engines/http/target-unreachable-error.js';
import { parseDuration } from '../../../engines/perf/parse-duration.js';
import { PerfUsageError } from '../../../engines/perf/perf-usage-error.js';
import { ALL_CHECKS } from '../engine/checks/all-checks.js';
import { parseChecks } from '../engine/parse-checks.js';
import { scanSummaryLines } from '../engine/report/scan-summary.js';
import { checkScanReportFile } from '../engine/report/write-scan-report.js';
import { runScan } from '../engine/run-scan.js';
import { ScanUsageError } from '../engine/scan-usage-error.js';
import { severityRank } from '../engine/severity.js';
import { registerGivenHeaders } from '../../../kit/command/given-headers.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import { describeSetupError } from '../../../kit/command/setup-error-message.js';
import { chooseEnvironment } from '../../../kit/command/choose-environment.js';
import { parseHeaders } from '../../../kit/command/option-values.js';
import { UsageError } from '../../../kit/command/user-error.js';
import type { ScanCommandFlags } from './scan-flags.js';
import { writeScanOutputs } from './write-scan-outputs.js';

const EXIT_INTERRUPTED = 130;

/**
 * `falcon scan`: 0 when no finding is at or above --fail-on, 1 when one is or the target cannot be
 * reached, 2 on bad usage, 130 when interrupted (after reporting what ran).
 */
export async function runScanCommand(flags: ScanCommandFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const env = await engineCommandEnv(projectRoot);
  const secrets = new SecretRegistry();
  const say = (text: string): string => terminalSafeText(maskText(text, { secrets }));
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  try {
    if (flags.report !== undefined) checkScanReportFile(flags.report);
    const checks = parseChecks(flags.checks);
    const headers = parseHeaders(flags.header ?? []);
    const variables = await VariableScope.open(projectRoot, env, await chooseEnvironment(projectRoot, flags.env), secrets);
    await registerGivenHeaders(headers, variables);
    process.once('SIGINT', interrupt);
    const result = await runScan(
      {
        projectRoot,
        spec: flags.spec,
        baseUrl: flags.baseUrl,
        graphql: flags.graphql,
        graphqlSchema: flags.graphqlSchema,
        variables,
        secrets,
        users: flags.user,
        tokens: flags.token,
        login: flags.login,
        headers,
        checks,
        allowDestructive: flags.allowDestructive,
        rate: flags.rate,
        maxRate: flags.maxRate,
        canaryHost: flags.canaryHost,
        maxRequests: flags.maxRequests,
        timeoutMs: flags.timeout === undefined ? undefined : parseDuration(flags.timeout, '--timeout'),
        signal: controller.signal,
        onCheck: (rule, index, total) => process.stderr.write(`  [${index + 1}/${total}] ${rule}\n`),
      },
      ALL_CHECKS,
    );
    process.off('SIGINT', interrupt);
    const written = await writeScanOutputs(result, {
      projectRoot,
      json: flags.json,
      sarif: flags.sarif,
      report: flags.report,
      specUri: flags.graphql === undefined ? flags.spec : flags.graphqlSchema,
    });
    // The result is masked already, by value and shape; shapes again would take the scripts' own variables (`WRONG_PASSWORD=…`) for secrets.
    const shown = (text: string): string => terminalSafeText(maskText(text, { secrets, shapes: false }));
    process.stdout.write(
      `${scanSummaryLines(result, { reproductions: true }).map(shown).join('\n')}\n${written.map((file) => `Report: ${say(file)}\n`).join('')}`,
    );
    if (result.interrupted) return EXIT_INTERRUPTED;
    if (flags.failOn === 'none') return 0;
    const failing = result.findings.filter((finding) => severityRank(finding.severity) >= severityRank(flags.failOn as Exclude<typeof flags.failOn, 'none'>));
    if (failing.length > 0) process.stderr.write(`falcon: ${failing.length} finding${failing.length === 1 ? '' : 's'} at or above ${flags.failOn}\n`);
    return failing.length > 0 ? 1 : 0;
  } catch (error) {
    process.off('SIGINT', interrupt);
    if (controller.signal.aborted) {
      process.stderr.write('falcon: interrupted before the scan started\n');
      return EXIT_INTERRUPTED;
    }
    if (error instanceof TargetUnreachableError) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 1;
    }
    const message =
      error instanceof ScanUsageError || error instanceof PerfUsageError || error instanceof UsageError ? error.message : describeSetupError(error);
    if (message === undefined) throw error;
    process.stderr.write(`falcon: ${say(message)}\n`);
    return 2;
  }
}
