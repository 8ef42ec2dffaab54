import { mergeCoverage } from '../coverage/merge-coverage.js';
import type { CheckName, RunPart, TestRun } from '../test-run.js';

/** A report read back, with the file it came from (for messages). */
export interface ReportInput {
  file: string;
  run: TestRun;
}

export interface MergedRun {
  run: TestRun;
  /** What the merge did not refuse but a reader should know: a missing shard, a case run twice. */
  warnings: string[];
}

/** Reports that cannot be merged into one: of different specs, or the same shard twice. */
export class MergeError extends Error {
  override name = 'MergeError';
}

/** Fields of a TestRun merged by their own rule; any other field (added later) is merged generically. */
const OWN_FIELDS = new Set([
  'title',
  'baseUrl',
  'startedAt',
  'durationMs',
  'checks',
  'operations',
  'results',
  'specDigest',
  'shard',
  'parts',
  'coverage',
  'minCoverage',
]);

/**
 * One run from the reports of the shards of a split run (or of any runs of the same spec): tallies
 * add up because results are concatenated (shards in order, else the reports in the order given),
 * the start is the earliest and the duration runs to the latest end, and each report's own start,
 * duration and counts are kept in `parts`. Operations: a complete split adds up its shards' totals
 * and counts each operation some shard's case exercised; otherwise the largest total is kept.
 * Coverage: an item is seen when some report saw it (coverage/merge-coverage.ts); the minimum
 * the reports were held to (`--min-coverage`) is the highest of theirs.
 *
 * Refused (MergeError): reports of different specs (title, or the digest of the spec's content),
 * the same shard twice, shards of different splits. Warned: a shard missing, a report that is not
 * a shard among shards, a case id in more than one report, a report without coverage among reports with it.
 */
export function mergeRuns(inputs: readonly ReportInput[]): MergedRun {
  if (inputs.length === 0) throw new MergeError('no reports to merge');
  const [first] = inputs as [ReportInput, ...ReportInput[]];
  for (const input of inputs) {
    if (input.run.title !== first.run.title) {
      throw new MergeError(`the reports are of different specs: ${first.file} tested "${first.run.title}", ${input.file} tested "${input.run.title}"`);
    }
    if (first.run.specDigest && input.run.specDigest && input.run.specDigest !== first.run.specDigest) {
      throw new MergeError(
        `the reports are of different versions of "${first.run.title}": ${first.file} and ${input.file} tested different spec content (spec digests ${first.run.specDigest} and ${input.run.specDigest})`,
      );
    }
  }
  const warnings: string[] = [];
  const ordered = orderByShard(inputs, warnings);
  const split = completeSplit(ordered);
  const results = ordered.flatMap((input) => input.run.results);
  warnDuplicateCases(ordered, warnings);

  const starts = ordered.map((input) => Date.parse(input.run.startedAt));
  const known = starts.every((start) => Number.isFinite(start));
  const start = known ? Math.min(...starts) : undefined;
  const end = known ? Math.max(...ordered.map((input, index) => starts[index]! + input.run.durationMs)) : undefined;
  const operationsHit = new Set(results.flatMap((result) => (result.response ? (result.case.operationId ?? []) : [])));
  const total = split ? sum(ordered.map((input) => input.run.operations.total)) : Math.max(...ordered.map((input) => input.run.operations.total));
  const covered = split ? operationsHit.size : Math.max(...ordered.map((input) => input.run.operations.covered));

  const run: TestRun = {
    ...otherFields(ordered.map((input) => input.run)),
    title: first.run.title,
    baseUrl: [...new Set(ordered.map((input) => input.run.baseUrl))].join(', '),
    startedAt: start === undefined ? first.run.startedAt : new Date(start).toISOString(),
    durationMs: start === undefined || end === undefined ? sum(ordered.map((input) => input.run.durationMs)) : Math.max(0, end - start),
    checks: [...new Set(ordered.flatMap((input) => input.run.checks))] as CheckName[],
    operations: { total, covered: Math.min(covered, total) },
    results,
    parts: ordered.flatMap((input) => input.run.parts ?? [partOf(input.run)]),
  };
  const coverages = ordered.flatMap((input) => input.run.coverage ?? []);
  if (coverages.length > 0) {
    run.coverage = mergeCoverage(coverages);
    const without = ordered.filter((input) => !input.run.coverage).map((input) => input.file);
    if (without.length > 0)
      warnings.push(
        `${without.join(', ')} ${without.length === 1 ? 'has' : 'have'} no coverage: the merged coverage counts only the other reports' operations`,
      );
  }
  const minimums = ordered.flatMap((input) => input.run.minCoverage ?? []);
  if (minimums.length > 0) run.minCoverage = Math.max(...minimums);
  const digests = new Set(ordered.map((input) => input.run.specDigest));
  if (digests.size === 1 && first.run.specDigest !== undefined) run.specDigest = first.run.specDigest;
  return { run, warnings };
}

