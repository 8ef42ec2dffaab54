import { describe, expect, it } from 'vitest';
import { normalizeOllamaHost } from '../../src/config/ollama-host.js';

describe('normalizeOllamaHost', () => {
  it.each([
    ['localhost:11434', 'http://localhost:11434'],
    ['gpu-box', 'http://gpu-box:11434'],
    [':8080', 'http://127.0.0.1:8080'],
    ['0.0.0.0', 'http://0.0.0.0:11434'],
    ['[::1]:11434', 'http://[::1]:11434'],
    ['http://localhost:11434/', 'http://localhost:11434'],
    ['https://ollama.com', 'https://ollama.com'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeOllamaHost(input)).toBe(expected);
  });
});
