import { describe, expect, it } from 'vitest';
import { registerHeaderSecrets } from '../../src/safety/header-secrets.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function registered(headers: Record<string, string>): SecretRegistry {
  const secrets = new SecretRegistry();
  registerHeaderSecrets(headers, secrets);
  return secrets;
}

describe('registerHeaderSecrets', () => {
  it('takes the credential of Authorization, whatever the scheme', () => {
    const secrets = registered({ Authorization: 'Bearer abc123def456', 'Proxy-Authorization': 'Token zz99yy88' });
    expect(secrets.maskValues('got abc123def456 and zz99yy88')).toBe('got [masked:Authorization] and [masked:Proxy-Authorization]');
    expect(secrets.maskValues('Bearer is a word')).toBe('Bearer is a word');
  });

  it('takes a Basic credential apart: the base64 whole, the user and password pair, the password alone', () => {
    const secrets = registered({ Authorization: `Basic ${base64('ada:hunter22!')}` });
    expect(secrets.maskValues(`Authorization: Basic ${base64('ada:hunter22!')}`)).toBe('Authorization: Basic [masked:Authorization]');
    expect(secrets.maskValues('logged in as ada:hunter22!')).toBe('logged in as [masked:Authorization]');
    expect(secrets.maskValues('password hunter22! accepted')).toBe('password [masked:Authorization] accepted');
  });

  it('takes any other value of 8 characters or more whatever the header is called, and shapes that look harmless', () => {
    const secrets = registered({ 'X-Custom': 'acme-tenant-key', 'X-Trace': 'trace-id-long', 'X-Region': 'eu-west', 'X-Id': '1234567890' });
    expect(secrets.maskValues('acme-tenant-key trace-id-long 1234567890')).toBe('[masked:X-Custom] [masked:X-Trace] [masked:X-Id]');
    expect(secrets.maskValues('eu-west')).toBe('eu-west');
  });

  it('leaves the content headers and placeholders alone', () => {
    const secrets = registered({
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'my-integration-tests/1.0',
      'X-Token': '{{env:TOKEN}}',
    });
    expect(secrets.size).toBe(0);
  });
});
