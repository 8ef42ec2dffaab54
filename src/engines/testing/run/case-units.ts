import type { TestCase } from '../test-case.js';

/**
 * The cases as units of work, by index: each case alone, except the steps of a chain (same chain
 * id), which form one unit in step order. Units come in the order of their first case.
 */
export function caseUnits(cases: readonly TestCase[]): number[][] {
  const units: number[][] = [];
  const chains = new Map<string, number[]>();
  cases.forEach((testCase, index) => {
    if (!testCase.chain) return void units.push([index]);
    const chain = chains.get(testCase.chain.id);
    if (chain) return void chain.push(index);
    const unit = [index];
    chains.set(testCase.chain.id, unit);
    units.push(unit);
  });
  for (const unit of chains.values()) unit.sort((a, b) => (cases[a]!.chain?.step ?? 0) - (cases[b]!.chain?.step ?? 0) || a - b);
  return units;
}
