import { describe, expect, it } from 'vitest';
import { positiveDataAcceptance } from '../../../../src/engines/testing/checks/positive-data-acceptance.js';
import type { SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const login: SpecOperation = { id: 'login', method: 'POST', path: '/auth/login', tags: [], parameters: [], responses: {}, security: [] };
const secured: SpecOperation = { ...login, id: 'rename', path: '/users/{id}/login', security: [{ bearerAuth: [] }] };

describe('positive_data_acceptance', () => {
  it('fires when a valid case is refused with a 4xx, quoting the start of the answer', () => {
    const body = JSON.stringify({ error: 'nickname is required', detail: 'x'.repeat(200) });
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(400, body)))).toEqual([
      { kind: 'positive_data_acceptance', message: `a valid request was rejected with 400: ${body.slice(0, 100)}…; it sent path id 1` },
    ]);
    for (const status of [405, 406, 413, 415, 422])
      expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('boundary'), answer(status))), String(status)).toHaveLength(1);
    expect(
      findingsOf(positiveDataAcceptance, contextOf(caseOf('stateful', { resource: { state: 'created', by: 'createThing/stateful/create' } }), answer(422, ''))),
    ).toEqual([{ kind: 'positive_data_acceptance', message: 'a valid request was rejected with 422; it sent path id 1' }]);
  });

  it('takes what says nothing against the request: auth, ids with no record, clashes, rate limits; and any 2xx, 3xx or 5xx', () => {
    for (const status of [200, 201, 204, 302, 401, 403, 404, 409, 410, 429, 500, 503]) {
      expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(status))), String(status)).toEqual([]);
    }
  });

  it('judges only requests made valid by the spec: not negative cases, probes, data rows, hand-written cases or reads of a deleted resource', () => {
    const refused = answer(400);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('negative', { expectRejection: true }), refused))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('probe', { probe: 'unsupported_method' }), refused))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('data'), refused))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('custom'), refused))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy', { operationId: undefined }), refused))).toEqual([]);
    expect(
      findingsOf(positiveDataAcceptance, contextOf(caseOf('stateful', { resource: { state: 'deleted', by: 'deleteThing/stateful/delete-created' } }), refused)),
    ).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('stateful', { expectStatus: [404] }), refused))).toEqual([]);
  });

  it('lets a public operation that hands out credentials refuse the generated ones with 400 or 422', () => {
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(400), { operation: login }))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(422), { operation: { ...login, path: '/oauth/token' } }))).toEqual([]);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(415), { operation: login }))).toHaveLength(1);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(400), { operation: secured }))).toHaveLength(1);
    expect(findingsOf(positiveDataAcceptance, contextOf(caseOf('happy'), answer(400), { operation: { ...login, path: '/logins/{id}/history' } }))).toHaveLength(
      1,
    );
  });
});
