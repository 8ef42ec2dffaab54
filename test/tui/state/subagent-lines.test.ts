import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { initialViewState, type ViewState } from '../../../src/tui/state/view-state.js';

const feed = (events: AgentEvent[], state: ViewState = initialViewState()) => reduceView(state, { type: 'agent', events });
const of = (agent: string, event: AgentEvent, extra: { background?: true } = {}): AgentEvent => ({
  type: 'subagent',
  agent,
  profile: agent.split('#')[0]!,
  ...extra,
  event,
});
const steps = (state: ViewState) => (state.running?.subagents ?? []).map((line) => `${line.label} (${line.task}): ${line.step}`);

const call: AgentEvent = { type: 'tool_call', id: 'c1', name: 'subagent', args: { tasks: [] } };

describe('sub-agents in the view', () => {
  it('keeps a live line per running sub-agent under its call: its task and what it does now', () => {
    let state = feed([
      call,
      of('scout#1', { type: 'run_start', runId: 'r1', input: 'find the handler' }),
      of('tester#2', { type: 'run_start', runId: 'r2', input: 'probe /users' }),
    ]);
    expect(steps(state)).toEqual(['scout#1 (find the handler): thinking', 'tester#2 (probe /users): thinking']);
    state = feed(
      [
        of('scout#1', { type: 'tool_call', id: 's1', name: 'search_code', args: { pattern: 'users' } }),
        of('tester#2', { type: 'tool_call', id: 's2', name: 'http_request', args: { method: 'GET', url: 'http://api/users' } }),
      ],
      state,
    );
    expect(steps(state)).toEqual(['scout#1 (find the handler): search_code users', 'tester#2 (probe /users): http_request GET http://api/users']);
    state = feed([of('scout#1', { type: 'tool_result', id: 's1', name: 'search_code', ok: true, output: 'x', durationMs: 3 })], state);
    expect(steps(state)[0]).toBe('scout#1 (find the handler): thinking');
    state = feed([of('scout#1', { type: 'run_end', reason: 'answer', turns: 2, toolCalls: 1 })], state);
    expect(steps(state)).toEqual(['tester#2 (probe /users): http_request GET http://api/users']);
    state = feed([{ type: 'tool_result', id: 'c1', name: 'subagent', ok: true, output: 'done', durationMs: 9 }], state);
    expect(state.running).toBeUndefined();
  });

  it('shows a nested sub-agent’s step on its parent’s line, and adds every sub-agent’s tokens to the session’s', () => {
    const state = feed([
      call,
      of('nester#1', { type: 'run_start', runId: 'r1', input: 'go deeper' }),
      of('nester#1', of('scout#2', { type: 'tool_call', id: 'n1', name: 'read_file', args: { path: 'app.ts' } })),
      of('nester#1', of('scout#2', { type: 'usage', inputTokens: 100, outputTokens: 7 })),
      { type: 'usage', inputTokens: 10, outputTokens: 1 },
    ]);
    expect(steps(state)).toEqual(['nester#1 (go deeper): scout#2 read_file app.ts']);
    expect(state.usage).toMatchObject({ calls: 2, inputTokens: 110, outputTokens: 8 });
  });

  it('shows no line for a background sub-agent, which runs under no call', () => {
    const state = feed([call, of('scout#1', { type: 'run_start', runId: 'r1', input: 'later' }, { background: true })]);
    expect(state.running?.subagents).toBeUndefined();
  });

  it('makes what a sub-agent sends terminal-safe', () => {
    const state = feed([call, of('scout#1', { type: 'run_start', runId: 'r1', input: 'evil \u001b]0;pwned\u0007 task' })]);
    expect(state.running?.subagents?.[0]?.task).not.toMatch(/\u001b|\u0007/);
  });
});
