import { describe, expect, it } from 'vitest';
import { maskSecretShapes } from '../../src/safety/secret-shapes.js';

describe('maskSecretShapes', () => {
  it('masks headers, JSON fields, .env lines and known key shapes', () => {
    const text = [
      'Authorization: Bearer abcdefghijklmnop',
      '{"password": "hunter2", "api_key": "k-123"}',
      'OPENAI_API_KEY=sk-abc123def456ghi789jkl',
      'DB_PASSWORD=hunter2',
      'key AIzaSyA1234567890abcdefghijklmnopqrstuv in text',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here',
    ].join('\n');
    const masked = maskSecretShapes(text);
    for (const secret of ['abcdefghijklmnop', 'hunter2', 'k-123', 'sk-abc123', 'AIzaSy', 'eyJhbGci']) {
      expect(masked).not.toContain(secret);
    }
  });

  it('leaves ordinary values alone', () => {
    expect(maskSecretShapes('PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}')).toBe('PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}');
  });

  it('leaves a mask that names its secret, and a shell variable standing for a value, as they are', () => {
    const text = '"token": "[masked:API_TOKEN]"\nAuthorization: Bearer [masked:API_TOKEN]\n-H "X-Api-Key: $X_API_KEY" -H "authorization: Bearer ${TOKEN}"';
    expect(maskSecretShapes(text)).toBe(text);
    expect(maskSecretShapes('password=$ecret123 and api_key: $lowercase1')).toBe('password=[masked] and api_key: [masked]');
  });

  it('leaves a {{VAR}} placeholder standing for a value as it is, but not one with a value stuck to it', () => {
    const text =
      'pass it with -H "X-API-Key: {{API_KEY}}" or -H "Authorization: Bearer {{env:API_TOKEN}}" or -H "Cookie: session={{SESSION}}"; token={{TOKEN}}';
    expect(maskSecretShapes(text)).toBe(text);
    expect(maskSecretShapes('X-API-Key: {{PREFIX}}abc123 and token={{A}}-rest')).toBe('X-API-Key: [masked]}}abc123 and token=[masked]}}-rest');
  });

  it("keeps a cookie's name when its value stands in for the secret, and masks a cookie in clear", () => {
    const text = '-H "cookie: tid_session=$SESSION_OF_ALICE" and cookie: sid=[masked:session_of_bob]';
    expect(maskSecretShapes(text)).toBe(text);
    expect(maskSecretShapes('cookie: tid_session=Zx81kLm0Qa')).toBe('cookie: [masked]');
  });
});
