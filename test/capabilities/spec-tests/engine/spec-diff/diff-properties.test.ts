import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFF_RULES } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-rules.js';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import type { FalconSpec, JsonSchema } from '../../../../../src/engines/spec/spec-format.js';
import { reordered, specs } from './spec-arbitraries.js';

const RUNS = 100;
const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

/** Each object schema's properties spread over an `allOf` of one-property parts: the same schema, written otherwise. */
function splitIntoAllOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(splitIntoAllOf);
  if (typeof value !== 'object' || value === null) return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, splitIntoAllOf(item)])) as JsonSchema;
  const properties = object.properties as Record<string, unknown> | undefined;
  if (object.type !== 'object' || !properties || Object.keys(properties).length < 2 || 'allOf' in object) return object;
  const { properties: _properties, ...rest } = object;
  return { ...rest, allOf: Object.entries(properties).map(([name, schema]) => ({ properties: { [name]: schema } })) };
}

describe('diffSpecs, for any spec', () => {
  it('finds no change between a spec and a copy of it', () => {
    fc.assert(
      fc.property(specs, (spec) => {
        expect(diffSpecs(spec, structuredClone(spec))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('finds no change when only the order of keys, enum values, required names, types, alternatives and lists differ', () => {
    fc.assert(
      fc.property(specs, seed, (spec, order) => {
        expect(diffSpecs(spec, reordered(spec, order, true))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('finds no change when object schemas are written as an allOf of their properties', () => {
    fc.assert(
      fc.property(specs, (spec) => {
        const split = { ...spec, operations: splitIntoAllOf(spec.operations) as FalconSpec['operations'] };
        expect(diffSpecs(spec, split)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same changes, in the same order, whatever order either spec has its keys in', () => {
    fc.assert(
      fc.property(specs, specs, seed, seed, (old, current, oldOrder, newOrder) => {
        const changes = diffSpecs(old, current);
        expect(diffSpecs(reordered(old, oldOrder, false), reordered(current, newOrder, false))).toEqual(changes);
        for (const change of changes) expect(change.severity).toBe(DIFF_RULES[change.rule].severity);
      }),
      { numRuns: RUNS },
    );
  });
});
