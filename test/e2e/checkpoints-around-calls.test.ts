// Checkpoints through the built binary beyond the session's own edits: a sub-agent's writes, MCP
// calls, forks from the command line, `falcon doctor`'s disk use, and git missing (one warning).
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runFalcon } from '../support/falcon-binary.js';
import { useFakeModelProject } from '../support/fake-model-project.js';

const setup = useFakeModelProject();
const falcon = (args: string[], env = setup.sandbox.env()) => runFalcon(args, { cwd: setup.sandbox.project, env });
const inProject = (...parts: string[]) => path.join(setup.sandbox.project, ...parts);
const NOTES_SERVER = fileURLToPath(new URL('../support/mcp-notes-server.mjs', import.meta.url));

async function sessionRecords(): Promise<{ kind: string; tool?: string; phase?: string }[]> {
  const folder = inProject('.falcon', 'sessions');
  const [file] = (await readdir(folder)).filter((name) => name.endsWith('.jsonl'));
  return (await readFile(path.join(folder, file!), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string; tool?: string; phase?: string });
}

it('a sub-agent’s writes are checkpointed in the session, and a rewind takes them back', async () => {
  await mkdir(inProject('.falcon', 'agents'));
  await writeFile(inProject('.falcon', 'agents', 'scribe.md'), '---\ndescription: writes notes\ntools: [write_file]\n---\nYou write notes.\n');
  setup.models.script([
    'ACTION: subagent({"agent": "scribe", "task": "Write NOTES.md saying hello."})',
    'ACTION: write_file({"path": "NOTES.md", "content": "hello\\n"})',
    'Final Answer: written.',
    'Final Answer: the scribe wrote it.',
  ]);
  const run = await falcon(['-p', 'get notes written', '--yes']);
  expect(run.code).toBe(0);
  expect(await readFile(inProject('NOTES.md'), 'utf8')).toBe('hello\n');
  const checkpoints = (await sessionRecords()).filter((record) => record.kind === 'checkpoint').map((record) => `${record.phase} ${record.tool}`);
  expect(checkpoints).toEqual(['before subagent', 'before write_file', 'after write_file', 'after subagent']);
  const list = await falcon(['rewind', '--list']);
  expect(list.stdout).toMatch(/1 {2}get notes written\n\s+files changed from here on: NOTES\.md/);
  expect((await falcon(['rewind', '--to', '1', '--code', '--yes'])).code).toBe(0);
  await expect(lstat(inProject('NOTES.md'))).rejects.toThrow();
});

it('an MCP tool’s call is taken between two checkpoints', async () => {
  await setup.sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: setup.models.openaiBaseUrl } } },
    mcp_servers: { notes: { command: process.execPath, args: [NOTES_SERVER] } },
  });
  setup.models.script(['ACTION: mcp__notes__add_note({"title": "buy milk"})', 'Final Answer: noted.']);
  const run = await falcon(['-p', 'note it', '--yes']);
  expect(run.code).toBe(0);
  const checkpoints = (await sessionRecords()).filter((record) => record.kind === 'checkpoint').map((record) => `${record.phase} ${record.tool}`);
  expect(checkpoints).toEqual(['before mcp__notes__add_note', 'after mcp__notes__add_note']);
});

it('falcon --resume ID --fork goes on in a new session with the checkpoints so far; the original is untouched', async () => {
  await writeFile(inProject('edit.txt'), 'one\n');
  setup.models.script([
    'ACTION: read_file({"path": "edit.txt"})',
    'ACTION: edit_file({"path": "edit.txt", "old_string": "one", "new_string": "ONE"})',
    'Final Answer: edited',
  ]);
  expect((await falcon(['-p', 'shout it', '--yes'])).code).toBe(0);
  const folder = inProject('.falcon', 'sessions');
  const [original] = (await readdir(folder)).filter((name) => name.endsWith('.jsonl'));
  const id = original!.slice(0, -'.jsonl'.length);
  const before = await readFile(path.join(folder, original!));

  setup.models.script(['Final Answer: in the fork']);
  const fork = await falcon(['-p', 'go on', '--resume', id, '--fork']);
  expect(fork.code).toBe(0);
  expect(
    setup.models.requests
      .at(-1)!
      .messages.map((message) => message.content)
      .join('\n'),
  ).toContain('shout it');
  expect(await readFile(path.join(folder, original!))).toEqual(before);
  const forkId = (await readdir(folder)).find((name) => name.endsWith('.jsonl') && name !== original)!.slice(0, -'.jsonl'.length);
  const diff = await falcon(['diff', '--session', forkId]);
  expect(diff.stdout).toContain('edit.txt (+1 −1)');
  expect((await falcon(['rewind', '--to', '1', '--code', '--yes', '--session', forkId])).code).toBe(0);
  expect(await readFile(inProject('edit.txt'), 'utf8')).toBe('one\n');

  const alone = await falcon(['-p', 'x', '--fork']);
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain('--fork goes with --resume <id> or --continue');
});

it('falcon doctor shows the disk the checkpoints use', async () => {
  await writeFile(inProject('data.txt'), 'x'.repeat(50_000));
  setup.models.script(['ACTION: write_file({"path": "more.txt", "content": "more\\n"})', 'Final Answer: done']);
  expect((await falcon(['-p', 'write more', '--yes'])).code).toBe(0);
  const doctor = await falcon(['doctor']);
  expect(doctor.stdout).toMatch(/checkpoints:\s+on, kept 30 days; \d[\d.]* kB in ~\/home\/checkpoints for 1 project, this project \d[\d.]* kB/);
});

it('without git, checkpoints are off with one warning, and the session works', async () => {
  const bin = path.join(setup.sandbox.home, 'bin-without-git');
  await mkdir(bin);
  await symlink(process.execPath, path.join(bin, 'node'));
  setup.models.script([
    'ACTION: write_file({"path": "a.txt", "content": "a\\n"})',
    'ACTION: write_file({"path": "b.txt", "content": "b\\n"})',
    'Final Answer: both written',
  ]);
  const run = await falcon(['-p', 'write two files', '--yes'], setup.sandbox.env({ PATH: bin }));
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('both written');
  expect(run.stderr.match(/Checkpoints are off \(git was not found on PATH\)/g)).toHaveLength(1);
  expect(run.stderr.split('\n').filter((line) => /checkpoint/i.test(line))).toHaveLength(1);
  expect(await readFile(inProject('b.txt'), 'utf8')).toBe('b\n');
});
