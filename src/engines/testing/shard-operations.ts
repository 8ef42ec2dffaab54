import { createHash } from 'node:crypto';
import type { SpecOperation } from '../spec/spec-format.js';
import type { TestCase } from './test-case.js';

/** One part of a run split across CI jobs: `index` of `count`, 1-based (`--shard 2/4`). */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Which part each operation belongs to, by operationId. The operations are ordered by a hash of
 * their method and path, then dealt out in turn: every operation is in exactly one part, the parts
 * differ in size by one at most, and the split depends on what the operations are, not on the
 * order the spec lists them in (nor on their operationIds). Adding or removing an operation moves
 * only those after it in hash order.
 */
export function operationShards(operations: readonly SpecOperation[], count: number): Map<string, number> {
  const keyed = operations.map((operation) => {
    const key = `${operation.method.toUpperCase()} ${operation.path}`;
    return { operation, key, hash: createHash('sha256').update(key).digest('hex') };
  });
  keyed.sort((a, b) => compare(a.hash, b.hash) || compare(a.key, b.key) || compare(a.operation.id, b.operation.id));
  return new Map(keyed.map(({ operation }, position) => [operation.id, (position % count) + 1]));
}

/** The operations of one part, in the order given. */
export function operationsOfShard(operations: readonly SpecOperation[], shard: Shard): SpecOperation[] {
  const parts = operationShards(operations, shard.count);
  return operations.filter((operation) => parts.get(operation.id) === shard.index);
}

/**
 * The cases of one part, in the order given: a case goes with its operation; a chain, which may
 * span operations, goes whole with the operation of its first step, so that its later steps have
 * the values it extracts. Cases were generated from every operation, so each part runs exactly the
 * cases an unsplit run would, and the parts together run each case once.
 */
export function casesOfShard(cases: readonly TestCase[], parts: ReadonlyMap<string, number>, shard: Shard): TestCase[] {
  const chainOwners = new Map<string, { step: number; owner: string }>();
  for (const testCase of cases) {
    if (!testCase.chain) continue;
    const known = chainOwners.get(testCase.chain.id);
    if (!known || testCase.chain.step < known.step) chainOwners.set(testCase.chain.id, { step: testCase.chain.step, owner: ownerKey(testCase) });
  }
  return cases.filter((testCase) => {
    const owner = testCase.chain ? chainOwners.get(testCase.chain.id)!.owner : ownerKey(testCase);
    return (parts.get(owner) ?? partOfKey(owner, shard.count)) === shard.index;
  });
}

/** The operation a case exercises, else its id (a case with no operation is placed by its own hash). */
function ownerKey(testCase: TestCase): string {
  return testCase.operationId ?? testCase.id;
}

function partOfKey(key: string, count: number): number {
  return (createHash('sha256').update(key).digest().readUInt32BE(0) % count) + 1;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
