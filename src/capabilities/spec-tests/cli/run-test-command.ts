import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { readSeedData } from '../../../engines/testing/references/seed-data.js';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import { maskRun } from '../../../engines/testing/report/mask-run.js';
import { runSpecTests } from '../../../engines/testing/run-spec-tests.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import { chooseEnvironment } from '../../../kit/command/choose-environment.js';
import { formatTestSummary, runFails } from './format-test-summary.js';
import { describeSetupError } from '../../../kit/command/setup-error-message.js';
import { parseTestFlags, type TestCommandFlags } from './test-flags.js';
import { testProgress } from './test-progress.js';
import { writeTestReports } from './write-test-reports.js';
import { maskText } from '../../../safety/mask-text.js';
import { registerGivenHeaders } from '../../../kit/command/given-headers.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';

const DEFAULT_WORKERS = 4;
const EXIT_INTERRUPTED = 130;

/**
 * `falcon test`: 0 when every case passed, 1 when any failed (a finding, or a request with no
 * answer), the run has warnings and no --allow-warnings, or it saw fewer documented responses than
 * --min-coverage, 2 on bad usage (flags, spec, base URL, environment), 130 when interrupted.
 */
export async function runTestCommand(flags: TestCommandFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const env = await engineCommandEnv(projectRoot);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  const progress = testProgress(process.stderr, styleFor(process.stderr));
  const workers = flags.workers ?? DEFAULT_WORKERS;
  const secrets = new SecretRegistry();
  try {
    const settings = parseTestFlags(flags, process.cwd());
    const seedData = flags.seedData === undefined ? undefined : await readSeedData(path.resolve(process.cwd(), flags.seedData), flags.seedData);
    const variables = await VariableScope.open(projectRoot, env, await chooseEnvironment(projectRoot, flags.env), secrets);
    await registerGivenHeaders(settings.headers, variables);
    process.once('SIGINT', interrupt);
    const tested = await runSpecTests({
      projectRoot,
      spec: flags.spec,
      ...(flags.graphql !== undefined && {
        graphql: { endpoint: flags.graphql, ...(flags.graphqlSchema !== undefined && { schemaFile: flags.graphqlSchema }) },
      }),
      variables,
      baseUrl: flags.baseUrl,
      filter: { include: flags.include, exclude: flags.exclude },
      checks: settings.checks,
      strategies: settings.strategies,
      seed: flags.seed,
      ...(flags.maxCases !== undefined && { fuzzBudget: flags.maxCases }),
      ...(flags.shard && { shard: flags.shard }),
      concurrency: workers,
      maxResponseTimeMs: flags.maxResponseTime,
      headers: settings.headers,
      ...(seedData && { seedData }),
      signal: controller.signal,
      onPlan: (plan) => progress.plan(plan, workers),
      onResult: (result, done, total) => progress.result(result, done, total),
    });
    progress.finish();
    process.off('SIGINT', interrupt);
    const run = maskRun(tested.run, secrets);
    if (flags.allowWarnings && run.warnings) run.warningsAllowed = true;
    if (flags.minCoverage !== undefined) run.minCoverage = flags.minCoverage;
    const reports = await writeTestReports(run, projectRoot, tested.spec.title, settings.reportFiles);
    process.stdout.write(formatTestSummary(run, reports, styleFor(process.stdout), controller.signal.aborted));
    if (controller.signal.aborted) return EXIT_INTERRUPTED;
    if (reports.failed.length > 0) return 2;
    return runFails(run) ? 1 : 0;
  } catch (error) {
    progress.finish();
    process.off('SIGINT', interrupt);
    if (controller.signal.aborted) {
      process.stderr.write('falcon: interrupted before the first case was sent\n');
      return EXIT_INTERRUPTED;
    }
    const message = describeSetupError(error);
    if (message === undefined) throw error;
    process.stderr.write(`falcon: ${terminalSafeText(maskText(message, { secrets }))}\n`);
    return 2;
  }
}
