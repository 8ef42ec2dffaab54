import { describe, expect, it } from 'vitest';
import { durationMs } from '../../../../src/capabilities/flows/engine/flow-duration.js';
import type { StepCondition } from '../../../../src/engines/flow-files/flow-format.js';
import { checkCondition } from '../../../../src/capabilities/flows/engine/step-condition.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';

describe('checkCondition', () => {
  const variables = new VariableScope('/nonexistent-project', {}).withValues({ on: 'yes', off: '0', empty: '', n: '3' });

  it('runs a step when there is no condition, or one that holds', async () => {
    const conditions: Array<StepCondition | undefined> = [undefined, '{{on}}', true, 1, { equals: ['{{n}}', 3] }];
    for (const condition of conditions) {
      expect(await checkCondition(condition, variables)).toEqual({ run: true });
    }
  });

  it('skips a step on empty, false, 0, an unset variable or unequal values, saying why', async () => {
    expect(await checkCondition('{{off}}', variables)).toEqual({ run: false, reason: 'if: "{{off}}" is "0"' });
    expect(await checkCondition('{{empty}}', variables)).toEqual({ run: false, reason: 'if: "{{empty}}" is empty' });
    expect(await checkCondition(false, variables)).toMatchObject({ run: false });
    expect(await checkCondition(0, variables)).toMatchObject({ run: false });
    expect(await checkCondition('FALSE', variables)).toMatchObject({ run: false });
    expect(await checkCondition('{{missing}}', variables)).toMatchObject({ run: false, reason: expect.stringContaining('{{missing}}') });
    expect(await checkCondition({ equals: ['{{on}}', 'no'] }, variables)).toEqual({ run: false, reason: 'if: "yes" is not "no"' });
  });
});

describe('durationMs', () => {
  it('reads 500ms, 2s, 1m, and numbers as milliseconds', () => {
    expect([durationMs('500ms'), durationMs('2s'), durationMs('1m'), durationMs(250), durationMs('250'), durationMs(' 3 s '), durationMs('0s')]).toEqual([
      500, 2000, 60_000, 250, 250, 3000, 0,
    ]);
  });
});
