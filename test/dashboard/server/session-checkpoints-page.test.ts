// A session's page on the dashboard lists its checkpoints (each call that changed files) and shows
// its diff, read from the project's shadow repository; a rewind shows in the transcript.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CheckpointStore } from '../../../src/engines/checkpoints/checkpoint-store.js';
import { SessionCheckpoints } from '../../../src/engines/checkpoints/session-checkpoints.js';
import { type RunningDashboard, startDashboard } from '../../../src/dashboard/server/start-dashboard.js';
import { SessionStore } from '../../../src/workspace/session-store.js';

let root: string;
let project: string;
let home: string;
let dashboard: RunningDashboard | undefined;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-dashboard-checkpoints-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  await mkdir(path.join(project, '.falcon'), { recursive: true });
  await mkdir(home);
});
afterEach(async () => {
  await dashboard?.close();
  await rm(root, { recursive: true, force: true });
});

async function page(sessionId: string, falconHome?: string): Promise<string> {
  dashboard = await startDashboard({ projectRoot: project, port: 0, theme: 'dark', ...(falconHome && { falconHome }) });
  const signIn = await fetch(dashboard.url, { redirect: 'manual' });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  return (await fetch(`http://127.0.0.1:${dashboard.port}/sessions/${sessionId}`, { headers: { cookie } })).text();
}

it('lists each change with its files, an undone one marked, and the session’s diff per file, coloured', async () => {
  await writeFile(path.join(project, 'edit.txt'), 'one\ntwo\n');
  const session = SessionStore.create(project);
  const checkpoints = new SessionCheckpoints(await CheckpointStore.forProject(home, project), session);
  session.recordEvent({ type: 'run_start', runId: 'r1', input: 'change things' } as never);
  session.recordMessage({ role: 'user', content: 'change things' });
  const call = (id: string, tool: string, change: () => Promise<unknown>) => checkpoints.around({ id, tool }, change, () => undefined);
  await call('c1', 'edit_file', () => writeFile(path.join(project, 'edit.txt'), 'one\n<TWO>\n'));
  await call('c2', 'write_file', () => writeFile(path.join(project, 'notes.md'), '# Notes\n'));
  await call('c3', 'write_file', () => writeFile(path.join(project, 'key.txt'), `OPENAI_API_KEY=sk-proj-${'a1B2c3D4'.repeat(6)}\n`));
  const masked = await page(session.id, home);
  expect(masked).toContain('key.txt (new file, +1 −0)');
  expect(masked).not.toContain('a1B2c3D4a1B2c3D4');
  await dashboard!.close();
  dashboard = undefined;
  for (const undone of ['key.txt', 'notes.md']) {
    const undo = (await checkpoints.planUndo())!;
    expect(undo.changes.map((change) => change.path)).toEqual([undone]);
    await checkpoints.apply(undo, { overwriteOutside: true });
  }
  session.recordRewind(1);

  const html = await page(session.id, home);
  expect(html).toContain('<h2 id="checkpoints">Checkpoints (5 changes)</h2>');
  expect(html).toMatch(/<code>edit_file<\/code>: <code>edit\.txt<\/code><\/li>/);
  expect(html).toMatch(/<code>write_file<\/code> \(undone since\): <code>notes\.md<\/code><\/li>/);
  expect(html).toMatch(/<code>write_file<\/code> \(undone since\): <code>key\.txt<\/code><\/li>/);
  expect(html).toMatch(/<code>\/undo<\/code>: <code>key\.txt<\/code><\/li>/);
  expect(html).toMatch(/<code>\/undo<\/code>: <code>notes\.md<\/code><\/li>/);
  expect(html).toContain('<h2 id="session-diff">What the session changed (1 file)</h2>');
  expect(html).toContain('<h3><code>edit.txt (+1 −1)</code></h3>');
  expect(html).toContain('<span class="removed">-two</span>');
  expect(html).toContain('<span class="added">+&lt;TWO&gt;</span>');
  expect(html).toContain('Rewound: the conversation went on from before message 1');
  expect(html).not.toContain('unreadable');
});

it('says nothing of checkpoints for a session that took none, nor without a Falcon home to read them from', async () => {
  const session = SessionStore.create(project);
  session.recordMessage({ role: 'user', content: 'just asking' });
  expect(await page(session.id, home)).not.toContain('Checkpoints (');
  await dashboard!.close();
  dashboard = undefined;
  expect(await page(session.id)).not.toContain('Checkpoints (');
});
