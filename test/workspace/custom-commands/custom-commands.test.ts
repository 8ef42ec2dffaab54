import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandCommand, splitArguments } from '../../../src/workspace/custom-commands/expand-command.js';
import { loadCustomCommands } from '../../../src/workspace/custom-commands/load-custom-commands.js';
import { CommandFileError, parseCommandFile } from '../../../src/workspace/custom-commands/parse-command-file.js';

let root: string;
let project: string;
let home: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-commands-')));
  project = path.join(root, 'project');
  home = path.join(root, 'home');
  await mkdir(path.join(project, '.falcon', 'commands'), { recursive: true });
  await mkdir(path.join(home, 'commands'), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('parseCommandFile', () => {
  it('reads the front matter and the prompt; allowed-tools as a list or a comma-separated line', () => {
    const command = parseCommandFile(
      'check',
      '---\ndescription: check it\nargument-hint: <path>\nallowed-tools: bash(npm test), read_file\nmodel: quick\n---\nCheck $1.\n',
      'project',
      'check.md',
    );
    expect(command).toMatchObject({
      name: 'check',
      description: 'check it',
      argumentHint: '<path>',
      allowedTools: ['bash(npm test)', 'read_file'],
      model: 'quick',
      body: 'Check $1.',
    });
    expect(parseCommandFile('plain', '# Plain one\nDo it.\n', 'global', 'plain.md')).toMatchObject({ description: 'Plain one', allowedTools: [] });
  });

  it('refuses an unknown key, an empty prompt and a name that is no command name, naming the file', () => {
    expect(() => parseCommandFile('x', '---\ntools: [bash]\n---\nHi\n', 'project', 'x.md')).toThrow(/x\.md: .*unknown key tools/);
    expect(() => parseCommandFile('x', '---\ndescription: d\n---\n', 'project', 'x.md')).toThrow(CommandFileError);
    expect(() => parseCommandFile('a b', 'Hi', 'project', 'a b.md')).toThrow(/the file name is the command’s name/);
  });
});

describe('expandCommand', () => {
  const command = (body: string) => parseCommandFile('c', body, 'project', 'c.md');

  it('fills in $ARGUMENTS and $1…$9, quotes grouping words; arguments to a prompt naming none are appended', async () => {
    expect(splitArguments(`a "b c" 'd e' f`)).toEqual(['a', 'b c', 'd e', 'f']);
    expect((await expandCommand(command('Do $1 then $2 ($3): $ARGUMENTS'), 'one "two words"', project)).text).toBe('Do one then two words (): one "two words"');
    expect((await expandCommand(command('Summarise.'), 'the logs', project)).text).toBe('Summarise.\n\nthe logs');
  });

  it('appends each @path inside the project, and names the ones outside it or missing', async () => {
    await writeFile(path.join(project, 'notes.md'), 'some ```fenced``` notes\n');
    await writeFile(path.join(root, 'secret.txt'), 'outside\n');
    await symlink(path.join(root, 'secret.txt'), path.join(project, 'link.txt'));
    const expanded = await expandCommand(command('Read @notes.md, @link.txt, @../secret.txt and @gone.md.'), '', project);
    expect(expanded.text).toContain('notes.md:\n````\nsome ```fenced``` notes\n\n````');
    expect(expanded.text).not.toContain('outside');
    expect(expanded.problems).toEqual([
      expect.stringMatching(/^@link\.txt not included: path leaves the project through a symlink/),
      expect.stringMatching(/^@\.\.\/secret\.txt not included: path escapes the project/),
      expect.stringMatching(/^@gone\.md not included: no such file/),
    ]);
  });
});

describe('loadCustomCommands', () => {
  it('loads the user’s and, in a trusted folder, the project’s (which wins); refuses built-in names', async () => {
    await writeFile(path.join(home, 'commands', 'hello.md'), 'Hello from home\n');
    await writeFile(path.join(home, 'commands', 'same.md'), 'The user’s\n');
    await writeFile(path.join(project, '.falcon', 'commands', 'same.md'), 'The project’s\n');
    await writeFile(path.join(project, '.falcon', 'commands', 'undo.md'), 'Clash\n');
    const trusted = await loadCustomCommands({ projectRoot: project, falconHome: home, trusted: true, builtIns: ['undo'] });
    expect(trusted.commands.map((command) => `${command.name}:${command.body}`)).toEqual(['hello:Hello from home', 'same:The project’s']);
    expect(trusted.warnings).toEqual([expect.stringContaining('undo.md: /undo is a built-in command')]);
    const untrusted = await loadCustomCommands({ projectRoot: project, falconHome: home, trusted: false, builtIns: ['undo'] });
    expect(untrusted.commands.map((command) => `${command.name}:${command.body}`)).toEqual(['hello:Hello from home', 'same:The user’s']);
    expect(untrusted.warnings).toEqual([expect.stringContaining('are not loaded: this folder is not trusted')]);
  });
});
