import { appendFile, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/workspace/session-events.js';
import { SessionStore } from '../../src/workspace/session-store.js';
import { summarizeSessions } from '../../src/workspace/session-summaries.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-summaries-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

/** A session the user started `runs` times, its file last changed at `modifiedAt`. */
async function session(first: string, runs: number, modifiedAt: Date): Promise<SessionStore> {
  const store = SessionStore.create(project);
  for (let run = 0; run < runs; run++) {
    store.recordEvent({ type: 'run_start', runId: `r${run}`, input: run === 0 ? first : `next ${run}` } as SessionEvent);
    store.recordMessage({ role: 'user', content: run === 0 ? first : `next ${run}` });
    store.recordEvent({ type: 'tool_call', id: 'c', name: 'read_file', args: { path: 'a' } } as SessionEvent);
    store.recordMessage({ role: 'user', content: 'Observation: {"type":"run_start"} is only text here' });
    // A sub-agent's run is not the user's.
    store.recordEvent({ type: 'subagent', agent: 'scout#1', profile: 'scout', event: { type: 'run_start', runId: 's', input: 'look' } } as SessionEvent);
    store.recordMessage({ role: 'assistant', content: 'Final Answer: done' });
  }
  await utimes(store.file, modifiedAt, modifiedAt);
  return store;
}

describe('summarizeSessions', () => {
  it('lists the newest first, each with the first message the user sent and the runs they started', async () => {
    const older = await session('how many users?', 3, new Date('2025-03-01T10:00:00Z'));
    const newer = await session('fix the login', 1, new Date('2025-03-02T10:00:00Z'));
    expect(await summarizeSessions(project, 10)).toEqual([
      { id: newer.id, modifiedAt: new Date('2025-03-02T10:00:00Z'), firstMessage: 'fix the login', turns: 1 },
      { id: older.id, modifiedAt: new Date('2025-03-01T10:00:00Z'), firstMessage: 'how many users?', turns: 3 },
    ]);
    expect(await summarizeSessions(project, 1)).toHaveLength(1);
  });

  it('reads a session without a message, and skips a line a crash cut short', async () => {
    const store = await session('first words', 2, new Date('2025-03-01T10:00:00Z'));
    await appendFile(store.file, '{"kind":"event","at":"x","event":{"type":"run_start","inp');
    const empty = SessionStore.create(project);
    empty.recordEvent({ type: 'warning', message: 'a hook failed' } as SessionEvent);
    const summaries = await summarizeSessions(project, 10);
    expect(summaries.find((s) => s.id === store.id)).toMatchObject({ firstMessage: 'first words', turns: 2 });
    expect(summaries.find((s) => s.id === empty.id)).toEqual({ id: empty.id, modifiedAt: expect.any(Date), turns: 0 });
  });

  it('is empty for a project without sessions', async () => {
    expect(await summarizeSessions(project, 10)).toEqual([]);
  });
});
