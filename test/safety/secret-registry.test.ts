import { describe, expect, it } from 'vitest';
import { maskStructured } from '../../src/safety/mask-structured.js';
import { maskText } from '../../src/safety/mask-text.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';

const TOKEN = 'Zq8Lm3vN/x+Tk9=wR?&p ü';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function registry(...values: Array<[string, string?]>): SecretRegistry {
  const secrets = new SecretRegistry();
  for (const [value, label] of values) secrets.register(value, label);
  return secrets;
}

describe('SecretRegistry', () => {
  it.each([
    ['as is', TOKEN],
    ['JSON-escaped', JSON.stringify(TOKEN).slice(1, -1)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(TOKEN).slice(1, -1)).slice(1, -1)],
    ['encodeURIComponent', encodeURIComponent(TOKEN)],
    ['encodeURIComponent in lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())],
    ['form-encoded', new URLSearchParams({ t: TOKEN }).toString().slice(2)],
    ['encodeURI', encodeURI(TOKEN)],
    ['base64', base64(TOKEN)],
    ['base64 without padding', base64(TOKEN).replace(/=+$/, '')],
    ['base64url', base64Url(TOKEN)],
  ])('masks the value %s', (_form, shown) => {
    const secrets = registry([TOKEN, 'API_TOKEN']);
    const masked = secrets.maskValues(`{"raw": "${shown}"} and again ${shown}.`);
    expect(masked).toBe('{"raw": "[masked:API_TOKEN]"} and again [masked:API_TOKEN].');
  });

  it('masks the value inside a longer base64 text, whatever its offset', () => {
    const secrets = registry(['tok_9f8A7b6C5d4E3f2G1h', 'TOKEN']);
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const blob = base64(`{"user":"ada","${prefix}token":"tok_9f8A7b6C5d4E3f2G1h","exp":1}`);
      const masked = secrets.maskValues(blob);
      expect(masked).toContain('[masked:TOKEN]');
      // What is left of the blob decodes to no more than two bytes of the token at either end.
      for (const part of masked.split('[masked:TOKEN]')) expect(Buffer.from(part, 'base64').toString('latin1')).not.toMatch(/9f8A|4E3f|2G1h/);
    }
  });

  it('masks a basic-auth pair in the forms it travels in, and its password alone', () => {
    const secrets = new SecretRegistry();
    secrets.registerBasicPair('ada', 'hunter22!', 'ADMIN_AUTH');
    const header = `Authorization: Basic ${base64('ada:hunter22!')}`;
    expect(secrets.maskValues(header)).toBe('Authorization: Basic [masked:ADMIN_AUTH]');
    expect(secrets.maskValues(`x=${base64Url('ada:hunter22!')}`)).toBe('x=[masked:ADMIN_AUTH]');
    expect(secrets.maskValues('https://ada:hunter22!@api.example.com/')).toBe('https://[masked:ADMIN_AUTH]@api.example.com/');
    expect(secrets.maskValues('https://ada:hunter22%21@api.example.com/')).toBe('https://ada:[masked:ADMIN_AUTH]@api.example.com/');
    expect(secrets.maskValues('the password is hunter22!')).toBe('the password is [masked:ADMIN_AUTH]');
  });

  it('masks overlapping secrets as one span, longest first', () => {
    const secrets = registry(['abcdef123456', 'FIRST'], ['123456xyzuvw', 'SECOND'], ['cdef12', 'INSIDE']);
    expect(secrets.maskValues('<abcdef123456xyzuvw>')).toBe('<[masked:FIRST]>');
    expect(secrets.maskValues('<123456xyzuvw>')).toBe('<[masked:SECOND]>');
    expect(secrets.maskValues('<zzcdef12zz>')).toBe('<zz[masked:INSIDE]zz>');
  });

  it('keeps the first label a value got', () => {
    const secrets = registry(['s3cr3t-Value', 'MY_TOKEN'], ['s3cr3t-Value', 'API_TOKEN']);
    expect(secrets.maskValues('s3cr3t-Value')).toBe('[masked:MY_TOKEN]');
    expect(registry(['s3cr3t-Value']).maskValues('s3cr3t-Value')).toBe('[masked]');
  });

  it.each([
    ['shorter than six characters', 'Ab3de'],
    ['only digits', '12345678'],
    ['a date', '2024-05-01'],
    ['a boolean', 'false'],
    ['a server URL', 'http://localhost:3000/api/v1'],
    ['a host name', 'api.example.com'],
    ['an e-mail address', 'ada@example.com'],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
    ['a lower-case word', 'staging'],
  ])('ignores a value %s', (_why, value) => {
    const secrets = registry([value, 'TENANT']);
    expect(secrets.size).toBe(0);
    expect(secrets.maskValues(`x ${value} y`)).toBe(`x ${value} y`);
  });

  it('registers a word, URL or UUID when its name says it is a secret', () => {
    expect(registry(['123e4567-e89b-12d3-a456-426614174000', 'API_KEY']).size).toBe(1);
    expect(registry(['https://hooks.example.com/T0/B0/abc', 'WEBHOOK_SECRET']).size).toBe(1);
    expect(registry(['letmein', 'PASSWORD']).size).toBe(1);
    // Too short or digits only is never a secret worth masking, whatever the name.
    expect(registry(['1234567', 'PIN_SECRET'], ['abc', 'PASSWORD']).size).toBe(0);
  });

  it('leaves text alone when nothing is registered', () => {
    const text = 'Authorization: Bearer abcdefghijkl';
    expect(new SecretRegistry().maskValues(text)).toBe(text);
  });

  it('masks a value registered after the first use', () => {
    const secrets = registry(['first-Secret-1', 'A']);
    expect(secrets.maskValues('first-Secret-1 second-Secret-2')).toBe('[masked:A] second-Secret-2');
    secrets.register('second-Secret-2', 'B');
    expect(secrets.maskValues('first-Secret-1 second-Secret-2')).toBe('[masked:A] [masked:B]');
  });
});

