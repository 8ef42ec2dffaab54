import { describe, expect, it } from 'vitest';
import { ignoredAuth } from '../../../../src/engines/testing/checks/ignored-auth.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const withoutCredentials = caseOf('probe', { probe: 'ignored_auth', mutation: 'without credentials' });
const invalid = caseOf('probe', { probe: 'ignored_auth', mutation: 'with an invalid bearerAuth credential' });

describe('ignored_auth', () => {
  it('fires when a probe without valid credentials succeeds, saying which probe', () => {
    expect(findingsOf(ignoredAuth, contextOf(withoutCredentials, answer(200)))).toEqual([
      { kind: 'ignored_auth', message: 'answered 200 without credentials: the operation declares security but does not enforce it' },
    ]);
    expect(findingsOf(ignoredAuth, contextOf(invalid, answer(204)))).toEqual([
      { kind: 'ignored_auth', message: 'answered 204 with an invalid bearerAuth credential: the operation declares security but does not enforce it' },
    ]);
  });

  it('takes every refusal: 401, 403, a 404 hiding the resource, a redirect to a login page', () => {
    for (const status of [401, 403, 404, 302, 400, 500])
      expect(findingsOf(ignoredAuth, contextOf(withoutCredentials, answer(status))), String(status)).toEqual([]);
  });

  it('judges only its own probes', () => {
    expect(findingsOf(ignoredAuth, contextOf(caseOf('happy'), answer(200)))).toEqual([]);
    expect(findingsOf(ignoredAuth, contextOf({ ...withoutCredentials, probe: 'unsupported_method' }, answer(200)))).toEqual([]);
  });
});
