import type { SpecOperation } from '../../spec/spec-format.js';
import { untouchedSlots } from '../references/reference-slots.js';
import type { CaseKind, ReferenceSlot, TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import type { GenerationContext } from './happy-values.js';
import { caseRequest, type RequestValues } from './request-values.js';

/** Generating the cases of one operation from its valid request values. */
export interface OperationCases {
  operation: SpecOperation;
  context: GenerationContext;
  ids: CaseIds;
  /** The operation's valid request, and the reference slots in it: a case keeps those its change left alone. */
  base?: { values: RequestValues; references: ReferenceSlot[] };
}

/** `POST /pets`: how names begin. */
export function operationLabel(operation: SpecOperation): string {
  return `${operation.method} ${operation.path}`;
}

export function operationCase(
  { operation, context, ids, base }: OperationCases,
  kind: CaseKind,
  slug: string,
  name: string,
  values: RequestValues,
  details: Pick<TestCase, 'mutation' | 'expectRejection' | 'nearMiss'> = {},
): TestCase {
  const references = base ? untouchedSlots(base.references, base.values, values) : [];
  return {
    id: ids.next(operation.id, kind, slug),
    name,
    kind,
    operationId: operation.id,
    tags: [...operation.tags],
    request: caseRequest(operation, values, context.spec),
    ...details,
    ...(references.length > 0 && { references }),
  };
}

/** The values with parameter `index` set to `value`, or left out when `value` is undefined. */
export function withParameter(values: RequestValues, index: number, value: unknown): RequestValues {
  const parameters = values.parameters.flatMap((entry, at) => (at !== index ? [entry] : value === undefined ? [] : [{ ...entry, value }]));
  return { ...values, parameters };
}

/** The values with the body's value replaced, or no body when `value` is undefined. */
export function withBody(values: RequestValues, value: unknown): RequestValues {
  const { body, ...rest } = values;
  return body && value !== undefined ? { ...rest, body: { ...body, value } } : rest;
}
