import { describe, expect, it } from 'vitest';
import { basicHeader, bearerHeader, checkApiKey } from '../../../src/engines/auth/auth-header.js';
import { maskToken } from '../../../src/engines/auth/mask-token.js';

describe('auth headers', () => {
  it('makes Bearer and Basic header values', () => {
    expect(bearerHeader('abc.def')).toBe('Bearer abc.def');
    expect(bearerHeader(' bearer abc.def ')).toBe('Bearer abc.def');
    expect(basicHeader('ada', 'pässword')).toBe(`Basic ${Buffer.from('ada:pässword', 'utf8').toString('base64')}`);
    expect(checkApiKey(' k-123 ')).toBe('k-123');
  });

  it('refuses values that cannot go in a header', () => {
    expect(() => bearerHeader('Bearer ')).toThrow('the token is empty');
    expect(() => bearerHeader('abc def')).toThrow('the token contains spaces or line breaks; give the token alone');
    expect(() => basicHeader('a:b', 'x')).toThrow('a Basic auth username cannot contain ":" (RFC 7617)');
    expect(() => basicHeader('ada', 'x\r\nX-Evil: 1')).toThrow('the username or password contains a line break or control character');
    expect(() => checkApiKey('  ')).toThrow('the API key is empty');
  });

  it('masks a token to a short prefix', () => {
    expect(maskToken('eyJhbGciOiJIUzI1NiJ9.payload')).toBe('eyJh…(masked)');
    expect(maskToken('short-key')).toBe('…(masked)');
  });
});
