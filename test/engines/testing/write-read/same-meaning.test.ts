import { describe, expect, it } from 'vitest';
import { sameScalar } from '../../../../src/engines/testing/write-read/same-meaning.js';

const dateTime = { type: 'string', format: 'date-time' };
const date = { type: 'string', format: 'date' };

describe('values the same by meaning', () => {
  it('date-times: the same instant in any offset or precision', () => {
    expect(sameScalar('2024-03-01T10:00:00Z', '2024-03-01T12:00:00.000+02:00', dateTime)).toBe(true);
    expect(sameScalar('2024-03-01T10:00:00Z', '2024-03-01T05:00:00-05:00', dateTime)).toBe(true);
    expect(sameScalar('2024-03-01T10:00:00.5Z', '2024-03-01T10:00:00.500Z', dateTime)).toBe(true);
    expect(sameScalar('2024-03-01t10:00:00z', '2024-03-01T10:00:00Z', dateTime)).toBe(true);
    expect(sameScalar('2024-03-01T10:00:00Z', '2024-03-01T10:00:00+02:00', dateTime)).toBe(false);
    expect(sameScalar('2024-03-01T10:00:00Z', '2024-03-01T10:00:01Z', dateTime)).toBe(false);
    expect(sameScalar('2024-03-01T10:00:00Z', 'yesterday', dateTime)).toBe(false);
    expect(sameScalar('2024-03-01T10:00:00Z', '2024-03-01', dateTime)).toBe(false);
  });

  it('dates: the same day, a date-time holding one counting by its day', () => {
    expect(sameScalar('1990-05-17', '1990-05-17', date)).toBe(true);
    expect(sameScalar('1990-05-17', '1990-05-17T00:00:00Z', date)).toBe(true);
    expect(sameScalar('1990-05-17', '1990-05-16', date)).toBe(false);
    expect(sameScalar('1990-05-17', '1990-05-16T22:00:00-02:00', date)).toBe(false);
    expect(sameScalar('1990-05-17', '17/05/1990', date)).toBe(false);
  });

  it('numbers: equal as numbers, in text or not', () => {
    const number = { type: 'number' };
    expect(sameScalar(7.5, 7.5, number)).toBe(true);
    expect(sameScalar(7.5, '7.50', number)).toBe(true);
    expect(sameScalar(10, 1e1, { type: 'integer' })).toBe(true);
    expect(sameScalar('10.50', '10.5', { type: 'string', format: 'decimal' })).toBe(true);
    expect(sameScalar(7.5, 7.4, number)).toBe(false);
    expect(sameScalar(7.5, 'seven and a half', number)).toBe(false);
    expect(sameScalar(0, -0, number)).toBe(true);
    // Text that is not a number by its schema stays text.
    expect(sameScalar('10.50', '10.5', { type: 'string' })).toBe(false);
  });

  it('uuids and emails: in any case', () => {
    expect(sameScalar('3f2b8c1e-7d4a-4c6b-9e2f-1a5b7c9d0e3f', '3F2B8C1E-7D4A-4C6B-9E2F-1A5B7C9D0E3F', { type: 'string', format: 'uuid' })).toBe(true);
    expect(sameScalar('Ada.Lovelace@Example.COM', 'ada.lovelace@example.com', { type: 'string', format: 'email' })).toBe(true);
    expect(sameScalar('ada@example.com', 'ada@example.org', { type: 'string', format: 'email' })).toBe(false);
    expect(sameScalar('3f2b8c1e-7d4a-4c6b-9e2f-1a5b7c9d0e3f', '3f2b8c1e-7d4a-4c6b-9e2f-1a5b7c9d0e30', { type: 'string', format: 'uuid' })).toBe(false);
  });

  it('anything else exactly: text in its case, booleans, null', () => {
    expect(sameScalar('Ada', 'ada', { type: 'string' })).toBe(false);
    expect(sameScalar('Ada', 'Ada ', undefined)).toBe(false);
    expect(sameScalar('Ada', 'Ada', undefined)).toBe(true);
    expect(sameScalar(true, 'true', { type: 'boolean' })).toBe(false);
    expect(sameScalar(null, null, undefined)).toBe(true);
    expect(sameScalar(null, 0, { type: 'integer', nullable: true })).toBe(false);
  });
});
