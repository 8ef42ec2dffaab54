import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { referenceSlots } from '../references/reference-slots.js';
import type { CaseRequest, TestCase } from '../test-case.js';
import { type BodyValue, caseRequest, type RequestValues } from './request-values.js';

/** An operation in scope with the values of its valid request: what chains are made of. */
export interface ChainableOperation {
  operation: SpecOperation;
  values: RequestValues;
  /** A create's other valid body, drawn from its schema alone: where a chain's object takes a key of its own. */
  otherBody?: BodyValue;
}

/** Values a step sends in place of its generated ones: a `{{name}}` an earlier step extracted, or a constant. */
export interface StepOverrides {
  path?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean>;
  header?: Record<string, string>;
  body?: unknown;
}

export interface ChainStepInput {
  chainId: string;
  step: number;
  id: string;
  name: string;
  target: ChainableOperation;
  spec: FalconSpec;
  overrides?: StepOverrides;
  extract?: Record<string, string>;
  expectStatus?: number[];
  resource?: TestCase['resource'];
  /** A write's read of the same object: the read step's operation and the values it sends in place of its generated ones. */
  readBack?: { target: ChainableOperation; overrides?: StepOverrides };
}

/** One `stateful` case of a chain. */
export function chainStep(input: ChainStepInput): TestCase {
  const { operation, values } = input.target;
  const overrides = input.overrides ?? {};
  const request = withOverrides(caseRequest(operation, values, input.spec), overrides);
  // What the chain sets itself (an id an earlier step extracted, a link's body) is not the API's data to fill in.
  const references = referenceSlots(values, input.spec).filter((slot) =>
    slot.in === 'path'
      ? overrides.path?.[slot.name] === undefined
      : overrides.body === undefined && (slot.sameAs === undefined || overrides.path?.[slot.sameAs] === undefined),
  );
  return {
    id: input.id,
    name: input.name,
    kind: 'stateful',
    operationId: operation.id,
    tags: [...operation.tags],
    request,
    ...(input.extract && Object.keys(input.extract).length > 0 && { extract: input.extract }),
    ...(input.expectStatus && input.expectStatus.length > 0 && { expectStatus: input.expectStatus }),
    chain: { id: input.chainId, step: input.step },
    ...(input.resource && { resource: input.resource }),
    ...(references.length > 0 && { references }),
    ...(input.readBack && { readBack: readBackOf(input.readBack, input.spec) }),
  };
}

function readBackOf({ target, overrides }: NonNullable<ChainStepInput['readBack']>, spec: FalconSpec): NonNullable<TestCase['readBack']> {
  return { operationId: target.operation.id, request: withOverrides(caseRequest(target.operation, target.values, spec), overrides ?? {}) };
}

function withOverrides(request: CaseRequest, overrides: StepOverrides): CaseRequest {
  const result: CaseRequest = { ...request };
  if (overrides.path) result.pathParams = { ...request.pathParams, ...overrides.path };
  if (overrides.query) result.query = { ...request.query, ...overrides.query };
  if (overrides.header) result.headers = { ...request.headers, ...overrides.header };
  if (overrides.body !== undefined) result.body = overrides.body;
  return result;
}

/** `$.id`, `$.data.id`, `$[0].id`, `$['odd-name']`. */
export function jsonPathOf(names: readonly (string | number)[]): string {
  const parts = names.map((name) => {
    if (typeof name === 'number') return `[${name}]`;
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `['${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
  });
  return `$${parts.join('')}`;
}

/** Statuses a response may have after its resource is gone, as the operation documents them. */
export function goneStatuses(operation: SpecOperation): number[] {
  return ['404', '410'].filter((status) => status in operation.responses).map(Number);
}
