import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallGuard } from '../../../src/agent/approval/call-guard.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import { NO_HOOKS } from '../../../src/agent/approval/hooks/hook-settings.js';
import type { PermissionMode } from '../../../src/agent/approval/permissions/permission-mode.js';
import { parsePermissionRules } from '../../../src/agent/approval/permissions/permission-rule-match.js';
import { SessionApprovals } from '../../../src/agent/approval/permissions/session-approvals.js';
import { runToolCall } from '../../../src/agent/approval/run-tool-call.js';
import type { ConfirmationRequest, ToolCallDeps } from '../../../src/agent/approval/tool-call-deps.js';
import { ToolFailureStreaks } from '../../../src/agent/tool-failure-streaks.js';
import type { HookSettings } from '../../../src/config/types.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';
import { createToolRegistry } from '../../../src/kit/tool/tool-registry.js';
import { createRetryTool } from '../../../src/agent/retry-tool.js';
import { type AnyTool, defineTool } from '../../../src/kit/tool/tool.js';
import { urlTarget } from '../../../src/kit/tool/tool-target.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-guard-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const log = () => readFile(path.join(root, 'log'), 'utf8').catch(() => '');
/** A hook that appends its name to the log, then exits with `code`. */
const logging = (name: string, code = 0, extra = '') => ({ command: `echo ${name} >> log; ${extra} exit ${code}` });

function probeTools(): AnyTool[] {
  const change = defineTool({
    name: 'change',
    description: 'writes a file',
    schema: z.strictObject({ path: z.string() }),
    kind: 'write',
    preview: async (args) => ({ kind: 'diff', path: args.path, diff: '', isNew: true }),
    run: async () => {
      const { appendFile } = await import('node:fs/promises');
      await appendFile(path.join(root, 'log'), 'run\n');
      return 'changed';
    },
  });
  const fixer = defineTool({
    name: 'fixer',
    description: 'asks for a further step',
    schema: z.strictObject({ path: z.string(), as: z.string().optional() }),
    kind: 'read',
    // Read-only itself, so that plan mode lets it ask: the step it asks about is judged on its own.
    readOnly: true,
    run: async (args, ctx) => `approved: ${await ctx.approve!(args.as ?? 'edit_file', { kind: 'diff', path: args.path, diff: '', isNew: false })}`,
  });
  // A tool the agent knows nothing of: its rules match the URL it declares, its calls show as it says.
  const fetchPage = defineTool({
    name: 'fetch_page',
    description: 'fetches a page',
    schema: z.strictObject({ address: z.string(), depth: z.number().optional() }),
    kind: 'network',
    target: urlTarget('address'),
    describe: (args) => `fetch_page ${String(args.address)} (${String(args.depth ?? 0)} links deep)`,
    run: async () => 'fetched',
  });
  // Reads many files: each file the deny rules on reading keep from it is named.
  const lister = defineTool({
    name: 'lister',
    description: 'lists a file',
    schema: z.strictObject({ file: z.string() }),
    kind: 'read',
    readOnly: true,
    run: async (args, ctx) => ctx.readDenied?.(args.file) ?? 'readable',
  });
  // A result whose details hold a registered secret and a secret's shape (as an API may echo them).
  const leaky = defineTool({
    name: 'leaky',
    description: 'answers with a secret',
    schema: z.strictObject({}),
    kind: 'read',
    readOnly: true,
    run: async () => ({
      text: `read ${REGISTERED}`,
      details: { kind: 'http_response' as const, status: 200, statusText: `OK ${SHAPED}`, durationMs: 3, sizeBytes: 2, contentType: `text/${REGISTERED}` },
    }),
  });
  const tools: AnyTool[] = [change, fixer, fetchPage, lister, leaky];
  return [...tools, createRetryTool((name) => tools.find((tool) => tool.name === name))];
}

const REGISTERED = 's3cr3t-registered-value';
const SHAPED = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

interface Setup {
  /** The session's tools that declare themselves its file reader. */
  fileReaders?: string[];
  mode?: PermissionMode;
  allow?: string[];
  deny?: string[];
  hooks?: Partial<HookSettings>;
  /** The user's answer. */
  answer?: boolean;
  /** The user answered "always, this session" for the tool earlier. */
  alwaysThisSession?: boolean;
}

