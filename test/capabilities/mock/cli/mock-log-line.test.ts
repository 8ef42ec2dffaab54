import { describe, expect, it } from 'vitest';
import { mockLogLine } from '../../../../src/capabilities/mock/cli/mock-log-line.js';

describe('mockLogLine', () => {
  it('names the method, path, status, operation and what was wrong', () => {
    expect(mockLogLine({ method: 'GET', path: '/pets/7', status: 200, operationId: 'getPet', problems: [] })).toBe('GET /pets/7 200 getPet');
    expect(mockLogLine({ method: 'PUT', path: '/pets', status: 405, problems: ['PUT is not documented for /pets (allowed: GET)'] })).toBe(
      'PUT /pets 405: PUT is not documented for /pets (allowed: GET)',
    );
  });

  it('masks a key in the query and keeps escape sequences off the terminal', () => {
    const line = mockLogLine({ method: 'GET', path: '/pets?api_key=sk-abcdef1234567890&limit=3', status: 200, operationId: 'listPets', problems: [] });
    expect(line).toBe('GET /pets?api_key=[masked]&limit=3 200 listPets');
    expect(mockLogLine({ method: 'GET', path: '/\u001b[2Jx', status: 404, problems: [] })).not.toContain('\u001b');
    const refused = mockLogLine({
      method: 'POST',
      path: '/login',
      status: 422,
      problems: ['body.password: must NOT have more than 8 characters, got "sk-abcdef1234567890"'],
    });
    expect(refused).toMatch(/^POST \/login 422: body\.password: .*\[masked\]/);
    expect(refused).not.toContain('sk-abcdef1234567890');
  });
});
