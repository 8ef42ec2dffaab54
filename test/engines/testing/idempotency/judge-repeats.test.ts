import { describe, expect, it } from 'vitest';
import type { Baseline } from '../../../../src/engines/assertions/baseline-store.js';
import { judgeRepeats } from '../../../../src/engines/testing/idempotency/judge-repeats.js';

const answer = (status: number, body: unknown = ''): Baseline => ({
  status,
  headers: typeof body === 'string' ? {} : { 'content-type': 'application/json' },
  body,
  savedAt: '2025-01-01T00:00:00.000Z',
});

describe('judgeRepeats for GET, HEAD, PUT, OPTIONS', () => {
  it('passes the same answer each time, the ignored fields aside', () => {
    const answers = [answer(200, { id: 1, at: 'a' }), answer(200, { id: 1, at: 'b' }), answer(200, { id: 1, at: 'c' })];
    expect(judgeRepeats('GET', answers, ['at'])).toEqual({ findings: [] });
    expect(judgeRepeats('PUT', [answer(404), answer(404)], [])).toEqual({ findings: [] });
  });

  it('flags each call whose status or body differs from the first, with the differences', () => {
    const verdict = judgeRepeats('GET', [answer(200, { count: 1 }), answer(200, { count: 1 }), answer(200, { count: 3 }), answer(503, { count: 1 })], []);
    expect(verdict.firstBad).toBe(2);
    expect(verdict.findings).toEqual([
      { kind: 'idempotency', message: 'call 3 of 4 differs from call 1: $.count: 1 → 3' },
      { kind: 'idempotency', message: 'call 4 of 4 differs from call 1: status: 200 → 503' },
    ]);
  });
});

describe('judgeRepeats for DELETE', () => {
  it('passes a first 2xx or 404 followed by 2xx, 404 or 410', () => {
    for (const statuses of [
      [204, 404, 404],
      [200, 410, 404],
      [404, 404, 404],
      [204, 204, 204],
      [404, 204, 404],
    ]) {
      expect(
        judgeRepeats(
          'DELETE',
          statuses.map((status) => answer(status)),
          [],
        ),
        statuses.join(' '),
      ).toEqual({ findings: [] });
    }
  });

  it('flags a server error, a status other than 2xx/404/410 later, and a 2xx whose body changes', () => {
    expect(judgeRepeats('DELETE', [answer(204), answer(500)], []).findings).toEqual([
      { kind: 'idempotency', message: 'call 2 of 2 answered 500: a repeated DELETE must not fail on the server' },
    ]);
    expect(judgeRepeats('DELETE', [answer(200, { deleted: 1 }), answer(409), answer(200, { deleted: 2 })], []).findings).toEqual([
      { kind: 'idempotency', message: 'call 2 of 3 answered 409 after 200: a repeated DELETE should answer 2xx, 404 or 410' },
      { kind: 'idempotency', message: 'call 3 of 3 answered 200 with another body than before: $.deleted: 1 → 2' },
    ]);
  });

  it('after another first status, wants that status every time', () => {
    expect(judgeRepeats('DELETE', [answer(401), answer(401)], [])).toEqual({ findings: [] });
    expect(judgeRepeats('DELETE', [answer(401), answer(204)], [])).toMatchObject({
      firstBad: 1,
      findings: [{ message: 'call 2 of 2 answered 204, call 1 401' }],
    });
  });
});
