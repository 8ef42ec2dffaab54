import { stageTargetAt } from './parse-stages.js';
import type { PerfScenario } from './perf-scenario.js';

const ZERO_RATE_STEP_MS = 1;

/**
 * When each request of the open model is due, in milliseconds from the start, until `endMs`: at
 * the constant rate, or following the stages' rate (each gap is one over the rate at its start).
 */
export function* arrivalTimes(scenario: PerfScenario, endMs: number): Generator<number> {
  const rateAt = (ms: number): number =>
    scenario.stages ? stageTargetAt(scenario.stages, scenario.startTarget ?? 0, ms) : (scenario.rate ?? 0);
  let at = 0;
  while (at < endMs) {
    const rate = rateAt(at);
    if (rate <= 0) {
      at += ZERO_RATE_STEP_MS;
      continue;
    }
    yield at;
    at += 1000 / rate;
  }
}
