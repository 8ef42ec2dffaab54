import { describe, expect, it } from 'vitest';
import { ensureResourceAvailability } from '../../../../src/engines/testing/checks/ensure-resource-availability.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const CREATE_STEP = 'createThing/stateful/create';
const read = caseOf('stateful', { resource: { state: 'created', by: CREATE_STEP } });
const created = (status: number) => ({ earlier: new Map([[CREATE_STEP, status]]) });

describe('ensure_resource_availability', () => {
  it('fires when the resource a step just created is not found', () => {
    expect(findingsOf(ensureResourceAvailability, contextOf(read, answer(404), created(201)))).toEqual([
      { kind: 'ensure_resource_availability', message: `answered 404 for the resource ${CREATE_STEP} had just created (it answered 201)` },
    ]);
  });

  it('is quiet for any other answer: 400, 401, 409 are about the request, not the resource', () => {
    for (const status of [200, 204, 400, 401, 403, 409, 410, 500])
      expect(findingsOf(ensureResourceAvailability, contextOf(read, answer(status), created(201))), String(status)).toEqual([]);
  });

  it('is quiet when the create did not succeed or is not known', () => {
    expect(findingsOf(ensureResourceAvailability, contextOf(read, answer(404), created(409)))).toEqual([]);
    expect(findingsOf(ensureResourceAvailability, contextOf(read, answer(404)))).toEqual([]);
  });

  it('judges only steps on a created resource, not the read after its delete', () => {
    expect(
      findingsOf(ensureResourceAvailability, contextOf(caseOf('stateful', { resource: { state: 'deleted', by: CREATE_STEP } }), answer(404), created(201))),
    ).toEqual([]);
    expect(findingsOf(ensureResourceAvailability, contextOf(caseOf('happy'), answer(404), created(201)))).toEqual([]);
  });
});
