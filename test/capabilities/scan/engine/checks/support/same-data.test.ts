import { describe, expect, it } from 'vitest';
import { answeredWithData, sameData } from '../../../../../../src/capabilities/scan/engine/checks/support/answers.js';
import type { ScanResponse } from '../../../../../../src/capabilities/scan/engine/scan-exchange.js';

function response(status: number, body: unknown): ScanResponse {
  return { status, headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body), durationMs: 1 };
}

const alice = response(200, { data: { id: 1, name: 'Alice', tags: ['a'] }, meta: { at: '2024-01-01' } });

describe('sameData', () => {
  it('takes other values of the same shape for the same data', () => {
    expect(sameData(alice, response(200, { data: { id: 2, name: 'Bob', tags: ['b', 'c'] }, meta: { at: '2025-02-02' } }))).toBe(true);
  });

  it('tells a 2xx error envelope, an empty list, a refusal and an empty body from data', () => {
    expect(sameData(alice, response(200, { error: 'unauthorized' }))).toBe(false);
    expect(sameData(alice, response(200, { data: null, meta: { at: '2024-01-01' } }))).toBe(false);
    expect(sameData(response(200, [{ id: 1 }]), response(200, []))).toBe(false);
    expect(sameData(alice, response(401, alice.body))).toBe(false);
    expect(sameData(alice, response(204, ''))).toBe(false);
  });

  it('compares text that is not JSON as it is', () => {
    expect(sameData(response(200, 'hello alice'), response(200, 'hello alice'))).toBe(true);
    expect(sameData(response(200, 'hello alice'), response(200, '<html>log in</html>'))).toBe(false);
  });
});

describe('answeredWithData', () => {
  it('needs a 2xx holding something', () => {
    expect(answeredWithData(response(200, { items: [], total: 0 }))).toBe(true);
    expect(answeredWithData(response(200, { items: [] }))).toBe(false);
    expect(answeredWithData(response(200, {}))).toBe(false);
    expect(answeredWithData(response(500, { id: 1 }))).toBe(false);
  });
});
