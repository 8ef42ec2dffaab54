import type { FalconSpec } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import type { CaseIds } from '../generate/case-ids.js';
import type { ChainableOperation } from '../generate/chain-step.js';
import { operationLabel } from '../generate/operation-case.js';
import { caseRequest } from '../generate/request-values.js';
import { referenceSlots } from '../references/reference-slots.js';
import { SeededRandom } from '../generate/seeded-random.js';
import { DEFAULT_FUZZ_BUDGET, type GenerateOptions } from '../generate/strategies.js';
import { fuzzedParts, hasFuzzedParts } from './fuzzed-parts.js';

/** fast-check takes a 32-bit seed. */
const MAX_SEED = 0x7fffffff;

/**
 * One fuzz case per operation that takes input (a query parameter or a body): its request is the
 * operation's valid request, whose path parameters and headers every input keeps, and `fuzz` says
 * how many inputs to draw and from which seed. The seed comes from the run's seed and the
 * operation's id alone, so the same `--seed` draws the same inputs whatever else is generated.
 * Nothing here loads fast-check: the inputs are drawn when the case runs (run-fuzz-case.ts).
 */
export function fuzzCases(
  chainable: readonly ChainableOperation[],
  spec: FalconSpec,
  ids: CaseIds,
  options: Pick<GenerateOptions, 'seed' | 'fuzzBudget'>,
): TestCase[] {
  const runs = options.fuzzBudget ?? DEFAULT_FUZZ_BUDGET;
  if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`the fuzz budget must be a whole number of at least 1, got ${runs}`);
  const random = new SeededRandom(options.seed ?? 1);
  return chainable
    .filter(({ operation }) => hasFuzzedParts(fuzzedParts(operation, spec)))
    .map(({ operation, values }): TestCase => {
      const references = referenceSlots(values, spec);
      return {
        id: ids.next(operation.id, 'fuzz', 'inputs'),
        name: `${operationLabel(operation)} with ${runs} fuzzed input${runs === 1 ? '' : 's'}`,
        kind: 'fuzz',
        operationId: operation.id,
        tags: [...operation.tags],
        request: caseRequest(operation, values, spec),
        fuzz: { runs, seed: random.fork(`fuzz ${operation.id}`).int(0, MAX_SEED) },
        ...(references.length > 0 && { references }),
      };
    });
}
