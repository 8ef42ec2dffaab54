import { realpath } from 'node:fs/promises';
import { TargetUnreachableError } from '../../../engines/http/target-unreachable-error.js';
import { parseDuration } from '../../../engines/perf/parse-duration.js';
import { PerfUsageError } from '../../../engines/perf/perf-usage-error.js';
import { DEFAULT_CONNECTIONS } from '../../../engines/perf/plan-scenario.js';
import { checkPerfReportFile } from '../../../engines/perf/report/write-perf-report.js';
import { parseThreshold } from '../../../engines/perf/thresholds.js';
import { runWebSocketLoad } from '../../../engines/perf/websocket-load.js';
import { chooseEnvironment } from '../../../kit/command/choose-environment.js';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import { registerGivenHeaders } from '../../../kit/command/given-headers.js';
import { parseHeaders } from '../../../kit/command/option-values.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import type { PerfCommandFlags } from './perf-flags.js';
import { finishPerfRun } from './finish-perf-run.js';

/** The options of an HTTP load that mean nothing for `--ws`: refused rather than ignored. */
const HTTP_ONLY: Array<[keyof PerfCommandFlags, string]> = [
  ['method', '-X'],
  ['body', '--body'],
  ['request', '--request'],
  ['operations', '--operations'],
  ['rate', '--rate'],
  ['stages', '--stages'],
  ['profile', '--profile'],
  ['pipelining', '--pipelining'],
  ['workers', '--workers'],
  ['exportK6', '--export-k6'],
];

/** `falcon perf --ws URL`: as `falcon perf`, over WebSocket messages and their replies (exit codes alike). */
export async function runWebSocketPerf(url: string | undefined, flags: PerfCommandFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const secrets = new SecretRegistry();
  const say = (text: string): string => terminalSafeText(maskText(text, { secrets }));
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  try {
    if (url !== undefined) throw new UsageError(`--ws takes the WebSocket URL: give "${url}" as --ws, not beside it`);
    const refused = HTTP_ONLY.filter(([flag]) => flags[flag] !== undefined).map(([, option]) => option);
    if (refused.length > 0) throw new UsageError(`--ws cannot be used with ${refused.join(', ')}`);
    for (const file of [flags.report, flags.json].filter((file): file is string => file !== undefined)) checkPerfReportFile(file);
    const variables = await VariableScope.open(projectRoot, await engineCommandEnv(projectRoot), await chooseEnvironment(projectRoot, flags.env), secrets);
    const given = parseHeaders(flags.header ?? []);
    await registerGivenHeaders(given, variables);
    const { target, headers } = await variables.resolveDeep({ target: flags.ws!, headers: given });
    process.once('SIGINT', interrupt);
    process.stderr.write(`${say(`Loading ${target} over WebSocket…`)}\n`);
    const result = await runWebSocketLoad({
      url: target,
      headers,
      ...(flags.subprotocol && { subprotocols: flags.subprotocol }),
      connections: flags.connections ?? DEFAULT_CONNECTIONS,
      durationMs: parseDuration(flags.duration ?? '10s', '--duration'),
      ...(flags.requests !== undefined && { messages: flags.requests }),
      message: messageTemplate(flags.message),
      timeoutMs: parseDuration(flags.timeout ?? '10s', '--timeout'),
      thresholds: (flags.threshold ?? []).map(parseThreshold),
      signal: controller.signal,
    });
    process.off('SIGINT', interrupt);
    return await finishPerfRun(result, { projectRoot, json: flags.json, report: flags.report, name: result.target, secrets }, say);
  } catch (error) {
    process.off('SIGINT', interrupt);
    if (error instanceof TargetUnreachableError) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 1;
    }
    if (error instanceof PerfUsageError || error instanceof UsageError || (error instanceof Error && error.name === 'UnknownVariableError')) {
      process.stderr.write(`falcon: ${say(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

function messageTemplate(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--message is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--message must be a JSON object (Falcon adds its "id")');
  return value as Record<string, unknown>;
}
