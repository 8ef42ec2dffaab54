import type { FalconSpec } from '../../../../engines/spec/spec-format.js';
import type { Severity } from './diff-rules.js';
import { changePlace, type SpecChange } from './spec-change.js';

export const SPEC_DIFF_FORMAT = 'falcon-spec-diff/1';

/** What makes a comparison fail: breaking changes, or warnings too. */
export type FailOn = 'breaking' | 'warning';

/** One side of the comparison. */
export interface ComparedSpec {
  /** The file or URL as given. */
  source: string;
  title: string;
  version: string;
}

/**
 * `falcon spec diff --json`, format `falcon-spec-diff/1`: a later version adds fields and keeps these.
 * `changes` are in the order diffSpecs gives them; `at` is the operation and location as one line.
 */
export interface SpecDiffReport {
  format: typeof SPEC_DIFF_FORMAT;
  old: ComparedSpec;
  new: ComparedSpec;
  counts: Record<Severity, number>;
  failOn: FailOn;
  /** Whether a change at `failOn` or worse was found: `falcon spec diff` then exits 1. */
  failed: boolean;
  changes: Array<SpecChange & { at: string }>;
}

export function specDiffReport(
  old: { spec: FalconSpec; shown: string },
  current: { spec: FalconSpec; shown: string },
  changes: readonly SpecChange[],
  failOn: FailOn,
): SpecDiffReport {
  return {
    format: SPEC_DIFF_FORMAT,
    old: compared(old),
    new: compared(current),
    counts: countBySeverity(changes),
    failOn,
    failed: fails(changes, failOn),
    changes: changes.map((change) => ({ ...change, at: changePlace(change) })),
  };
}

export function countBySeverity(changes: readonly SpecChange[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { breaking: 0, warning: 0, 'non-breaking': 0 };
  for (const change of changes) counts[change.severity]++;
  return counts;
}

export function fails(changes: readonly SpecChange[], failOn: FailOn): boolean {
  return changes.some((change) => change.severity === 'breaking' || (failOn === 'warning' && change.severity === 'warning'));
}

function compared({ spec, shown }: { spec: FalconSpec; shown: string }): ComparedSpec {
  return { source: shown, title: spec.title, version: spec.version };
}
