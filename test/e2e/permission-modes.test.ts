// Permission modes through the built binary: what runs without asking in each, headless and in the TUI.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer, type CountingServer } from '../support/counting-server.js';
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
const exists = (file: string) => access(inProject(file)).then(() => true, () => false);
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

describe('falcon -p --permission-mode', () => {
  it('plan refuses the write, the command and the POST, saying plan mode is on, and lets the GET through', async () => {
    await configurePermissions(setup.sandbox, setup.models, {});
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
    expect(asked(result.stdout)).toEqual(['run `touch ran-a-command`', 'create .gitignore']);
    expect([await exists('ran-a-command'), await exists('.gitignore')]).toEqual([false, false]);
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
