import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/agent/events.js';
import { sessionLogTool } from '../../../../src/capabilities/falcon-folder/tools/session-log.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { SessionStore } from '../../../../src/workspace/session-store.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let ctx: ToolContext;

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
});
afterEach(() => project.remove());

type Args = Parameters<typeof sessionLogTool.run>[0];
const call = async (args: Args) => toolResult(await sessionLogTool.run(sessionLogTool.schema.parse(args), ctx)).text;

/** A session as the agent writes it: messages, and each tool call with its result. */
function recordSession(
  toolCalls: Array<{ name: string; args: Record<string, unknown>; ok?: boolean; output: string }>,
  ask = 'Test the login flow',
): SessionStore<AgentEvent> {
  const store = SessionStore.create<AgentEvent>(project.root);
  store.recordMessage({ role: 'user', content: ask });
  toolCalls.forEach((call, index) => {
    const id = `call-${index}`;
    store.recordEvent({ type: 'tool_call', id, name: call.name, args: call.args } as AgentEvent);
    store.recordEvent({ type: 'tool_result', id, name: call.name, ok: call.ok ?? true, output: call.output, durationMs: 3 });
    store.recordMessage({ role: 'user', content: `Observation: ${call.output}` });
  });
  store.recordEvent({ type: 'answer', text: 'Login works; the token expires after 15 minutes.' });
  return store;
}

const loginSession = () =>
  recordSession([
    { name: 'session_log', args: { action: 'start', name: 'login' }, output: 'Started test segment "login".' },
    { name: 'http_request', args: { method: 'POST', url: 'http://api/login', body: { password: 'hunter22' } }, output: 'HTTP 200 OK · 12 ms' },
    { name: 'session_log', args: { action: 'end' }, output: 'Ended test segment "login" after 1 s.' },
    { name: 'session_log', args: { action: 'start', name: 'refused' }, ok: false, output: 'Error: …' },
    { name: 'http_request', args: { method: 'GET', url: 'http://api/orders' }, output: 'HTTP 500 Internal Server Error · 8 ms' },
  ]);

describe('session_log start and end', () => {
  it('marks a named segment in this session and reports how long it lasted', async () => {
    expect(await call({ action: 'start', name: 'login flow' })).toBe(
      'Started test segment "login flow". End it with session_log {"action": "end"}; read it back with {"action": "read", "name": "login flow"}.',
    );
    expect(ctx.session.testSegment.open?.name).toBe('login flow');
    expect(await call({ action: 'start', name: 'checkout' })).toMatch(/^Ended "login flow" \(\d+ s\)\. Started test segment "checkout"/);
    await expect(call({ action: 'end', name: 'login flow' })).rejects.toThrow('The open segment is "checkout", not "login flow".');
    expect(await call({ action: 'end' })).toMatch(/^Ended test segment "checkout" after \d+ s\.$/);
    await expect(call({ action: 'end' })).rejects.toThrow(/No test segment is open/);
  });

  it('refuses a missing or unusable name and unused fields', async () => {
    await expect(call({ action: 'start' })).rejects.toThrow('session_log: start needs name');
    await expect(call({ action: 'start', name: 'a\nb' })).rejects.toThrow(/a name of one line/);
    await expect(call({ action: 'list', id: 'x' })).rejects.toThrow(/list does not use id/);
    await expect(call({ action: 'start', name: 'x', id: 'y' })).rejects.toThrow(ToolError);
    expect(ctx.session.testSegment.open).toBeUndefined();
  });
});

describe('session_log list and read', () => {
  it('lists sessions newest first with what was asked and their segments', async () => {
    expect(await call({ action: 'list' })).toBe('No sessions in .falcon/sessions/ yet.');
    const older = recordSession([], 'Why does GET /users/7 fail?');
    await utimes(older.file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const newer = loginSession();
    const output = await call({ action: 'list' });
    const lines = output.split('\n');
    expect(lines[0]).toBe('2 sessions, newest first:');
    expect(lines[1]).toMatch(new RegExp(`^- ${newer.id} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d · 6 messages · "Test the login flow" · segments: login$`));
    expect(lines[2]).toMatch(new RegExp(`^- ${older.id} · .* · 1 messages · "Why does GET /users/7 fail\\?"$`));
    expect(await readdir(path.join(project.root, '.falcon', 'sessions'))).toHaveLength(2);
  });

  it('reads the newest session as a short transcript, secrets masked', async () => {
    const store = loginSession();
    const output = await call({ action: 'read' });
    const lines = output.split('\n').map((line) => line.replace(/^\d\d:\d\d:\d\d /, ''));
    expect(lines[0]).toBe(`Session ${store.id} (6 messages):`);
    expect(lines).toContain('user: Test the login flow');
    expect(lines).toContain('── segment "login" started ──');
    expect(lines).toContain('  ✓ HTTP 200 OK · 12 ms');
    expect(lines).toContain('── segment ended ──');
    expect(lines).toContain('answer: Login works; the token expires after 15 minutes.');
    expect(output).not.toContain('hunter22');
    expect(output).not.toContain('Observation:');
  });

  it('reads one named segment of a session', async () => {
    const store = loginSession();
    recordSession([]); // a newer session without segments
    const output = await call({ action: 'read', id: store.id, name: 'login' });
    expect(output.split('\n')[0]).toBe(`Segment "login" of session ${store.id}:`);
    expect(output).toContain('http://api/login');
    expect(output).not.toContain('http://api/orders');
    await expect(call({ action: 'read', id: store.id, name: 'refused' })).rejects.toThrow(`Session ${store.id} has no segment "refused"; its segments: login.`);
  });

  it('names the recent sessions when an id is unknown', async () => {
    const store = loginSession();
    await expect(call({ action: 'read', id: 'nope' })).rejects.toThrow(new RegExp(`No session "nope".*Recent sessions: ${store.id}`));
    await expect(call({ action: 'read', id: '../../etc/passwd' })).rejects.toThrow(/is not a session id/);
  });
});
