import { describe, expect, it } from 'vitest';
import { maskResponseSecrets } from '../../src/safety/mask-response-secrets.js';

describe('maskResponseSecrets', () => {
  it('masks the secrets of a .env file, keeping the names and harmless values', () => {
    const env = [
      'PORT=3000',
      'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'DATABASE_URL=postgres://app:hunter2hunter2@db:5432/app',
      'export JWT_SIGNING_KEY="falcon-signing-value"',
      'STRIPE_TOKEN=tok_live_123456789',
      'PAYMENTS=sk_live_abcdefghijklmnop',
      'MONKEY=george',
      'SORT_KEY=name',
    ].join('\n');
    const masked = maskResponseSecrets(env);
    expect(masked).toContain('PORT=3000');
    expect(masked).toContain('AWS_SECRET_ACCESS_KEY=[masked]');
    expect(masked).toContain('postgres://app:[masked]@db:5432/app');
    expect(masked).toContain('JWT_SIGNING_KEY="[masked]"');
    expect(masked).toContain('MONKEY=george');
    expect(masked).toContain('SORT_KEY=name');
    expect(masked).not.toMatch(/wJalr|hunter2|falcon-signing-value|tok_live|sk_live/);
  });

  it('masks credentials in a Git remote and a private key', () => {
    const text =
      '[remote "origin"]\n\turl = https://deploy:ghp_secretvalue1234@github.com/acme/api.git\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----';
    const masked = maskResponseSecrets(text);
    expect(masked).toContain('https://deploy:[masked]@github.com/acme/api.git');
    expect(masked).toContain('-----BEGIN RSA PRIVATE KEY-----[masked]-----END RSA PRIVATE KEY-----');
    expect(masked).not.toMatch(/ghp_secretvalue|MIIEow/);
  });

  it('masks JSON values under secret names at any depth and token-shaped values', () => {
    const actuator = {
      activeProfiles: ['prod'],
      propertySources: [
        { name: 'env', properties: { 'spring.datasource.password': { value: 'p4ss' }, 'server.port': { value: 8080 }, note: 'aB3dE5gH7jK9mN1pQ3sT5vX7zA9' } },
      ],
    };
    const masked = JSON.parse(maskResponseSecrets(JSON.stringify(actuator))) as typeof actuator;
    expect(masked.activeProfiles).toEqual(['prod']);
    expect(masked.propertySources[0]!.properties).toEqual({
      'spring.datasource.password': { value: '[masked]' },
      'server.port': { value: 8080 },
      note: '[masked]',
    });
  });
});
