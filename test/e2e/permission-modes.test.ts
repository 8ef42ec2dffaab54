// Permission modes through the built binary: what runs without asking in each, headless and in the TUI.
import { access, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer, type CountingServer } from '../apis/counting-server.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { configurePermissions, streamEvents } from '../support/permission-sandbox.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let tui: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    tui?.kill();
    tui = undefined;
  },
});
let api: CountingServer;
beforeAll(async () => {
  api = await startCountingServer();
});
afterAll(() => api.close());

const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });
const inProject = (file: string) => path.join(setup.sandbox.project, file);
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );
const observations = () => setup.models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
const asked = (stdout: string) => streamEvents(stdout).flatMap((event) => (event.type === 'confirmation_required' ? [event.title] : []));

/** A write, a command, a POST and a GET: one of each kind of work. */
function scriptEveryKind(): void {
  setup.models.script([
    'ACTION: write_file({"path": "plan.md", "content": "# Plan\\n"})',
    'ACTION: bash({"command": "touch ran-a-command"})',
    `ACTION: http_request({"method": "POST", "url": "${api.url}/orders", "body": {"n": 1}})`,
    `ACTION: http_request({"method": "GET", "url": "${api.url}/orders"})`,
    'Final Answer: done',
  ]);
}

/** Files that tools run, each with the reason its change is asked about. */
const FILES_THAT_RUN: ReadonlyArray<[file: string, reason: string]> = [
  ['.git/hooks/pre-commit', 'git runs the commands its config and hooks name, at the next git command'],
  ['.husky/pre-commit', 'git runs it as a hook, or the commands it names, at each commit'],
  ['.env', 'it sets the environment of the tools that load it, Falcon included'],
  ['.envrc', 'direnv runs it as a shell script when the folder is entered'],
  ['.vscode/tasks.json', 'the editor runs the tasks, programs and terminal settings it names'],
  ['.npmrc', 'the package manager runs the programs and scripts it names'],
  ['package.json', 'npm runs its scripts and links its bin'],
  ['Makefile', 'its tasks and build steps are the commands make, npm, cargo, gradle and the like run'],
  ['scripts/setup.sh', 'it is a script'],
];

/** A window the long runs below fit in without a compaction (which would take one of the scripted replies). */
const roomyWindow = () => ({
  providers: {
    openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: setup.models.openaiBaseUrl, context_window: 131_072 } },
  },
});

/** A repository with git's config and an executable script, and a model that changes them and every file of FILES_THAT_RUN. */
async function scriptChangesToFilesThatRun(): Promise<void> {
  await mkdir(inProject('.git'), { recursive: true });
  await writeFile(inProject('.git/config'), '[core]\n\tbare = false\n');
  await mkdir(inProject('bin'));
  await writeFile(inProject('bin/serve'), '#!/bin/sh\necho serving\n');
  await chmod(inProject('bin/serve'), 0o755);
  setup.models.script([
    'ACTION: read_file({"path": ".git/config"})',
    'ACTION: edit_file({"path": ".git/config", "old_string": "bare = false", "new_string": "bare = false\\n\\tfsmonitor = touch pwned"})',
    'ACTION: read_file({"path": "bin/serve"})',
    'ACTION: edit_file({"path": "bin/serve", "old_string": "echo serving", "new_string": "touch pwned"})',
    ...FILES_THAT_RUN.map(([file]) => `ACTION: write_file({"path": "${file}", "content": "touch pwned\\n"})`),
    'ACTION: write_file({"path": "notes.md", "content": "plain\\n"})',
    'Final Answer: done',
  ]);
}

const NOTES_SERVER = fileURLToPath(new URL('../support/mcp-notes-server.mjs', import.meta.url));

const SPEC = (title: string) => `openapi: 3.0.3
info: {title: ${title}, version: "1"}
paths:
  /orders:
    get:
      operationId: listOrders
      responses: {"200": {description: ok}}
`;

