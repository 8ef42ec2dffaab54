import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { TestCase } from '../test-case.js';
import { boundaryCases } from './boundary-cases.js';
import { CaseIds } from './case-ids.js';
import type { ChainableOperation } from './chain-step.js';
import { happyValues, type GenerationContext } from './happy-values.js';
import { linkChains } from './link-chains.js';
import { nearMissCases } from './near-miss-cases.js';
import { negativeCases } from './negative-cases.js';
import { operationCase, operationLabel, type OperationCases } from './operation-case.js';
import { probeCases } from './probe-cases.js';
import { fuzzCases } from '../fuzz/fuzz-cases.js';
import { caseRequest } from './request-values.js';
import { referenceSlots } from '../references/reference-slots.js';
import { SeededRandom } from './seeded-random.js';
import { inferredChains } from './stateful-chains.js';
import { STRATEGIES, type GenerateOptions } from './strategies.js';
import { variantCases } from './variant-cases.js';

export { STRATEGIES, type GenerateOptions, type Strategy } from './strategies.js';

/**
 * Test cases for the operations, from the spec alone: per operation a valid request (and one with
 * only the required values when the operation has optional ones, and one per other enum value of a
 * parameter and other oneOf/anyOf branch of the body), boundary, negative and near-miss cases;
 * then the stateful chains among the operations (OpenAPI links first, then create → read →
 * update → delete), and a fuzz case per operation that takes input; last the probes of the checks
 * that send their own requests, when those checks are on. An operation for which no valid request can be made gets no cases; a Postman
 * collection gets no negative ones. The same spec, operations and seed give the same cases.
 */
export async function generateCases(spec: FalconSpec, operations: SpecOperation[], options: GenerateOptions = {}): Promise<TestCase[]> {
  const strategies = new Set(options.strategies ?? STRATEGIES);
  const random = new SeededRandom(options.seed ?? 1);
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const ids = new CaseIds();
  const cases: TestCase[] = [];
  const chainable: ChainableOperation[] = [];
  for (const operation of operations) {
    const context: GenerationContext = { spec, validator, random: random.fork(operation.id) };
    const full = happyValues(operation, context, true);
    const required = happyValues(operation, context, false);
    const base = full ?? required;
    if (!base) continue;
    const generation: OperationCases = { operation, context, ids, base: { values: base, references: referenceSlots(base, spec) } };
    const otherBody = base.body && happyValues(operation, { ...context, random: random.fork(`${operation.id} chain`), examples: false }, true)?.body;
    chainable.push({ operation, values: base, ...(otherBody && { otherBody }) });
    const label = operationLabel(operation);
    if (strategies.has('happy')) {
      cases.push(operationCase(generation, 'happy', 'valid', `${label} with a valid request`, base));
      if (full && required && shapeOf(caseRequest(operation, required, spec)) !== shapeOf(caseRequest(operation, full, spec))) {
        const own = { ...generation, base: { values: required, references: referenceSlots(required, spec) } };
        cases.push(operationCase(own, 'happy', 'required-only', `${label} with only its required values`, required));
      }
      cases.push(...variantCases(generation, base));
    }
    if (strategies.has('boundary')) cases.push(...boundaryCases(generation, base));
    // A Postman collection shows example requests but states no rules a request could break.
    if (strategies.has('negative') && spec.kind !== 'postman') cases.push(...negativeCases(generation, base), ...nearMissCases(generation, base));
  }
  if (strategies.has('stateful')) {
    const chainIds = new CaseIds();
    const linked = linkChains(chainable, spec, ids, chainIds);
    cases.push(...linked.cases, ...inferredChains(chainable, linked.sources, spec, ids, chainIds));
  }
  // One per operation with a query or a body; sent after the others (fuzz/run-fuzz-case.ts).
  if (strategies.has('fuzz') && spec.kind !== 'postman') cases.push(...fuzzCases(chainable, spec, ids, options));
  cases.push(...probeCases(chainable, spec, ids, options.checks ?? [], strategies));
  return cases;
}

/** Which parameters, fields and items a request has, whatever their values: `{"query":{"limit":0}}`. */
function shapeOf(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item !== null && typeof item === 'object' ? item : 0));
}