/** Shards by their number (refusing one twice, or parts of different splits), then the other reports as given. */
function orderByShard(inputs: readonly ReportInput[], warnings: string[]): ReportInput[] {
  const shards = inputs.filter((input) => input.run.shard);
  const others = inputs.filter((input) => !input.run.shard);
  if (shards.length === 0) return [...inputs];
  const counts = new Set(shards.map((input) => input.run.shard!.count));
  if (counts.size > 1) {
    const list = shards.map((input) => `${input.file} is ${shardName(input.run)}`).join(', ');
    throw new MergeError(`the shards are of different splits, so their operations overlap: ${list}`);
  }
  const seen = new Map<number, string>();
  for (const input of shards) {
    const index = input.run.shard!.index;
    const earlier = seen.get(index);
    if (earlier !== undefined) throw new MergeError(`${earlier} and ${input.file} are both ${shardName(input.run)}: merging them would count its cases twice`);
    seen.set(index, input.file);
  }
  const count = [...counts][0]!;
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    warnings.push(
      `${missing.map((index) => `shard ${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: the merged report covers ${count - missing.length} of ${count} parts`,
    );
  for (const input of others) warnings.push(`${input.file} is not a shard: its cases may repeat the shards' cases`);
  return [...shards.sort((a, b) => a.run.shard!.index - b.run.shard!.index), ...others];
}

/** Every shard of one split, each once, and nothing else. */
function completeSplit(inputs: readonly ReportInput[]): boolean {
  const count = inputs[0]?.run.shard?.count;
  return (
    count !== undefined && inputs.length === count && inputs.every((input, index) => input.run.shard?.count === count && input.run.shard.index === index + 1)
  );
}

function warnDuplicateCases(inputs: readonly ReportInput[], warnings: string[]): void {
  const firstFile = new Map<string, string>();
  const repeated = new Map<string, number>();
  for (const input of inputs) {
    const ids = new Set(input.run.results.map((result) => result.case.id));
    for (const id of ids) {
      const file = firstFile.get(id);
      if (file === undefined) firstFile.set(id, input.file);
      else repeated.set(`${file} and ${input.file}`, (repeated.get(`${file} and ${input.file}`) ?? 0) + 1);
    }
  }
  for (const [files, count] of repeated)
    warnings.push(
      `${count} case${count === 1 ? '' : 's'} appear${count === 1 ? 's' : ''} in both ${files}: the merged tally counts ${count === 1 ? 'it' : 'them'} twice`,
    );
}

function partOf(run: TestRun): RunPart {
  const failed = run.results.filter((result) => result.outcome === 'failed').length;
  return {
    ...(run.shard && { shard: run.shard }),
    baseUrl: run.baseUrl,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    cases: run.results.length,
    failed,
  };
}

/**
 * Fields of the runs this file does not know (added to TestRun later): lists are concatenated,
 * `true` wins for flags only when every run has it, anything else is taken from the first run that has it.
 */
function otherFields(runs: readonly TestRun[]): Partial<TestRun> {
  const merged: Record<string, unknown> = {};
  const keys = new Set(runs.flatMap((run) => Object.keys(run)).filter((key) => !OWN_FIELDS.has(key)));
  for (const key of keys) {
    const values = runs.map((run) => (run as unknown as Record<string, unknown>)[key]).filter((value) => value !== undefined);
    if (values.every(Array.isArray)) merged[key] = values.flat();
    else if (values.every((value) => typeof value === 'boolean')) merged[key] = values.length === runs.length && values.every(Boolean);
    else merged[key] = values[0];
  }
  return merged as Partial<TestRun>;
}

function shardName(run: TestRun): string {
  return `shard ${run.shard!.index}/${run.shard!.count}`;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
