import type { Finding } from '../test-run.js';
import type { CheckContext } from './check-context.js';

/** Only when the run sets a limit. */
export function maxResponseTime({ response, maxResponseTimeMs }: CheckContext): Finding[] {
  if (maxResponseTimeMs === undefined || response.durationMs <= maxResponseTimeMs) return [];
  return [{ kind: 'max_response_time', message: `response took ${Math.round(response.durationMs)} ms, over the ${maxResponseTimeMs} ms limit` }];
}
