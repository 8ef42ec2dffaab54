import { describe, expect, it } from 'vitest';
import { responseKeyFor } from '../../../../src/engines/testing/coverage/response-key.js';

describe('responseKeyFor', () => {
  it('takes the exact code first, then its range in either case, then default', () => {
    const documented = ['200', '404', '4XX', 'default'];
    expect(responseKeyFor(200, documented)).toBe('200');
    expect(responseKeyFor(404, documented)).toBe('404');
    expect(responseKeyFor(422, documented)).toBe('4XX');
    expect(responseKeyFor(500, documented)).toBe('default');
    expect(responseKeyFor(201, documented)).toBe('default');
    expect(responseKeyFor(503, ['200', '5xx'])).toBe('5xx');
  });

  it('finds nothing for a status no code, range or default documents', () => {
    expect(responseKeyFor(418, ['200', '5XX'])).toBeUndefined();
    expect(responseKeyFor(200, [])).toBeUndefined();
  });
});
