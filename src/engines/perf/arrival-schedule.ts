import type { PerfScenario } from './perf-scenario.js';

/**
 * When each request of the open model is due, in milliseconds from the start, until `endMs`. Over a
 * stage the rate moves linearly from r0 to r1, so the arrivals by time t are
 * N(t) = N0 + r0·t + (r1 − r0)·t²/2D; arrival k is due when N(t) reaches k.
 */
export function* arrivalTimes(scenario: PerfScenario, endMs: number): Generator<number> {
  if (!scenario.stages) {
    const gapMs = 1000 / (scenario.rate ?? 0);
    for (let index = 0; index * gapMs < endMs; index++) yield index * gapMs;
    return;
  }
  let from = scenario.startTarget ?? 0;
  let stageStartMs = 0;
  let arrivedBefore = 0;
  let next = 0;
  for (const stage of scenario.stages) {
    const seconds = stage.durationMs / 1000;
    const half = (stage.target - from) / (2 * seconds);
    const arrivedAfter = arrivedBefore + ((from + stage.target) / 2) * seconds;
    for (; next < arrivedAfter; next++) {
      const need = next - arrivedBefore;
      // The root of half·t² + from·t = need in a form that stays exact as `half` nears 0.
      const t = need === 0 ? 0 : (2 * need) / (from + Math.sqrt(from * from + 4 * half * need));
      const atMs = stageStartMs + t * 1000;
      if (atMs >= endMs) return;
      yield atMs;
    }
    arrivedBefore = arrivedAfter;
    stageStartMs += stage.durationMs;
    from = stage.target;
  }
}
