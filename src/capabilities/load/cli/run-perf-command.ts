import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import { buildPerfTarget } from '../../../engines/perf/perf-target.js';
import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { PerfUsageError } from '../../../engines/perf/perf-usage-error.js';
import { planScenario } from '../../../engines/perf/plan-scenario.js';
import { checkPerfReportFile } from '../../../engines/perf/report/write-perf-report.js';
import { runLoad } from '../../../engines/perf/run-load.js';
import { TargetUnreachableError } from '../../../engines/http/target-unreachable-error.js';
import { registerGivenHeaders } from '../../../kit/command/given-headers.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import { chooseEnvironment } from '../../../kit/command/choose-environment.js';
import { parseHeaders } from '../../../kit/command/option-values.js';
import { UsageError } from '../../../kit/command/user-error.js';
import type { PerfCommandFlags } from './perf-flags.js';
import { perfLiveLine } from './perf-live-line.js';
import { EXIT_INTERRUPTED, finishPerfRun } from './finish-perf-run.js';

/**
 * `falcon perf`: 0 when every threshold held, 1 when one broke or the target cannot be reached,
 * 2 on bad usage, 130 when interrupted (after reporting what ran).
 */
export async function runPerfCommand(url: string | undefined, flags: PerfCommandFlags): Promise<number> {
  if (flags.ws !== undefined) {
    const { runWebSocketPerf } = await import('./run-websocket-perf.js');
    return runWebSocketPerf(url, flags);
  }
  const projectRoot = await realpath(process.cwd());
  const env = await engineCommandEnv(projectRoot);
  const secrets = new SecretRegistry();
  const say = (text: string): string => terminalSafeText(maskText(text, { secrets }));
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  const live = perfLiveLine(process.stderr);
  try {
    for (const file of [flags.report, flags.json].filter((file): file is string => file !== undefined)) checkPerfReportFile(file);
    if (flags.json !== undefined && path.extname(flags.json).toLowerCase() !== '.json')
      throw new UsageError(`--json writes JSON: give a file ending in .json, not "${flags.json}"`);
    const headers = parseHeaders(flags.header ?? []);
    const variables = await VariableScope.open(projectRoot, env, await chooseEnvironment(projectRoot, flags.env), secrets);
    await registerGivenHeaders(headers, variables);
    process.once('SIGINT', interrupt);
    const target = await buildPerfTarget({
      projectRoot,
      variables,
      url,
      method: flags.method,
      headers,
      body: flags.body?.startsWith('@') ? await readBodyFile(flags.body.slice(1)) : flags.body,
      request: flags.request,
      operations: flags.operations,
      baseUrl: flags.baseUrl,
      spec: flags.spec,
      signal: controller.signal,
    });
    const { scenario, thresholds } = planScenario(
      {
        connections: flags.connections,
        rate: flags.rate,
        duration: flags.duration,
        requests: flags.requests,
        stages: flags.stages,
        profile: flags.profile,
        thresholds: flags.threshold,
        timeout: flags.timeout,
        pipelining: flags.pipelining,
        workers: flags.workers,
      },
      { ...target, target: maskText(target.target, { secrets }) },
    );
    if (flags.exportK6 !== undefined) {
      const { exportK6File } = await import('./export-k6-file.js');
      // `-e API_TOKEN=…` names a variable to set, not its value: only registered values are masked here.
      const howToRun = await exportK6File(flags.exportK6, scenario, thresholds, secrets, target.baseUrl);
      process.stdout.write(`${terminalSafeText(maskText(howToRun.join('\n'), { secrets, shapes: false }))}\n`);
      return 0;
    }
    process.stderr.write(`${say(`Loading ${scenario.target}…`)}\n`);
    const result: PerfResult = await runLoad(scenario, thresholds, { signal: controller.signal, onProgress: (progress) => live.update(progress) });
    live.finish();
    process.off('SIGINT', interrupt);
    return await finishPerfRun(result, { projectRoot, json: flags.json, report: flags.report, name: flags.request ?? scenario.target, secrets }, say);
  } catch (error) {
    live.finish();
    process.off('SIGINT', interrupt);
    if (error instanceof TargetUnreachableError) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 1;
    }
    if (error instanceof PerfUsageError || error instanceof UsageError) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 2;
    }
    if (controller.signal.aborted) {
      process.stderr.write('falcon: interrupted before the load started\n');
      return EXIT_INTERRUPTED;
    }
    throw error;
  }
}

async function readBodyFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--body @${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
