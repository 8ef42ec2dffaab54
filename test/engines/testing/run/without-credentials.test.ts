import { describe, expect, it } from 'vitest';
import { caseRequestParts } from '../../../../src/engines/testing/run/case-http-request.js';
import { runHeadersWithout } from '../../../../src/engines/testing/run/without-credentials.js';

const RUN_HEADERS = { Authorization: 'Bearer t0k', 'X-API-Key': 'k3y', Cookie: 'session=abc; theme=dark', 'X-Trace': 'on' };

describe('a request without credentials', () => {
  it("leaves the named headers (any case) and cookies out of the run's headers", () => {
    expect(runHeadersWithout(RUN_HEADERS, { headers: ['authorization', 'x-api-key'], cookies: ['session'] })).toEqual({
      Cookie: 'theme=dark',
      'X-Trace': 'on',
    });
    expect(runHeadersWithout(RUN_HEADERS, { cookies: ['session', 'theme'] })).toEqual({ Authorization: 'Bearer t0k', 'X-API-Key': 'k3y', 'X-Trace': 'on' });
    expect(runHeadersWithout(RUN_HEADERS, { cookies: ['Session'] })).toEqual(RUN_HEADERS);
    expect(runHeadersWithout(RUN_HEADERS, undefined)).toBe(RUN_HEADERS);
  });

  it('is sent so: the case puts an invalid credential in place of the one -H gives', () => {
    const parts = caseRequestParts(
      {
        method: 'GET',
        path: '/vault',
        headers: { Authorization: 'Bearer falcon-invalid-credential' },
        withoutCredentials: { headers: ['Authorization', 'X-API-Key'] },
      },
      'http://127.0.0.1:1',
      RUN_HEADERS,
    );
    expect(parts.headers).toEqual({ authorization: 'Bearer falcon-invalid-credential', cookie: 'session=abc; theme=dark', 'x-trace': 'on' });
    expect(caseRequestParts({ method: 'GET', path: '/vault' }, 'http://127.0.0.1:1', RUN_HEADERS).headers).toMatchObject({
      authorization: 'Bearer t0k',
      'x-api-key': 'k3y',
    });
  });
});
