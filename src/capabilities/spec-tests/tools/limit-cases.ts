import type { TestCase } from '../../../engines/testing/test-case.js';

/**
 * At most `max` cases, in their order. A chain counts as one unit at its first step and is kept or
 * dropped whole: a later step cannot run without the values the earlier ones extract.
 */
export function limitCases(cases: TestCase[], max: number): TestCase[] {
  const units = new Map<string, TestCase[]>();
  cases.forEach((testCase, index) => {
    const key = testCase.chain ? `chain:${testCase.chain.id}` : `case:${index}`;
    units.set(key, [...(units.get(key) ?? []), testCase]);
  });
  const kept = new Set<TestCase>();
  for (const unit of units.values()) if (kept.size + unit.length <= max) for (const testCase of unit) kept.add(testCase);
  return cases.filter((testCase) => kept.has(testCase));
}