async function call(name: string, args: Record<string, unknown>, setup: Setup = {}) {
  await rm(path.join(root, 'log'), { force: true });
  const events: AgentEvent[] = [];
  const asked: ConfirmationRequest[] = [];
  const session = new SessionApprovals();
  session.add(name, { label: `every ${name} call`, rules: [name] });
  const guard: CallGuard = {
    permissions: { mode: setup.mode ?? 'ask', allow: parsePermissionRules(setup.allow ?? []), deny: parsePermissionRules(setup.deny ?? []) },
    hooks: { ...NO_HOOKS, ...setup.hooks },
    sessionId: 's1',
    fileReaders: setup.fileReaders ?? [],
  };
  const secrets = new SecretRegistry();
  secrets.register(REGISTERED, 'NOTES_KEY');
  const deps: ToolCallDeps = {
    tools: createToolRegistry(probeTools()),
    emit: (event) => events.push(event),
    signal: new AbortController().signal,
    confirm: async (request) => {
      asked.push(request);
      const { appendFile } = await import('node:fs/promises');
      await appendFile(path.join(root, 'log'), 'approval\n');
      return setup.answer ?? true;
    },
    approvedThisSession: (subject, preview, hookFiles) => (setup.alwaysThisSession ? session.approving(subject, preview, hookFiles) : undefined),
    callLimit: (tool) => tool.callLimit,
    failureStreaks: new ToolFailureStreaks(),
    callCounts: new Map(),
    observationLimit: 12_000,
    context: { projectRoot: root, secrets, variables: { resolve: async (text: string) => text } } as unknown as ToolCallDeps['context'],
    guard,
  };
  const output = await runToolCall({ name, args }, deps);
  return { output, events, asked, log: await log() };
}

describe('the steps around a call', () => {
  it('run in order: policy, pre-hook, approval, execute, post-hook', async () => {
    const result = await call(
      'change',
      { path: 'a.ts' },
      { hooks: { preToolUse: [logging('pre')], postToolUse: [{ command: 'echo post >> log; echo checked by post' }] } },
    );
    expect(result.log).toBe('pre\napproval\nrun\npost\n');
    expect(result.output).toBe('changed\n\nchecked by post');
    expect(result.asked[0]).toMatchObject({ tool: 'change', title: 'create a.ts', always: [{ label: 'this file (a.ts)', rules: ['change(./a.ts)'] }] });
  });

  it('stops at a deny rule before any hook runs, and at a hook that exits 2 before approval', async () => {
    const denied = await call('change', { path: 'a.ts' }, { deny: ['change'], hooks: { preToolUse: [logging('pre')] } });
    expect(denied.output).toMatch(/^Denied by the permission rule change/);
    expect(denied.log).toBe('');
    const blocked = await call('change', { path: 'a.ts' }, { hooks: { preToolUse: [logging('pre', 2, 'echo "not on Fridays" >&2;')] } });
    expect(blocked.output).toBe('The change call was blocked by a pre_tool_use hook: not on Fridays');
    expect(blocked.log).toBe('pre\n');
  });

  it('goes on after a hook that fails otherwise, with a warning', async () => {
    const result = await call('change', { path: 'a.ts' }, { hooks: { preToolUse: [logging('pre', 1, 'echo "lint crashed" >&2;')] }, answer: true });
    expect(result.log).toBe('pre\napproval\nrun\n');
    expect(result.events).toContainEqual({
      type: 'warning',
      message: 'pre_tool_use hook `echo pre >> log; echo "lint crashed" >&2; exit 1` exited with 1: lint crashed; the change call goes on',
    });
  });

  it('runs only hooks whose matcher matches the whole tool name', async () => {
    const result = await call(
      'change',
      { path: 'a.ts' },
      {
        hooks: {
          preToolUse: [
            { ...logging('partial'), matcher: 'chan' },
            { ...logging('whole'), matcher: 'other|change' },
          ],
        },
      },
    );
    expect(result.log).toBe('whole\napproval\nrun\n');
  });

  it('approves by an allow rule without asking', async () => {
    const result = await call('change', { path: 'a.ts' }, { allow: ['change'] });
    expect(result.asked).toEqual([]);
    expect(result.log).toBe('run\n');
    expect(result.events).toContainEqual(expect.objectContaining({ type: 'tool_progress', message: 'approved by the allow rule change' }));
  });

  it('asks about a protected file even when the tool was approved for the session', async () => {
    const plain = await call('change', { path: 'src/a.ts' }, { alwaysThisSession: true });
    expect(plain.asked).toEqual([]);
    for (const file of ['.falcon/config.yaml', '.falcon/hooks/check.sh', 'falcon.md']) {
      const guarded = await call('change', { path: file }, { alwaysThisSession: true, answer: false });
      expect(guarded.asked, file).toHaveLength(1);
      expect(guarded.log, file).toBe('approval\n');
    }
  });

  it('judges retry as the call it repeats', async () => {
    const result = await call('retry', { tool: 'change', args: { path: 'a.ts' } }, { deny: ['change'] });
    expect(result.output).toMatch(/^Denied by the permission rule change: change was not run/);
  });
});

