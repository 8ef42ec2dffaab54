import { type CheckContext, defineSpecCheck } from './check-context.js';

/** Only when the run sets a limit. */
export const maxResponseTime = defineSpecCheck({ name: 'max_response_time', needs: 'time-limit', judgesProbes: true, judge });

function judge({ response, maxResponseTimeMs }: CheckContext): string[] {
  if (maxResponseTimeMs === undefined || response.durationMs <= maxResponseTimeMs) return [];
  return [`response took ${Math.round(response.durationMs)} ms, over the ${maxResponseTimeMs} ms limit`];
}
