import type { PerfScenario } from './perf-scenario.js';

/** The scenario shared out over `parts` worker threads: connections, rates and counts divided. */
export function splitScenario(scenario: PerfScenario, parts: number): PerfScenario[] {
  return Array.from({ length: parts }, (_, index) => {
    const share = (whole: number): number => Math.floor(whole / parts) + (index < whole % parts ? 1 : 0);
    return {
      ...scenario,
      workers: 1,
      connections: share(scenario.connections),
      ...(scenario.rate !== undefined && { rate: scenario.rate / parts }),
      ...(scenario.stages && { stages: scenario.stages.map((stage) => ({ ...stage, target: stage.target / parts })) }),
      ...(scenario.startTarget !== undefined && { startTarget: scenario.startTarget / parts }),
      ...(scenario.requestCount !== undefined && { requestCount: share(scenario.requestCount) }),
    };
  }).filter((part) => part.requestCount !== 0);
}
