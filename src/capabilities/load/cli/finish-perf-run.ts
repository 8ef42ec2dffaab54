import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { brokenThresholds, perfSummaryLines } from '../../../engines/perf/report/perf-summary.js';
import { type PerfOutputs, writePerfOutputs } from './write-perf-outputs.js';

export const EXIT_INTERRUPTED = 130;

/**
 * A finished load, HTTP or WebSocket: its reports written, its summary and where they went printed,
 * each broken threshold named; the command's exit code (130 interrupted, 1 a threshold broken).
 */
export async function finishPerfRun(result: PerfResult, outputs: PerfOutputs, say: (text: string) => string): Promise<number> {
  const written = await writePerfOutputs(result, outputs);
  process.stdout.write(`${perfSummaryLines(result).map(say).join('\n')}\n${written.map((file) => `Report: ${say(file)}\n`).join('')}`);
  if (result.interrupted) return EXIT_INTERRUPTED;
  const broken = brokenThresholds(result);
  for (const line of broken) process.stderr.write(`falcon: threshold ${say(line)}\n`);
  return broken.length > 0 ? 1 : 0;
}
