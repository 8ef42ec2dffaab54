import { describe, expect, it } from 'vitest';
import type { SpecOperation } from '../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../src/engines/testing/generate/generate-cases.js';
import { loadSpecUnderTest } from '../../../src/engines/testing/load-test-spec.js';
import { casesOfShard, operationShards, operationsOfShard } from '../../../src/engines/testing/shard-operations.js';
import { NONCONFORMING_SPEC_FILE } from '../../apis/nonconforming-api.js';
import { ORDERS_SPEC_FILE } from '../../apis/orders-api.js';

function operation(method: string, path: string, id = `${method.toLowerCase()}${path.replace(/\W+/g, '_')}`): SpecOperation {
  return { id, method, path, tags: [], parameters: [], responses: {}, security: [] };
}

/** 37 operations over a dozen resources, as a spec lists them. */
const OPERATIONS: SpecOperation[] = Array.from({ length: 37 }, (_, index) => {
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  return operation(methods[index % 4]!, `/resource${Math.floor(index / 4)}${index % 2 === 0 ? '' : '/{id}'}`);
});

function ids(operations: SpecOperation[]): string[] {
  return operations.map((entry) => entry.id).sort();
}

describe('operationShards', () => {
  it('puts every operation in exactly one shard, the shards differing in size by one at most', () => {
    for (const count of [1, 2, 3, 4, 5, 8, 37, 40]) {
      const shards = Array.from({ length: count }, (_, index) => operationsOfShard(OPERATIONS, { index: index + 1, count }));
      expect(ids(shards.flat()), `${count} shards`).toEqual(ids(OPERATIONS));
      expect(new Set(shards.flat().map((entry) => entry.id)).size).toBe(OPERATIONS.length);
      const sizes = shards.map((shard) => shard.length);
      expect(Math.max(...sizes) - Math.min(...sizes), `sizes ${sizes.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });

  it('is the same split every time, whatever order the spec lists the operations in and whatever their ids', () => {
    const split = operationShards(OPERATIONS, 4);
    expect(operationShards(OPERATIONS, 4)).toEqual(split);
    const shuffled = [...OPERATIONS].sort((a, b) =>
      (a.path + a.method)
        .split('')
        .reverse()
        .join('')
        .localeCompare((b.path + b.method).split('').reverse().join('')),
    );
    expect(shuffled.map((entry) => entry.id)).not.toEqual(OPERATIONS.map((entry) => entry.id));
    expect(operationShards(shuffled, 4)).toEqual(split);
    const renamed = OPERATIONS.map((entry) => ({ ...entry, id: `op-${entry.id}` }));
    const renamedSplit = operationShards(renamed, 4);
    for (const entry of OPERATIONS) expect(renamedSplit.get(`op-${entry.id}`)).toBe(split.get(entry.id));
  });

  it('keeps the operations of a shard in the order the spec gives them', () => {
    const shard = operationsOfShard(OPERATIONS, { index: 2, count: 3 });
    expect(shard).toEqual(OPERATIONS.filter((entry) => shard.includes(entry)));
  });
});

describe('casesOfShard', () => {
  for (const [name, file] of [
    ['orders', ORDERS_SPEC_FILE],
    ['nonconforming', NONCONFORMING_SPEC_FILE],
  ] as const) {
    it(`splits the ${name} API's cases into disjoint shards whose union is the whole, each chain whole with its first step's operation`, async () => {
      const loaded = await loadSpecUnderTest(file, process.cwd(), new AbortController().signal);
      const { operations } = loaded!.spec;
      const cases = await generateCases(loaded!.spec, operations);
      const chains = new Set(cases.flatMap((testCase) => testCase.chain?.id ?? []));
      expect(chains.size).toBeGreaterThan(0);
      for (const count of [1, 2, 3, 4, operations.length + 1]) {
        const parts = operationShards(operations, count);
        const shards = Array.from({ length: count }, (_, index) => casesOfShard(cases, parts, { index: index + 1, count }));
        const all = shards.flat().map((testCase) => testCase.id);
        expect(new Set(all).size, `${count} shards: no case twice`).toBe(all.length);
        expect([...all].sort()).toEqual(cases.map((testCase) => testCase.id).sort());
        shards.forEach((shard, index) => {
          // In the order generated, as an unsplit run sends them.
          expect(shard).toEqual(cases.filter((testCase) => shard.includes(testCase)));
          for (const testCase of shard) {
            const first = cases.find((other) => other.chain && other.chain.id === testCase.chain?.id && other.chain.step === 1);
            expect(parts.get((first ?? testCase).operationId!), testCase.id).toBe(index + 1);
          }
        });
      }
    });
  }
});
