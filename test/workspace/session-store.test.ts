import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore, listSessions, type SessionRecord } from '../../src/workspace/session-store.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-session-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

async function records(store: SessionStore): Promise<SessionRecord[]> {
  return (await readFile(store.file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SessionRecord);
}

describe('SessionStore compaction', () => {
  it('keeps every message in the file and resumes from the compacted history', async () => {
    const store = SessionStore.create(project);
    for (let i = 1; i <= 6; i++) store.recordMessage({ role: i % 2 ? 'user' : 'assistant', content: `m${i}` });
    store.recordCompaction(4, '[Checkpoint] one', { facts: 1 });
    store.recordMessage({ role: 'assistant', content: 'm7' });
    store.recordCompaction(2, '[Checkpoint] two', { facts: 2 });
    store.recordMessage({ role: 'user', content: 'm8' });

    expect(store.messages.map((m) => m.content)).toEqual(['[Checkpoint] two', 'm6', 'm7', 'm8']);
    const saved = await records(store);
    expect(saved.filter((r) => r.kind === 'message').map((r) => (r as { content: string }).content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    expect(saved.filter((r) => r.kind === 'compaction')).toMatchObject([{ replaced: 4 }, { replaced: 2 }]);

    const resumed = await SessionStore.open(project, store.id);
    expect(resumed.messages).toEqual(store.messages);
    expect(resumed.compactionState).toEqual({ facts: 2 });
  });

  it('masks secrets in the checkpoint on its way to disk', async () => {
    const store = SessionStore.create(project);
    store.recordMessage({ role: 'user', content: 'hi' });
    store.recordCompaction(1, 'Authorization: Bearer sk-abcdefghijklmnopqrstuvwxyz123456');
    const text = await readFile(store.file, 'utf8');
    expect(text).not.toContain('sk-abcdefghijklmnopqrstuvwxyz123456');
  });
});

describe('SessionStore interrupted replies', () => {
  it('saves one, flagged and masked, and leaves it out of the history now and on resume, compactions included', async () => {
    const store = SessionStore.create(project);
    store.recordMessage({ role: 'user', content: 'm1' });
    store.recordInterruptedReply('Final Answer: half, with Authorization: Bearer abcdefghijklmnop123');
    store.recordMessage({ role: 'user', content: 'm2' });
    store.recordMessage({ role: 'assistant', content: 'm3' });
    store.recordCompaction(2, '[Checkpoint] one');
    store.recordMessage({ role: 'user', content: 'm4' });

    expect(store.messages.map((m) => m.content)).toEqual(['[Checkpoint] one', 'm3', 'm4']);
    const interrupted = (await records(store)).filter((r) => r.kind === 'message' && r.interrupted);
    expect(interrupted).toHaveLength(1);
    expect(interrupted[0]).toMatchObject({ role: 'assistant', interrupted: true });
    expect(JSON.stringify(interrupted[0])).not.toContain('abcdefghijklmnop123');

    const resumed = await SessionStore.open(project, store.id);
    expect(resumed.messages).toEqual(store.messages);
  });
});

describe('SessionStore in a project whose sessions folder is a link', () => {
  it('saves nothing, says why, and lists and resumes nothing from there', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'falcon-elsewhere-'));
    try {
      await writeFile(path.join(elsewhere, 'planted.jsonl'), '{"kind":"message","at":"x","role":"user","content":"planted"}\n');
      await mkdir(path.join(project, '.falcon'));
      await symlink(elsewhere, path.join(project, '.falcon', 'sessions'));
      const store = SessionStore.create(project);
      store.recordMessage({ role: 'user', content: 'hi' });
      expect(store.unsaved).toBe(`.falcon/sessions/ is a symbolic link (to ${elsewhere}), and Falcon keeps sessions only in a real folder inside the project`);
      expect(await readdir(elsewhere)).toEqual(['planted.jsonl']);
      expect(await listSessions(project)).toEqual([]);
      await expect(SessionStore.open(project, 'planted')).rejects.toThrow(/No session is resumed from .*: \.falcon\/sessions\/ is a symbolic link/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('neither lists nor resumes a session file that is a link', async () => {
    const elsewhere = path.join(project, 'elsewhere.jsonl');
    await writeFile(elsewhere, '{"kind":"message","at":"x","role":"user","content":"planted"}\n');
    await mkdir(path.join(project, '.falcon', 'sessions'), { recursive: true });
    await symlink(elsewhere, path.join(project, '.falcon', 'sessions', 'linked.jsonl'));
    expect(await listSessions(project)).toEqual([]);
    await expect(SessionStore.open(project, 'linked')).rejects.toThrow(/No session "linked"/);
  });
});
