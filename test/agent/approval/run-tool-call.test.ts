import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { type ToolCallRequest, runToolCall } from '../../../src/agent/approval/run-tool-call.js';
import type { ToolCallDeps } from '../../../src/agent/approval/tool-call-deps.js';
import { ToolFailureStreaks } from '../../../src/agent/tool-failure-streaks.js';
import { createToolRegistry } from '../../../src/tools/registry.js';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';
import { describeTool } from '../../../src/tools/support/tool-reference.js';

const registry = createToolRegistry(await loadDefaultTools());

function call(request: ToolCallRequest, failureStreaks = new ToolFailureStreaks()): Promise<{ output: string; events: AgentEvent[] }> {
  const events: AgentEvent[] = [];
  const deps: ToolCallDeps = {
    tools: registry,
    emit: (event) => events.push(event),
    signal: new AbortController().signal,
    confirm: async () => false,
    callLimit: (tool) => tool.callLimit,
    callCounts: new Map(),
    failureStreaks,
    observationLimit: 12_000,
    // Wrong calls never reach a tool's run, so nothing of the context is used.
    context: {} as ToolCallDeps['context'],
  };
  return runToolCall(request, deps).then((output) => ({ output, events }));
}

describe('runToolCall with a deferred tool', () => {
  const auth = registry.get('auth')!;

  it("answers wrong arguments with the problems and the tool's full reference", async () => {
    expect(auth.deferred).toBe(true);
    const { output, events } = await call({ name: 'auth', args: { action: 'login', user: 'ada' } });
    expect(output).toMatch(/^Error: invalid arguments for auth: action: expected one of "bearer", .*unknown key "user"/);
    expect(output).toContain(`\n\nIts parameters:\n${describeTool(auth)}`);
    expect(events.at(-1)).toMatchObject({ type: 'tool_result', name: 'auth', ok: false, output });
  });

  it('answers arguments that could not be read with the reference too', async () => {
    const { output } = await call({ name: 'auth', problem: 'the JSON ends too early' });
    expect(output).toBe(`Error: could not read the arguments of auth: the JSON ends too early\n\nIts parameters:\n${describeTool(auth)}`);
  });

  it("leaves a core tool's errors as they were: its reference is in the prompt", async () => {
    const { output } = await call({ name: 'read_file', args: { file: 'a.ts' } });
    expect(output).toBe('Error: invalid arguments for read_file: path: missing (expected string); unknown key "file" (known: path, offset, limit)');
    const unreadable = await call({ name: 'read_file', problem: 'not JSON' });
    expect(unreadable.output).toBe('Error: could not read the arguments of read_file: not JSON');
  });

  it('still names the available tools for an unknown one', async () => {
    const { output } = await call({ name: 'fetch_url', args: {} });
    expect(output).toMatch(/^Error: unknown tool "fetch_url"\. Available tools: http_request, .*tool_search.*retry\.$/);
  });
});

describe('runToolCall with a tool that keeps failing', () => {
  it('disables it after three failed calls in a row, saying so, and refuses it from then on', async () => {
    const streaks = new ToolFailureStreaks();
    const wrong = { name: 'auth', args: { action: 'login' } };
    expect((await call(wrong, streaks)).output).not.toContain('disabled');
    expect((await call(wrong, streaks)).output).not.toContain('disabled');
    const third = await call(wrong, streaks);
    expect(third.output).toMatch(/^Error: invalid arguments for auth/);
    expect(third.output).toContain('auth has now failed 3 calls in a row and is disabled for the rest of this run: it is no longer available.');
    const fourth = await call({ name: 'auth', args: { action: 'decode_jwt', token: 'x' } }, streaks);
    expect(fourth.output).toBe('Error: auth is disabled for the rest of this run after 3 failed calls in a row; it is no longer available.');
    expect(fourth.events.at(-1)).toMatchObject({ type: 'tool_result', name: 'auth', ok: false });
  });

  it('starts the count again after a call that succeeds, and counts each tool on its own', async () => {
    const streaks = new ToolFailureStreaks();
    for (const outcome of ['failed', 'failed', 'ok', 'failed', 'failed'] as const) {
      if (outcome === 'ok') streaks.succeeded('auth');
      else expect(streaks.failed('auth')).toBe(false);
    }
    expect(streaks.failed('wait')).toBe(false);
    expect(streaks.isDisabled('auth')).toBe(false);
    expect(streaks.failed('auth')).toBe(true);
    expect(streaks.isDisabled('auth')).toBe(true);
    expect(streaks.isDisabled('wait')).toBe(false);
  });
});