describe('what a tool declares of its calls', () => {
  it('is what rules match and what the call is shown as', async () => {
    const rules = { deny: ['fetch_page(https://evil.example/*)'], allow: ['fetch_page'] };
    const denied = await call('fetch_page', { address: 'HTTPS://evil.example/login' }, rules);
    expect(denied.output).toMatch(/^Denied by the permission rule fetch_page\(https:\/\/evil\.example\/\*\)/);
    const allowed = await call('fetch_page', { address: 'https://docs.example/start', depth: 2 }, rules);
    expect(allowed.output).toBe('fetched');
    expect(allowed.events[0]).toEqual({
      type: 'tool_call',
      id: expect.any(String),
      name: 'fetch_page',
      args: { address: 'https://docs.example/start', depth: 2 },
      label: 'fetch_page https://docs.example/start (2 links deep)',
    });
  });

  it('shows the call of a tool that declares no label by its name and arguments', async () => {
    const result = await call('change', { path: 'src/a.ts' }, { allow: ['change'] });
    expect(result.events[0]).toMatchObject({ type: 'tool_call', label: 'change src/a.ts' });
  });
});

describe("a tool's result", () => {
  it('reaches the event with its details, masked by value and by shape as the text is', async () => {
    const { output, events } = await call('leaky', {});
    expect(output).not.toContain(REGISTERED);
    const result = events.find((event) => event.type === 'tool_result');
    expect(result).toMatchObject({ type: 'tool_result', ok: true, output, details: { kind: 'http_response', status: 200 } });
    const shown = JSON.stringify(result);
    expect(shown).not.toContain(REGISTERED);
    expect(shown).not.toContain(SHAPED);
    expect(result).toMatchObject({ details: { statusText: 'OK [masked]', contentType: 'text/[masked:NOTES_KEY]' } });
  });

  it('has no details when the tool gave only its text, nor when the call failed', async () => {
    const plain = await call('fetch_page', { address: 'https://docs.example/' }, { allow: ['fetch_page'] });
    expect(plain.events.find((event) => event.type === 'tool_result')).not.toHaveProperty('details');
    const denied = await call('leaky', {}, { deny: ['leaky'] });
    expect(denied.events.find((event) => event.type === 'tool_result')).toMatchObject({ ok: false });
    expect(denied.events.find((event) => event.type === 'tool_result')).not.toHaveProperty('details');
  });
});

describe('the deny rules on reading', () => {
  it("of the session's file reader hold every tool that reads many files, though the call's own tools lack it", async () => {
    const rules = { fileReaders: ['reader'], deny: ['reader(.env*)', 'fetch_page(notes/*)', 'lister(private/*)'] };
    expect((await call('lister', { file: '.env.local' }, rules)).output).toBe('reader(.env*)');
    expect((await call('lister', { file: 'private/a.txt' }, rules)).output).toBe('lister(private/*)');
    expect((await call('lister', { file: 'notes/a.txt' }, rules)).output).toBe('readable');
    expect((await call('lister', { file: '.env.local' }, { deny: ['reader(.env*)'] })).output).toBe('readable');
  });
});

describe('ToolContext.approve: a further step of a running tool', () => {
  it('goes through the rules, the pre-hooks and the confirmation as a call of that tool', async () => {
    expect((await call('fixer', { path: 'src/a.ts' }, { answer: true })).output).toBe('approved: true');
    const declined = await call('fixer', { path: 'src/a.ts' }, { answer: false });
    expect(declined.output).toBe('approved: false');
    expect(declined.asked[0]).toMatchObject({
      tool: 'edit_file',
      title: 'change src/a.ts',
      always: [{ rules: ['edit_file(src/a.ts)'] }, { rules: ['edit_file(src/**)'] }],
    });

    const allowed = await call('fixer', { path: 'src/a.ts' }, { allow: ['edit_file(src/**)'], answer: false });
    expect(allowed).toMatchObject({ output: 'approved: true', asked: [] });

    const denied = await call('fixer', { path: 'src/a.ts' }, { deny: ['edit_file(src/*)'] });
    expect(denied).toMatchObject({ output: 'approved: false', asked: [] });
    expect(denied.events).toContainEqual({ type: 'warning', message: expect.stringMatching(/^Denied by the permission rule edit_file\(src\/\*\)/) });

    const planned = await call('fixer', { path: 'src/a.ts' }, { mode: 'plan' });
    expect(planned).toMatchObject({ output: 'approved: false', asked: [] });
    // An edit asked for under the name of a tool that only reads is still an edit.
    const plannedAsItself = await call('fixer', { path: 'src/a.ts', as: 'fixer' }, { mode: 'plan' });
    expect(plannedAsItself).toMatchObject({ output: 'approved: false', asked: [] });
    expect(plannedAsItself.events).toContainEqual({
      type: 'warning',
      message: expect.stringMatching(/^Plan mode is on: fixer was not run, as it changes files/),
    });

    const hooked = await call('fixer', { path: 'src/a.ts' }, { hooks: { preToolUse: [{ ...logging('pre', 2), matcher: 'edit_file' }] } });
    expect(hooked).toMatchObject({ output: 'approved: false', asked: [], log: 'pre\n' });
  });
});
