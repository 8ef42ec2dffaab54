import type { FalconSpec } from '../../spec/spec-format.js';
import { referenceRanks } from '../references/reference-ranks.js';
import type { TestCase } from '../test-case.js';
import { caseUnits } from './case-units.js';

/**
 * The cases' units (see caseUnits) in phases: a phase starts once the one before has finished, and
 * runs its units in parallel. A unit goes in the phase of its highest reference rank (see
 * referenceRanks: lists and creates before the reads that need their ids), in the order given.
 * Then each walk of a paginated list (pagination_consistency) in a phase of its own. A DELETE
 * outside a chain removes what others read and change: those go in a last phase of their own.
 */
export function runPhases(cases: readonly TestCase[], spec?: FalconSpec): number[][][] {
  const units = caseUnits(cases);
  const isLoneDelete = (unit: number[]) => unit.length === 1 && !cases[unit[0]!]!.chain && cases[unit[0]!]!.request.method.toUpperCase() === 'DELETE';
  const rank = spec ? referenceRanks(spec, new Set(cases.flatMap((testCase) => testCase.operationId ?? []))) : () => 0;
  const phases = new Map<number, number[][]>();
  const isWalk = (unit: number[]) => cases[unit[0]!]!.walk !== undefined;
  for (const unit of units.filter((candidate) => !isLoneDelete(candidate) && !isWalk(candidate))) {
    const phase = Math.max(...unit.map((index) => rank(cases[index]!)));
    phases.set(phase, [...(phases.get(phase) ?? []), unit]);
  }
  const deletes = units.filter(isLoneDelete);
  const ordered = [...phases].sort(([a], [b]) => a - b).map(([, phase]) => phase);
  // Each walk of a paginated list alone: only a list no other request changes meanwhile keeps consistent.
  const walks = units.filter(isWalk).map((unit) => [unit]);
  return [...ordered, ...walks, ...(deletes.length > 0 ? [deletes] : [])];
}
