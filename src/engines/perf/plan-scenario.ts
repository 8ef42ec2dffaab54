import { PROFILE_DEFAULT_DURATION_MS, profileStages } from './load-profiles.js';
import { parseDuration } from './parse-duration.js';
import { parseStages } from './parse-stages.js';
import type { PerfOptions } from './perf-options.js';
import type { PerfRequest, PerfScenario, Stage, ThresholdSpec } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';
import { parseThreshold } from './thresholds.js';

export const DEFAULT_CONNECTIONS = 10;
export const DEFAULT_DURATION_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_CONNECTIONS = 10_000;

/**
 * Checks the options together and gives the scenario a run follows; every mistake is a
 * PerfUsageError. With --stages, -c (closed) or --rate (open) is where the ramp starts, else 0; with
 * --profile it is the peak.
 */
export function planScenario(
  options: PerfOptions,
  target: { requests: PerfRequest[]; target: string },
): { scenario: PerfScenario; thresholds: ThresholdSpec[] } {
  const thresholds = (options.thresholds ?? []).map(parseThreshold);
  if (target.requests.length === 0) throw new PerfUsageError('nothing to send: give a URL, a saved request or spec operations');
  checkCombinations(options);
  const model = options.rate === undefined ? 'closed' : 'open';
  const connections = wholeNumber(options.connections ?? DEFAULT_CONNECTIONS, '-c/--connections', 1, MAX_CONNECTIONS);
  const rate = options.rate === undefined ? undefined : positiveNumber(options.rate, '--rate', options.stages !== undefined);
  const stages = planStages(options, rate ?? connections);
  const startTarget = options.stages === undefined ? undefined : model === 'open' ? rate : options.connections;
  const scenario: PerfScenario = {
    target: target.target,
    requests: target.requests,
    model,
    connections: stages && model === 'closed' ? Math.max(1, startTarget ?? 0, ...stages.map((stage) => Math.ceil(stage.target))) : connections,
    ...(rate !== undefined && !stages && { rate }),
    ...(stages && { stages, ...(startTarget !== undefined && { startTarget }) }),
    ...(!stages && options.requests === undefined && { durationMs: options.duration ? parseDuration(options.duration, '--duration') : DEFAULT_DURATION_MS }),
    ...(options.requests !== undefined && { requestCount: wholeNumber(options.requests, '--requests', 1, Number.MAX_SAFE_INTEGER) }),
    timeoutMs: options.timeout ? parseDuration(options.timeout, '--timeout') : DEFAULT_TIMEOUT_MS,
    pipelining: wholeNumber(options.pipelining ?? 1, '--pipelining', 1, 1000),
    workers: wholeNumber(options.workers ?? 1, '--workers', 1, 64),
  };
  if (scenario.workers > scenario.connections) {
    throw new PerfUsageError(`--workers ${scenario.workers} is more than the ${scenario.connections} connections: each worker needs one at least`);
  }
  return { scenario, thresholds };
}

function checkCombinations(options: PerfOptions): void {
  if (options.stages !== undefined && options.profile !== undefined) throw new PerfUsageError('give either --stages or --profile, not both');
  if (options.requests !== undefined && (options.stages !== undefined || options.profile !== undefined)) {
    throw new PerfUsageError('--requests ends a run by count; stages and profiles end it by time: give one or the other');
  }
  if (options.requests !== undefined && options.duration !== undefined) throw new PerfUsageError('give either --duration or --requests, not both');
  if (options.requests !== undefined && options.rate !== undefined)
    throw new PerfUsageError('--requests goes with the closed model: leave out --rate, or give --duration');
  if (options.stages !== undefined && options.duration !== undefined)
    throw new PerfUsageError('--stages sets the duration (the sum of its stages): leave out --duration');
}

function planStages(options: PerfOptions, peak: number): Stage[] | undefined {
  if (options.stages !== undefined) return parseStages(options.stages);
  if (options.profile === undefined) return undefined;
  const durationMs = options.duration ? parseDuration(options.duration, '--duration') : PROFILE_DEFAULT_DURATION_MS[options.profile];
  return profileStages(options.profile, durationMs, peak);
}

function wholeNumber(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new PerfUsageError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  return value;
}

function positiveNumber(value: number, name: string, zeroAllowed: boolean): number {
  if (Number.isFinite(value) && (value > 0 || (zeroAllowed && value === 0))) return value;
  throw new PerfUsageError(`${name} must be a number above zero, not ${value}`);
}
