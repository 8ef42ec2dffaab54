import type { RequestSender } from './load-sender.js';
import { stageTargetAt } from './parse-stages.js';
import type { PerfScenario } from './perf-scenario.js';

const IDLE_POLL_MS = 50;

/**
 * The closed model: each virtual user sends its next request as soon as its last one is answered.
 * With stages, users beyond the current target wait; with pipelining each connection carries
 * several users. Ends at the planned time or after `requestCount` requests.
 */
export async function runClosedLoad(scenario: PerfScenario, sender: RequestSender, plannedMs: number | undefined): Promise<void> {
  const users = scenario.connections * scenario.pipelining;
  const active = (elapsedMs: number): number =>
    scenario.stages ? Math.round(stageTargetAt(scenario.stages, scenario.startTarget ?? 0, elapsedMs)) * scenario.pipelining : users;
  let issued = 0;
  const user = async (index: number): Promise<void> => {
    while (!sender.stopped) {
      const elapsed = sender.elapsedMs();
      if (plannedMs !== undefined && elapsed >= plannedMs) return;
      if (scenario.requestCount !== undefined && issued >= scenario.requestCount) return;
      if (index >= active(elapsed)) {
        await sleep(IDLE_POLL_MS);
        continue;
      }
      issued += 1;
      await sender.send();
    }
  };
  await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
