import { expect, it } from 'vitest';
import { isVolatileName, volatileFieldNames } from '../../../../src/engines/testing/idempotency/volatile-fields.js';

it('takes names of clocks, request ids and nonces as volatile, and nothing else', () => {
  for (const name of [
    'updatedAt',
    'served_at',
    'serverTime',
    'timestamp',
    'Date',
    'last-modified-date',
    'nonce',
    'requestId',
    'x_trace_id',
    'correlationId',
    'ts',
  ])
    expect(isVolatileName(name), name).toBe(true);
  for (const name of ['id', 'name', 'format', 'status', 'userId', 'data', 'atlas', 'timezone', 'category']) expect(isVolatileName(name), name).toBe(false);
});

it('finds volatile fields at any depth, by name or by a date-time value, in any of the bodies', () => {
  const first = {
    zone: 'UTC',
    items: [{ id: 1, modified: '2025-01-02T03:04:05.123Z', birthday: '1990-05-01' }],
    meta: { requestId: 'r1', 'a.b': '2025-01-02T03:04:05Z' },
  };
  const second = { zone: 'UTC', items: [], meta: { generated: 'Thu, 02 Jan 2025 03:04:05 GMT' } };
  expect(volatileFieldNames([first, second])).toEqual(['generated', 'modified', 'requestId']);
  expect(volatileFieldNames(['plain text', null, [1, 2]])).toEqual([]);
});
