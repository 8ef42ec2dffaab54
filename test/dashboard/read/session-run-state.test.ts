import { describe, expect, it } from 'vitest';
import { lastRunState, runStateOfLine } from '../../../src/dashboard/read/session-run-state.js';

const event = (type: string) => JSON.stringify({ kind: 'event', at: 'now', event: { type } });

describe('the run state of a session file', () => {
  it('is told by run_start and run_end events only', () => {
    expect(runStateOfLine(event('run_start'))).toBe('running');
    expect(runStateOfLine(event('run_end'))).toBe('ended');
    expect(runStateOfLine(event('answer'))).toBeUndefined();
    expect(runStateOfLine(JSON.stringify({ kind: 'message', role: 'user', content: 'run_end' }))).toBeUndefined();
    expect(runStateOfLine(JSON.stringify({ kind: 'event', event: null }))).toBeUndefined();
    expect(runStateOfLine('{"kind":"event","event":{"type":"run_e')).toBeUndefined();
    // A sub-agent's run ending is not the session's.
    expect(runStateOfLine(JSON.stringify({ kind: 'event', event: { type: 'subagent', event: { type: 'run_end' } } }))).toBeUndefined();
  });

  it('is the last start or end among the lines', () => {
    expect(lastRunState([])).toBe('none');
    expect(lastRunState([JSON.stringify({ kind: 'session', id: 'x' })])).toBe('none');
    expect(lastRunState([event('run_start'), event('thought'), event('answer')])).toBe('running');
    expect(lastRunState([event('run_start'), event('answer'), event('run_end'), event('usage')])).toBe('ended');
    expect(lastRunState([event('run_start'), event('run_end'), event('run_start')])).toBe('running');
  });
});
