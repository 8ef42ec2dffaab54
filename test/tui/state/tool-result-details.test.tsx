import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { EntryView } from '../../../src/tui/components/entry-view.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { viewFromSession } from '../../../src/tui/state/transcript-from-session.js';
import { type Entry, initialViewState } from '../../../src/tui/state/view-state.js';
import { SessionStore } from '../../../src/workspace/session-store.js';
import { stripAnsi } from '../components/terminal-output.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-details-'));
});
afterEach(() => rm(project, { recursive: true, force: true }));

/** The result line under a finished call, as the transcript shows it. */
function resultLine(entry: Entry | undefined): string {
  if (!entry) throw new Error('no entry');
  const { lastFrame, unmount } = render(<EntryView entry={entry} width={80} showThoughts expanded={false} />);
  const line = stripAnsi(lastFrame() ?? '').split('\n')[1]!;
  unmount();
  return line;
}

/** A session file as Falcon writes it, one record a line. */
async function sessionFile(id: string, events: unknown[]): Promise<SessionStore<AgentEvent>> {
  const at = '2025-01-31T10:00:00.000Z';
  const lines = [
    { kind: 'session', id, createdAt: at, cwd: project },
    { kind: 'message', at, role: 'user', content: 'get user 1' },
    ...events.map((event) => ({ kind: 'event', at, event })),
  ];
  await mkdir(path.join(project, '.falcon', 'sessions'), { recursive: true });
  await writeFile(path.join(project, '.falcon', 'sessions', `${id}.jsonl`), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return SessionStore.open<AgentEvent>(project, id);
}

const call = { type: 'tool_call', id: 'c1', name: 'http_request', args: { method: 'GET', url: 'http://localhost:3000/users/1' } };
const OUTPUT = 'HTTP 200 OK · 12 ms · 21 B\ntiming: dns 0 ms\n\n{"id": 1}';

describe("a tool's result on the TUI's transcript", () => {
  it('shows the facts of a live result', () => {
    const details = { kind: 'http_response', status: 200, statusText: 'OK', durationMs: 12, sizeBytes: 21, contentType: 'application/json' } as const;
    const state = reduceView(initialViewState(), {
      type: 'agent',
      events: [call as AgentEvent, { type: 'tool_result', id: 'c1', name: 'http_request', ok: true, output: OUTPUT, details, durationMs: 14 }],
    });
    expect(state.entries.at(-1)).toMatchObject({ kind: 'tool', details });
    expect(resultLine(state.entries.at(-1))).toBe('  ⎿ 200 OK · 12 ms · 21 B json');
  });

  it('loads a session file written before details, its results shown by their first line as then', async () => {
    const store = await sessionFile('before-details', [
      call,
      { type: 'tool_result', id: 'c1', name: 'http_request', ok: true, output: OUTPUT, durationMs: 14 },
    ]);
    const entry = viewFromSession(store.loadedRecords).entries.find((candidate) => candidate.kind === 'tool');
    expect(entry).toMatchObject({ kind: 'tool', label: 'http_request GET http://localhost:3000/users/1', output: OUTPUT });
    expect(entry).not.toHaveProperty('details');
    expect(resultLine(entry)).toBe('  ⎿ HTTP 200 OK · 12 ms · 21 B');
  });

  it('loads a session file whose details were changed into what no screen knows: the first line stands in', async () => {
    const store = await sessionFile('changed-details', [
      call,
      {
        type: 'tool_result',
        id: 'c1',
        name: 'http_request',
        ok: true,
        output: OUTPUT,
        details: { kind: 'http_response', status: '\u001b[2J200' },
        durationMs: 14,
      },
    ]);
    const entry = viewFromSession(store.loadedRecords).entries.find((candidate) => candidate.kind === 'tool');
    expect(entry).not.toHaveProperty('details');
    expect(resultLine(entry)).toBe('  ⎿ HTTP 200 OK · 12 ms · 21 B');
  });

  it('shows the facts kept in a session file written with details, escape sequences made visible', async () => {
    const details = { kind: 'file_read', path: 'src/\u001b[31mapp.ts', firstLine: 1, lastLine: 120, totalLines: 340 };
    const store = await sessionFile('with-details', [
      { type: 'tool_call', id: 'c1', name: 'read_file', args: { path: 'src/app.ts' } },
      { type: 'tool_result', id: 'c1', name: 'read_file', ok: true, output: '    1  x', details, durationMs: 2 },
    ]);
    const entry = viewFromSession(store.loadedRecords).entries.find((candidate) => candidate.kind === 'tool');
    expect(resultLine(entry)).toBe('  ⎿ src/␛[31mapp.ts · lines 1–120 of 340');
  });
});
