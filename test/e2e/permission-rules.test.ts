// Allow and deny rules through the built binary, with and without a terminal; "always in this
// project" in the TUI; and the TUI's question about trusting a folder.
import { access, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { configurePermissions, streamEvents } from '../support/permission-sandbox.js';
import { confirmationsAsked } from '../support/session-confirmations.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});

const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });
const inProject = (file: string) => path.join(setup.sandbox.project, file);
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );
const observations = () => setup.models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
const asked = (stdout: string) => streamEvents(stdout).flatMap((event) => (event.type === 'confirmation_required' ? [event.title] : []));
const openPty = (args: string[]) => {
  pty = startFalconInPty(args, { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 140, rows: 40 });
  return pty;
};

const RULES = { permissions: { allow: ['bash(touch allowed-*)'], deny: ['write_file(*.env)', 'bash(rm *)'] } };

describe('rules without a terminal', () => {
  it('run an allowed call without asking, ask for the rest, and a wildcard never allows a chained command', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: RULES });
    setup.models.script([
      'ACTION: bash({"command": "touch allowed-1"})',
      'ACTION: bash({"command": "touch allowed-2 && touch smuggled"})',
      'ACTION: bash({"command": "touch other"})',
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'touch things', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(asked(result.stdout)).toEqual(['run `touch allowed-2 && touch smuggled`', 'run `touch other`']);
    expect([await exists('allowed-1'), await exists('allowed-2'), await exists('smuggled'), await exists('other')]).toEqual([true, false, false, false]);
  });

  it('deny what they match even with --yes, chained commands included', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: RULES });
    await writeFile(inProject('keep.txt'), 'keep\n');
    setup.models.script([
      'ACTION: write_file({"path": "config/prod.env", "content": "TOKEN=x\\n"})',
      'ACTION: bash({"command": "cd . && rm -f keep.txt"})',
      'ACTION: write_file({"path": "notes.md", "content": "ok\\n"})',
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'go', '--yes', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    const [env, rm] = observations();
    expect(env).toMatch(/^Observation: Denied by the permission rule write_file\(\*\.env\): write_file was not run/);
    expect(rm).toMatch(/^Observation: Denied by the permission rule bash\(rm \*\): bash was not run/);
    expect([await exists('config/prod.env'), await exists('keep.txt'), await exists('notes.md')]).toEqual([false, true, true]);
    expect(asked(result.stdout)).toEqual(['create notes.md']);
  });
});

describe('rules with a terminal (falcon -p)', () => {
  it('run an allowed call without a question and refuse a denied one; the rest is asked on the terminal', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: RULES });
    setup.models.script([
      'ACTION: bash({"command": "touch allowed-1"})',
      'ACTION: bash({"command": "rm -f allowed-1"})',
      'ACTION: bash({"command": "touch other"})',
      'Final Answer: done',
    ]);
    const session = openPty(['-p', 'touch things']);
    await session.waitForText('Allow: run `touch other`? [y/N]');
    expect(session.screen()).not.toContain('Allow: run `touch allowed-1`');
    expect(session.screen()).not.toContain('Allow: run `rm');
    session.write('n\r');
    expect((await session.exited).exitCode).toBe(0);
    expect([await exists('allowed-1'), await exists('other')]).toEqual([true, false]);
    expect(observations()[1]).toMatch(/^Observation: Denied by the permission rule bash\(rm \*\)/);
  });
});

describe('"always" in the TUI', () => {
  it('offers each choice for this session or this project; "this project" saves its rule in .falcon/config.yaml, keeping its comments', async () => {
    await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: '# Orders API\nframework: express # found by init\n' });
    setup.models.script(['ACTION: bash({"command": "touch made-1"})', 'ACTION: bash({"command": "touch made-1"})', 'Final Answer: touched twice']);
    const session = openPty([]);
    await session.waitForText('Ask about your API');
    await session.submit('touch it twice');
    await session.waitForText('a always… (this command / commands starting "touch")');
    session.write('a');
    await session.waitForText(' 3  this command, in this project: adds bash(touch made-1) to .falcon/config.yaml');
    session.write('3');
    await session.waitForText('touched twice');
    expect(session.screen()).toContain('run `touch made-1` (and always: this command, in this project: adds bash(touch made-1) to .falcon/config.yaml)');
    expect(await confirmationsAsked(setup.sandbox.project)).toBe(1);
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toBe(
      '# Orders API\nframework: express # found by init\npermissions:\n  allow:\n    - bash(touch made-1)\n',
    );

    // A later session in this trusted folder runs it without asking.
    setup.models.script(['ACTION: bash({"command": "touch made-1"})', 'Final Answer: again']);
    const later = await falcon(['-p', 'once more', '--output-format', 'stream-json']);
    expect(asked(later.stdout)).toEqual([]);
    expect(observations().at(-1)).toMatch(/^Observation: Exit code 0/);
  });
});

describe('trusting a folder in the TUI', () => {
  const project = { hooks: { pre_tool_use: [{ matcher: 'read_file', command: 'touch .falcon/hook-ran' }] } };

  it('asks once, shows what it would run, records a yes in trusted_folders keeping the comments, and the hook then runs', async () => {
    await configurePermissions(setup.sandbox, setup.models, { project });
    const globalFile = path.join(setup.sandbox.home, 'config.yaml');
    await writeFile(globalFile, `# my models\n${await readFile(globalFile, 'utf8')}`);
    await writeFile(inProject('notes.txt'), 'first line\n');
    setup.models.script(['ACTION: read_file({"path": "notes.txt"})', 'Final Answer: read it']);

    const session = openPty([]);
    await session.waitForText("Trust this folder's Falcon settings?");
    expect(session.screen()).toContain('hooks.pre_tool_use: touch .falcon/hook-ran');
    session.write('y\r');
    await session.waitForText('Ask about your API');
    await session.submit('read the notes');
    await session.waitForText('read it');
    expect(await exists('.falcon/hook-ran')).toBe(true);
    const saved = await readFile(globalFile, 'utf8');
    expect(saved.startsWith('# my models\n')).toBe(true);
    expect(saved.endsWith(`trusted_folders:\n  - ${await realpath(setup.sandbox.project)}\n`)).toBe(true);
    session.kill();

    // Trusted now: no question the next time.
    setup.models.script(['Final Answer: hello']);
    const again = openPty([]);
    await again.waitForText('Ask about your API');
    expect(again.screen()).not.toContain('Trust this folder');
  });

  it('on a no, says which settings it ignores, and the hook does not run', async () => {
    await configurePermissions(setup.sandbox, setup.models, { project });
    await writeFile(inProject('notes.txt'), 'first line\n');
    setup.models.script(['ACTION: read_file({"path": "notes.txt"})', 'Final Answer: read it']);

    const session = openPty([]);
    await session.waitForText("Trust this folder's Falcon settings?");
    session.write('n\r');
    await session.waitForText('This folder is not trusted, so these settings of .falcon/config.yaml were ignored: hooks.pre_tool_use (touch .falcon/hook-ran)');
    await session.submit('read the notes');
    await session.waitForText('read it');
    expect(await exists('.falcon/hook-ran')).toBe(false);
    expect(await readFile(path.join(setup.sandbox.home, 'config.yaml'), 'utf8')).not.toContain('trusted_folders');
  });

  it('is not asked when the project has nothing that needs trust', async () => {
    await configurePermissions(setup.sandbox, setup.models, { project: { permissions: { deny: ['bash(rm *)'] } } });
    const session = openPty([]);
    await session.waitForText('Ask about your API');
    expect(session.output()).not.toContain('Trust this folder');
  });
});
