import type { FalconSpec, SpecParameter } from '../../spec/spec-format.js';
import type { CaseRequest, TestCase } from '../test-case.js';
import type { CaseIds } from './case-ids.js';
import type { ChainableOperation } from './chain-step.js';
import { operationLabel } from './operation-case.js';
import { referenceSlots } from '../references/reference-slots.js';
import { caseRequest, type RequestValues } from './request-values.js';
import { type CredentialPlace, operationCredentials } from './security-credentials.js';

/**
 * ignored_auth's probes of an operation that declares security: its valid request without any
 * credential its schemes name (those of the run's `-H` headers and cookies too), and with a clearly
 * invalid one (for the first alternative Falcon can fill: bearer, basic, API key). None for an
 * operation whose auth is optional or cannot be taken away (see operationCredentials).
 */
export function authProbes({ operation, values: base }: ChainableOperation, spec: FalconSpec, ids: CaseIds): TestCase[] {
  const credentials = operationCredentials(operation, spec);
  if (!credentials) return [];
  const isCredential = (parameter: SpecParameter) => credentials.places.some((place) => samePlace(place, parameter));
  const without: RequestValues = { ...base, parameters: base.parameters.filter(({ parameter }) => !isCredential(parameter)) };
  const headers = credentials.places.filter((place) => place.in === 'header').map((place) => place.name);
  const cookies = credentials.places.filter((place) => place.in === 'cookie').map((place) => place.name);
  const withoutCredentials: NonNullable<CaseRequest['withoutCredentials']> = { ...(headers.length > 0 && { headers }), ...(cookies.length > 0 && { cookies }) };
  const request = (values: RequestValues): CaseRequest => ({ ...caseRequest(operation, values, spec), withoutCredentials });
  const label = operationLabel(operation);
  // With an id the API has, a 2xx without credentials shows data given away, not an empty answer.
  const references = referenceSlots(base, spec);
  const probe = (slug: string, name: string, mutation: string, values: RequestValues): TestCase => ({
    id: ids.next(operation.id, 'probe', slug),
    name,
    kind: 'probe',
    operationId: operation.id,
    tags: [...operation.tags],
    request: request(values),
    mutation,
    probe: 'ignored_auth',
    ...(references.length > 0 && { references }),
  });
  const cases = [probe('no-credentials', `${label} without credentials (it declares ${credentials.schemes.join(' or ')})`, 'without credentials', without)];
  const invalid = credentials.invalid;
  if (invalid) {
    const schemes = invalid.map((place) => place.scheme).join(' and ');
    const values = { ...without, parameters: [...without.parameters, ...invalid.map((place) => ({ parameter: asParameter(place), value: place.invalid }))] };
    cases.push(probe('invalid-credentials', `${label} with an invalid ${schemes} credential`, `with an invalid ${schemes} credential`, values));
  }
  return cases;
}

function samePlace(place: CredentialPlace, parameter: SpecParameter): boolean {
  if (place.in !== parameter.in) return false;
  return place.in === 'cookie' ? place.name === parameter.name : place.name.toLowerCase() === parameter.name.toLowerCase();
}

function asParameter(place: CredentialPlace): SpecParameter {
  return { name: place.name, in: place.in, required: true, schema: { type: 'string' } };
}
