import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../src/workspace/mask-secrets.js';

describe('maskSecrets', () => {
  it('masks headers, JSON fields, .env lines and known key shapes', () => {
    const text = [
      'Authorization: Bearer abcdefghijklmnop',
      '{"password": "hunter2", "api_key": "k-123"}',
      'OPENAI_API_KEY=sk-abc123def456ghi789jkl',
      'DB_PASSWORD=hunter2',
      'key AIzaSyA1234567890abcdefghijklmnopqrstuv in text',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here',
    ].join('\n');
    const masked = maskSecrets(text);
    for (const secret of ['abcdefghijklmnop', 'hunter2', 'k-123', 'sk-abc123', 'AIzaSy', 'eyJhbGci']) {
      expect(masked).not.toContain(secret);
    }
  });

  it('leaves ordinary values alone', () => {
    expect(maskSecrets('PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}')).toBe(
      'PORT=3000\nBASE_URL: http://localhost:3000\n{"name": "Ada"}',
    );
  });
});
