// Hooks through the built binary: commands from the config run around tool calls and at session
// start, in the project root, with the event as JSON on stdin.
import { access, mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { configurePermissions, streamEvents } from '../support/permission-sandbox.js';

const setup = useFakeModelProject();
const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });
const inProject = (file: string) => path.join(setup.sandbox.project, file);
const readJson = async (file: string) => JSON.parse(await readFile(inProject(file), 'utf8')) as Record<string, unknown>;
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );
const lastObservation = (request: number) => setup.models.requests[request]!.messages.at(-1)!.content;

describe('a pre_tool_use hook', () => {
  it('that exits 2 stops a command before anyone is asked; the model reads its stderr, made safe', async () => {
    const reason = 'rm is not allowed here, use npm run clean \\033]0;pwned\\007 sk-test-key-for-the-fake-server';
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      project: { hooks: { pre_tool_use: [{ matcher: 'bash', command: `cat > .falcon/pre-input.json; printf '${reason}' >&2; exit 2` }] } },
    });
    await mkdir(inProject('build'));
    setup.models.script(['ACTION: bash({"command": "rm -rf build"})', 'Final Answer: the hook refused']);
    const result = await falcon(['-p', 'clean up', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    const events = streamEvents(result.stdout);
    expect(events.filter((event) => event.type === 'confirmation_required')).toEqual([]);
    expect(await exists('build')).toBe(true);
    expect(lastObservation(1)).toBe(
      'Observation: The bash call was blocked by a pre_tool_use hook: rm is not allowed here, use npm run clean ␛]0;pwned^G [masked]',
    );
    expect(await readJson('.falcon/pre-input.json')).toEqual({
      event: 'pre_tool_use',
      tool: 'bash',
      args: { command: 'rm -rf build' },
      session_id: events[0]!.sessionId,
      cwd: await realpath(setup.sandbox.project),
    });
  });

  it('that fails otherwise is a warning, and the call goes on', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      project: { hooks: { pre_tool_use: [{ command: "echo 'linter crashed' >&2; exit 1" }] } },
    });
    await writeFile(inProject('notes.txt'), 'first line\n');
    setup.models.script(['ACTION: read_file({"path": "notes.txt"})', 'Final Answer: read']);
    const result = await falcon(['-p', 'read the notes']);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "warning: pre_tool_use hook `echo 'linter crashed' >&2; exit 1` exited with 1: linter crashed; the read_file call goes on\n",
    );
    expect(lastObservation(1)).toContain('first line');
  });
});

describe('a post_tool_use hook', () => {
  it('sees the call and its result on stdin, and what it prints is appended to the observation', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      project: {
        hooks: {
          post_tool_use: [
            { matcher: 'read_file', command: "cat > .falcon/post-input.json; echo 'notes.txt: 0 lint problems'" },
            // The matcher must match the whole tool name.
            { matcher: 'read', command: 'touch .falcon/partial-match' },
          ],
        },
      },
    });
    await writeFile(inProject('notes.txt'), 'first line\n');
    setup.models.script(['ACTION: read_file({"path": "notes.txt"})', 'Final Answer: read']);
    const result = await falcon(['-p', 'read the notes']);

    expect(result.code).toBe(0);
    const observation = lastObservation(1);
    expect(observation).toContain('first line');
    expect(observation.endsWith('\n\nnotes.txt: 0 lint problems')).toBe(true);
    const input = await readJson('.falcon/post-input.json');
    expect(input).toMatchObject({ event: 'post_tool_use', tool: 'read_file', args: { path: 'notes.txt' }, cwd: await realpath(setup.sandbox.project) });
    expect(input.result).toContain('first line');
    expect(await exists('.falcon/partial-match')).toBe(false);
  });
});

describe('a session_start hook', () => {
  it('runs when the session opens, with the session on stdin', async () => {
    await configurePermissions(setup.sandbox, setup.models, {
      trusted: true,
      project: { hooks: { session_start: [{ command: 'cat > .falcon/started.json' }] } },
    });
    setup.models.script(['Final Answer: hello']);
    const result = await falcon(['-p', 'hi', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(await readJson('.falcon/started.json')).toEqual({
      event: 'session_start',
      session_id: streamEvents(result.stdout)[0]!.sessionId,
      cwd: await realpath(setup.sandbox.project),
    });
  });
});

describe('folder trust without a terminal', () => {
  const project = {
    hooks: { pre_tool_use: [{ command: 'touch .falcon/project-hook-ran' }], session_start: [{ command: 'touch .falcon/project-start-ran' }] },
    permissions: { allow: ['bash(touch allowed)'], deny: ['read_file(secret.txt)'] },
  };
  const global = { hooks: { pre_tool_use: [{ command: 'touch .falcon/global-hook-ran' }] } };
  const script = () => setup.models.script(['ACTION: bash({"command": "touch allowed"})', 'ACTION: read_file({"path": "secret.txt"})', 'Final Answer: done']);

  it('ignores the project hooks and allow rules of a folder not in trusted_folders, and says so; deny rules and global hooks apply', async () => {
    await configurePermissions(setup.sandbox, setup.models, { project, global });
    await writeFile(inProject('secret.txt'), 'hunter2\n');
    script();
    const result = await falcon(['-p', 'go', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'warning: This folder is not trusted, so these settings of .falcon/config.yaml were ignored: hooks.pre_tool_use (touch .falcon/project-hook-ran), ' +
        'hooks.session_start (touch .falcon/project-start-ran), permissions.allow (bash(touch allowed)).',
    );
    expect(
      streamEvents(result.stdout)
        .filter((event) => event.type === 'confirmation_required')
        .map((event) => event.title),
    ).toEqual(['run `touch allowed`']);
    expect(await exists('allowed')).toBe(false);
    expect(lastObservation(2)).toMatch(/^Observation: Denied by the permission rule read_file\(secret\.txt\)/);
    expect([await exists('.falcon/project-hook-ran'), await exists('.falcon/project-start-ran'), await exists('.falcon/global-hook-ran')]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('applies them in a folder in trusted_folders, without asking anything', async () => {
    await configurePermissions(setup.sandbox, setup.models, { project, global, trusted: true });
    await writeFile(inProject('secret.txt'), 'hunter2\n');
    script();
    const result = await falcon(['-p', 'go', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('not trusted');
    expect(streamEvents(result.stdout).filter((event) => event.type === 'confirmation_required')).toEqual([]);
    expect(await exists('allowed')).toBe(true);
    expect(lastObservation(2)).toMatch(/^Observation: Denied by the permission rule read_file\(secret\.txt\)/);
    expect([await exists('.falcon/project-hook-ran'), await exists('.falcon/project-start-ran'), await exists('.falcon/global-hook-ran')]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