describe('falcon -p --permission-mode', () => {
  it('plan refuses the write, the command and the POST, saying plan mode is on, and lets the GET through', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted: true });
    await setup.sandbox.testApiAt(api.url);
    api.received.length = 0;
    scriptEveryKind();
    const result = await falcon(['-p', 'plan the change', '--permission-mode', 'plan', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([]);
    expect([await exists('plan.md'), await exists('ran-a-command')]).toEqual([false, false]);
    expect(api.received.map((request) => request.method)).toEqual(['GET']);
    const [write, command, post, get] = observations();
    expect(write).toMatch(/^Observation: Plan mode is on: write_file was not run, as it changes files or saved state\./);
    expect(command).toMatch(/^Observation: Plan mode is on: bash was not run, as it runs a command\./);
    expect(post).toMatch(/^Observation: Plan mode is on: http_request was not run, as it sends a POST request\./);
    expect(get).toMatch(/HTTP 200/);
  });

  it('plan writes nothing and starts nothing, whatever the tool: spec, reports, baselines, memory, settings, listeners, tasks, sub-agents, MCP tools', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      global: {
        ...roomyWindow(),
        mcp_servers: { notes: { command: process.execPath, args: [NOTES_SERVER] } },
        permissions: { allow: ['mcp__notes__add_note', 'mcp__notes__list_notes'] },
      },
    });
    await setup.sandbox.testApiAt(api.url);
    await writeFile(inProject('openapi.yaml'), SPEC('Orders'));
    await writeFile(inProject('other.yaml'), SPEC('Replaced'));
    setup.models.script(['ACTION: ingest_spec({"source": "openapi.yaml"})', 'Final Answer: ingested']);
    await falcon(['-p', 'ingest it']);
    const spec = await readFile(inProject('.falcon/spec.yaml'), 'utf8');
    api.received.length = 0;
    setup.models.reset();
    setup.models.script([
      'ACTION: ingest_spec({"source": "other.yaml"})',
      'ACTION: run_smoke({})',
      'ACTION: check_regression({"baseline": "before"})',
      'ACTION: memory({"action": "save", "fact": "Orders are paged by 50."})',
      'ACTION: environment({"action": "use", "name": "dev"})',
      'ACTION: webhook_listener({"action": "start"})',
      'ACTION: bash({"command": "sleep 1", "run_in_background": true})',
      'ACTION: subagent({"agent": "scout", "task": "look", "background": true})',
      'ACTION: mcp__notes__add_note({"title": "planned"})',
      'ACTION: mcp__notes__list_notes({})',
      'ACTION: generate_functional_tests({})',
      'ACTION: ingest_spec({"action": "status"})',
      `ACTION: http_request({"method": "GET", "url": "${api.url}/orders"})`,
      'Final Answer: planned',
    ]);
    const result = await falcon(['-p', 'plan the work', '--permission-mode', 'plan', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([]);
    const seen = observations();
    const refused = seen.slice(0, 9).map((text) => /^Observation: Plan mode is on: (\S+) was not run, as it (.*?)\. /.exec(text)?.slice(1).join(': '));
    expect(refused).toEqual([
      'ingest_spec: writes .falcon/spec.yaml',
      'run_smoke: sends requests that may change data, or keeps what they found',
      'check_regression: sends requests that may change data, or keeps what they found',
      'memory: changes files or saved state (its save action)',
      'environment: changes files or saved state (its use action)',
      'webhook_listener: starts a listener',
      'bash: runs a command',
      'subagent: starts a background task',
      'mcp__notes__add_note: is a tool of the MCP server "notes" that it does not mark read-only',
    ]);
    expect(seen[9]).toBe('Observation: The notebook is empty.');
    expect(seen[10]).toMatch(/^Observation: Generated \d+ cases?/);
    expect(seen[11]).toMatch(/^Observation: \.falcon\/spec\.yaml: 1 operations of "Orders"/);
    expect(seen[12]).toMatch(/HTTP 200/);
    expect(await readFile(inProject('.falcon/spec.yaml'), 'utf8')).toBe(spec);
    expect([await exists('.falcon/reports'), await exists('.falcon/baselines'), await exists('../home/memory.json')]).toEqual([false, false, false]);
    expect(api.received.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /orders']);
  });

  it('plan holds a sub-agent too: its own writes are refused', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    await mkdir(inProject('.falcon/agents'));
    await writeFile(inProject('.falcon/agents/scribe.md'), '---\ndescription: writes notes\ntools: [write_file]\n---\nYou write notes.\n');
    setup.models.script([
      'ACTION: subagent({"agent": "scribe", "task": "Write NOTES.md."})',
      'ACTION: write_file({"path": "NOTES.md", "content": "hello\\n"})',
      'Final Answer: plan mode stopped me.',
      'Final Answer: nothing written.',
    ]);
    const result = await falcon(['-p', 'write notes', '--permission-mode', 'plan', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(setup.models.requests[2]!.messages.at(-1)!.content).toMatch(
      /^Observation: Plan mode is on: write_file was not run, as it changes files or saved state\./,
    );
    expect(await exists('NOTES.md')).toBe(false);
  });

  it('auto-edit writes a file without asking but asks for the command (declined with no terminal) and for protected files', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    setup.models.script([
      'ACTION: write_file({"path": "plan.md", "content": "# Plan\\n"})',
      'ACTION: bash({"command": "touch ran-a-command"})',
      'ACTION: write_file({"path": ".gitignore", "content": "nothing\\n"})',
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'write the plan', '--permission-mode', 'auto-edit', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(await readFile(inProject('plan.md'), 'utf8')).toBe('# Plan\n');
    expect(asked(result.stdout)).toEqual(['run `touch ran-a-command`', 'create .gitignore (it keeps secrets and session logs out of git)']);
    expect([await exists('ran-a-command'), await exists('.gitignore')]).toEqual([false, false]);
  });

  it('auto-edit asks, with the reason, before changing any file a tool runs, and writes none of them', async () => {
    await configurePermissions(setup.sandbox, setup.models, { global: roomyWindow() });
    await scriptChangesToFilesThatRun();
    const result = await falcon(['-p', 'set things up', '--permission-mode', 'auto-edit', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([
      'change .git/config (git runs the commands its config and hooks name, at the next git command)',
      'change bin/serve (it is executable)',
      ...FILES_THAT_RUN.map(([file, reason]) => `create ${file} (${reason})`),
    ]);
    expect(await readFile(inProject('.git/config'), 'utf8')).toBe('[core]\n\tbare = false\n');
    expect(await readFile(inProject('bin/serve'), 'utf8')).toBe('#!/bin/sh\necho serving\n');
    for (const [file] of FILES_THAT_RUN) expect(await exists(file), file).toBe(false);
    expect(await readFile(inProject('notes.md'), 'utf8')).toBe('plain\n');
  });

  it('an allow rule never covers them: the rule approves the ordinary file, the protected ones are asked about', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      global: roomyWindow(),
      trusted: true,
      project: { permissions: { allow: ['write_file', 'edit_file'] } },
    });
    await scriptChangesToFilesThatRun();
    const result = await falcon(['-p', 'set things up', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toHaveLength(2 + FILES_THAT_RUN.length);
    for (const [file] of FILES_THAT_RUN) expect(await exists(file), file).toBe(false);
    expect(await readFile(inProject('notes.md'), 'utf8')).toBe('plain\n');
  });

  it('falcon_write, which needs no approval for notes, asks about a script in .falcon/ and a file a hook runs', async () => {
    const hooks = { pre_tool_use: [{ matcher: 'bash', command: 'node .falcon/checks/guard.mjs' }] };
    await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: { hooks } });
    setup.models.script([
      'ACTION: falcon_write({"path": "notes/plan.md", "content": "# Plan\\n"})',
      'ACTION: falcon_write({"path": "scripts/check.sh", "content": "touch pwned\\n"})',
      'ACTION: falcon_write({"path": "checks/guard.mjs", "content": "process.exit(0)\\n"})',
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'take notes', '--permission-mode', 'auto-edit', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual([
      'create .falcon/scripts/check.sh (it is a script)',
      'create .falcon/checks/guard.mjs (a hook of the Falcon config runs it)',
    ]);
    expect(await readFile(inProject('.falcon/notes/plan.md'), 'utf8')).toBe('# Plan\n');
    expect([await exists('.falcon/scripts/check.sh'), await exists('.falcon/checks/guard.mjs')]).toEqual([false, false]);
  });

  it('--yes, the user’s choice to approve everything, writes them', async () => {
    await configurePermissions(setup.sandbox, setup.models, { global: roomyWindow() });
    await scriptChangesToFilesThatRun();
    const result = await falcon(['-p', 'set things up', '--yes']);

    expect(result.code).toBe(0);
    expect(await readFile(inProject('.git/config'), 'utf8')).toContain('fsmonitor = touch pwned');
    for (const [file] of FILES_THAT_RUN) expect(await readFile(inProject(file), 'utf8'), file).toBe('touch pwned\n');
  });

  it('yolo, like --yes, runs everything', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    api.received.length = 0;
    scriptEveryKind();
    const result = await falcon(['-p', 'do it all', '--permission-mode', 'yolo']);

    expect(result.code).toBe(0);
    expect([await exists('plan.md'), await exists('ran-a-command')]).toEqual([true, true]);
    expect(api.received.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('refuses an unknown mode, and --yes with another mode than yolo, as usage errors', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    const unknown = await falcon(['-p', 'hi', '--permission-mode', 'careful']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("argument 'careful' is invalid. Allowed choices are ask, auto-edit, plan, yolo.");
    const both = await falcon(['-p', 'hi', '--yes', '--permission-mode', 'plan']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('falcon: --yes means --permission-mode yolo: give one of them, not --yes with --permission-mode plan\n');
  });
});

describe('the TUI', () => {
  it('"always, this session" for a folder approves later plain edits there but never a file a tool runs', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    setup.models.script([
      'ACTION: write_file({"path": "docs/plan.md", "content": "# Plan\\n"})',
      'ACTION: write_file({"path": "docs/notes.md", "content": "# Notes\\n"})',
      'ACTION: write_file({"path": "docs/publish.sh", "content": "touch pwned\\n"})',
      'Final Answer: all written',
    ]);
    tui = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 140, rows: 40 });
    await tui.submit('write the files');
    await tui.waitForText('a always… (this file (docs/plan.md) / files in docs/ and its subfolders)');
    await tui.press('a');
    await tui.waitForText(' 2  files in docs/ and its subfolders, for this session: write_file(docs/**)');
    await tui.press('2');
    await tui.waitForText('create docs/publish.sh (it is a script)');
    await tui.press('n');
    await tui.waitForText('all written');
    expect([await exists('docs/plan.md'), await exists('docs/notes.md'), await exists('docs/publish.sh')]).toEqual([true, true, false]);
  });

  it('cycles the mode with Shift+Tab, shows it in the status line, and plan mode refuses a write', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
    setup.models.script(['ACTION: write_file({"path": "plan.md", "content": "# Plan\\n"})', 'Final Answer: I would write plan.md']);
    tui = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 120, rows: 30 });
    await tui.waitForText('Ask about your API');
    expect(tui.screen()).not.toContain(' mode ·');

    await tui.press('\x1b[Z');
    await tui.waitForText('auto-edit mode · openai/gpt-test');
    tui.write('\x1b[Z');
    await tui.waitForText('plan mode · openai/gpt-test');

    await tui.submit('write the plan');
    await tui.waitForText('I would write plan.md');
    expect(tui.screen()).toContain('Plan mode is on: write_file was not run');
    expect(await exists('plan.md')).toBe(false);

    tui.write('\x1b[Z');
    await tui.waitForText(/● ready · openai\/gpt-test/);
  });
});
