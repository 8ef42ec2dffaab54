import type { TestRun } from '../test-run.js';
import { formatDuration } from './report-text.js';

/** `shard 2/4 of 14 operations`: what part of a split run this run was, when it was one. */
export function shardLine(run: TestRun): string | undefined {
  return run.shard && `shard ${run.shard.index}/${run.shard.count} (of ${run.shard.operationsInAllShards} operations in all shards)`;
}

/**
 * One row per report a merged run was made from: which part, its base URL, when it started, how
 * long it took, its cases and failures (plain text; each format escapes it).
 */
export function partRows(run: TestRun): string[][] {
  return (run.parts ?? []).map((part, index) => [
    part.shard ? `shard ${part.shard.index}/${part.shard.count}` : `report ${index + 1}`,
    part.baseUrl,
    part.startedAt,
    formatDuration(part.durationMs),
    String(part.cases),
    String(part.failed),
  ]);
}

export const PART_HEADINGS = ['Part', 'Base URL', 'Started', 'Duration', 'Cases', 'Failed'];
