import { formatDuration, parseDuration } from './parse-duration.js';
import type { Stage } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';

/** `10s:50,30s:50,10s:0`: each stage moves linearly to its target over its duration. */
export function parseStages(text: string): Stage[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new PerfUsageError('--stages is empty: write it as "10s:50,30s:50,10s:0" (duration:target, …)');
  return parts.map((part) => {
    const match = /^([^:]+):\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) throw new PerfUsageError(`stage "${part}" is not duration:target, e.g. "30s:50"`);
    return { durationMs: parseDuration(match[1]!, `the stage "${part}"`), target: Number(match[2]) };
  });
}

export function formatStages(stages: readonly Stage[]): string {
  return stages.map((stage) => `${formatDuration(stage.durationMs)}:${stage.target}`).join(',');
}

export function stagesDurationMs(stages: readonly Stage[]): number {
  return stages.reduce((total, stage) => total + stage.durationMs, 0);
}

/** Where the stages stand `elapsedMs` into the run, starting from `start`; the last target after the end. */
export function stageTargetAt(stages: readonly Stage[], start: number, elapsedMs: number): number {
  let from = start;
  let stageStart = 0;
  for (const stage of stages) {
    if (elapsedMs < stageStart + stage.durationMs) return from + ((stage.target - from) * (elapsedMs - stageStart)) / stage.durationMs;
    stageStart += stage.durationMs;
    from = stage.target;
  }
  return from;
}
