import { formatDuration } from '../parse-duration.js';
import type { PerfScenario, Stage } from '../perf-scenario.js';
import type { JsValue } from './js-source.js';

/**
 * The k6 scenario that loads the target as the Falcon scenario does: the closed model as virtual
 * users (`constant-vus`, `shared-iterations` for a request count, `ramping-vus` for stages), the open
 * model as arrivals (`constant-arrival-rate`, `ramping-arrival-rate`) capped at the connections.
 */
export function k6Scenario(scenario: PerfScenario): { [key: string]: JsValue } {
  const { stages } = scenario;
  if (scenario.model === 'closed') {
    if (stages) return { executor: 'ramping-vus', startVUs: Math.round(scenario.startTarget ?? 0), stages: k6Stages(stages, 1) };
    if (scenario.requestCount !== undefined) {
      // k6 refuses more VUs than iterations.
      return { executor: 'shared-iterations', vus: Math.min(scenario.connections, scenario.requestCount), iterations: scenario.requestCount };
    }
    return { executor: 'constant-vus', vus: scenario.connections, duration: duration(scenario) };
  }
  const vus = { preAllocatedVUs: scenario.connections, maxVUs: scenario.connections };
  if (stages) {
    const scale = rateScale([scenario.startTarget ?? 0, ...stages.map((stage) => stage.target)]);
    return {
      executor: 'ramping-arrival-rate',
      startRate: Math.round((scenario.startTarget ?? 0) * scale),
      timeUnit: `${scale}s`,
      ...vus,
      stages: k6Stages(stages, scale),
    };
  }
  if (scenario.rate === undefined) throw new Error('an open-model scenario needs a rate or stages');
  const scale = rateScale([scenario.rate]);
  return { executor: 'constant-arrival-rate', rate: Math.round(scenario.rate * scale), timeUnit: `${scale}s`, duration: duration(scenario), ...vus };
}

function k6Stages(stages: readonly Stage[], scale: number): JsValue[] {
  return stages.map((stage) => ({ duration: formatDuration(stage.durationMs), target: Math.round(stage.target * scale) }));
}

/**
 * k6 takes whole arrivals per time unit: 12.5 req/s is written as 125 per 10 s. The smallest
 * power of ten (up to 1000 s) that makes every rate whole.
 */
function rateScale(rates: readonly number[]): number {
  return [1, 10, 100].find((scale) => rates.every((rate) => Math.abs(rate * scale - Math.round(rate * scale)) < 1e-9)) ?? 1000;
}

function duration(scenario: PerfScenario): string {
  if (scenario.durationMs === undefined) throw new Error('a scenario without stages or a request count needs a duration');
  return formatDuration(scenario.durationMs);
}
