import { describe, expect, it } from 'vitest';
import { truncateObservation } from '../../src/agent/observation.js';

describe('truncateObservation', () => {
  it('keeps short output whole', () => {
    expect(truncateObservation('exit 0', 100)).toBe('exit 0');
  });

  it('keeps the head and the tail of long output, and says what was left out and how to see it', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join('\n');
    const cut = truncateObservation(`${lines}\nFAILED: 3 tests, exit code 1`, 1_000);
    expect(cut.startsWith('line 1\nline 2\n')).toBe(true);
    expect(cut.endsWith('FAILED: 3 tests, exit code 1')).toBe(true);
    expect(cut).toMatch(/\[output truncated: showing 1,000 of [\d,]+ characters — the first 700 and the last 300\. Narrow the call/);
    expect(cut.length).toBeLessThan(1_300);
  });
});
