import { describe, expect, it } from 'vitest';
import { fillEnvPlaceholders } from '../../../src/mcp/client/fill-env-placeholders.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';

describe('fillEnvPlaceholders', () => {
  it('fills {{env:NAME}} from the environment, registers what it filled in, and leaves the settings as written', () => {
    const secrets = new SecretRegistry();
    const headers = { Authorization: 'Bearer {{env:TRACKER_TOKEN}}', 'X-Team': 'api' };
    const filled = fillEnvPlaceholders(headers, 'headers', { TRACKER_TOKEN: 'tt-81d9c3a7f2' }, secrets);
    expect(filled).toEqual({ Authorization: 'Bearer tt-81d9c3a7f2', 'X-Team': 'api' });
    expect(headers.Authorization).toBe('Bearer {{env:TRACKER_TOKEN}}');
    expect(secrets.maskValues('sent tt-81d9c3a7f2')).toBe('sent [masked:TRACKER_TOKEN]');
  });

  it('names a variable that is not set, and where it is used', () => {
    expect(() => fillEnvPlaceholders({ TOKEN: '{{ env:DB_TOKEN }}' }, 'env', {}, new SecretRegistry())).toThrow(
      '{{env:DB_TOKEN}} in env.TOKEN is not set in the environment',
    );
  });
});
