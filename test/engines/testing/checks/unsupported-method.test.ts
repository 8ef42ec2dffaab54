import { describe, expect, it } from 'vitest';
import { METHOD_REFUSALS, unsupportedMethod } from '../../../../src/engines/testing/checks/unsupported-method.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const probe: TestCase = caseOf('probe', { probe: 'unsupported_method', request: { method: 'PATCH', path: '/things/{id}', pathParams: { id: 1 } } });

describe('unsupported_method', () => {
  it('fires when an undocumented method is answered with anything but a refusal', () => {
    for (const status of [200, 201, 204, 400, 415, 500]) {
      expect(findingsOf(unsupportedMethod, contextOf(probe, answer(status))), String(status)).toEqual([
        { kind: 'unsupported_method', message: `PATCH is not documented for /things/{id}, but it answered ${status} (expected 405 Method Not Allowed)` },
      ]);
    }
  });

  it('takes 405, 404 (routers without a route for the method) and 501, with or without an Allow header', () => {
    expect(METHOD_REFUSALS).toEqual([405, 404, 501]);
    for (const status of METHOD_REFUSALS) expect(findingsOf(unsupportedMethod, contextOf(probe, answer(status)))).toEqual([]);
  });

  it('takes no side on 401, 403 and 429: auth before routing and rate limits answer any method so', () => {
    for (const status of [401, 403, 429]) expect(findingsOf(unsupportedMethod, contextOf(probe, answer(status))), String(status)).toEqual([]);
  });

  it('judges only its own probes', () => {
    expect(findingsOf(unsupportedMethod, contextOf(caseOf('happy'), answer(200)))).toEqual([]);
    expect(findingsOf(unsupportedMethod, contextOf({ ...probe, probe: 'ignored_auth' }, answer(200)))).toEqual([]);
  });
});