describe('maskText', () => {
  it('masks registered values, then shapes', () => {
    const secrets = registry(['Zq8Lm3vNx0Tk', 'API_TOKEN']);
    expect(maskText('{"raw": "Zq8Lm3vNx0Tk", "password": "hunter2"}', { secrets })).toBe('{"raw": "[masked:API_TOKEN]", "password": "[masked]"}');
    expect(maskText('"token": "Zq8Lm3vNx0Tk"', { secrets })).toBe('"token": "[masked:API_TOKEN]"');
  });

  it('masks only values when shapes are off', () => {
    const secrets = registry(['Zq8Lm3vNx0Tk', 'API_TOKEN']);
    expect(maskText('const token = req.headers.authorization; // Zq8Lm3vNx0Tk', { secrets, shapes: false })).toBe(
      'const token = req.headers.authorization; // [masked:API_TOKEN]',
    );
  });

  it('masks by shape alone without a registry, placeholders kept', () => {
    expect(maskText('Authorization: Bearer abcdefghijklmnop')).toBe('Authorization: Bearer [masked]');
    expect(maskText('PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}')).toBe('PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}');
  });

  it('never registers or masks a {{VAR}} placeholder', () => {
    const secrets = registry(['{{env:API_TOKEN}}', 'API_TOKEN']);
    expect(secrets.maskValues('Authorization: Bearer {{env:API_TOKEN}}')).toBe('Authorization: Bearer {{env:API_TOKEN}}');
  });
});

describe('maskStructured', () => {
  it('masks every string of an event, keys and other values kept', () => {
    const secrets = registry(['Zq8Lm3vNx0Tk', 'API_TOKEN']);
    const event = { type: 'tool_call', id: 'c1', args: { headers: { 'X-Custom': 'Zq8Lm3vNx0Tk' }, retries: 2, list: ['a', 'Zq8Lm3vNx0Tk'] } };
    expect(maskStructured(event, { secrets, shapes: false })).toEqual({
      type: 'tool_call',
      id: 'c1',
      args: { headers: { 'X-Custom': '[masked:API_TOKEN]' }, retries: 2, list: ['a', '[masked:API_TOKEN]'] },
    });
  });

  it('returns the same value when there is nothing to mask', () => {
    const event = { type: 'answer', text: 'hi' };
    expect(maskStructured(event, { secrets: new SecretRegistry(), shapes: false })).toBe(event);
  });
});

describe('a base64 text that holds a registered value', () => {
  it('is masked whole: Basic user:password when only the password is known', () => {
    const secrets = new SecretRegistry();
    secrets.register('hunter22!secret', 'PASSWORD');
    const header = `Authorization: Basic ${Buffer.from('ada:hunter22!secret', 'utf8').toString('base64')}`;
    expect(secrets.maskValues(header)).toBe('Authorization: Basic [masked:PASSWORD]');
  });
});
