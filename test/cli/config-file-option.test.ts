import path from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addConfigFileOption } from '../../src/cli/config-file-option.js';

let seen: (string | undefined)[];
let saved: string | undefined;
beforeEach(() => {
  seen = [];
  saved = process.env.FALCON_CONFIG;
  delete process.env.FALCON_CONFIG;
});
afterEach(() => {
  if (saved === undefined) delete process.env.FALCON_CONFIG;
  else process.env.FALCON_CONFIG = saved;
});

function program(): Command {
  const root = new Command('falcon').exitOverride().action(() => void seen.push(process.env.FALCON_CONFIG));
  root.enablePositionalOptions();
  const config = new Command('config').exitOverride();
  config.command('list').action(() => void seen.push(process.env.FALCON_CONFIG));
  root.addCommand(config);
  addConfigFileOption(root);
  return root;
}

const parse = (...args: string[]) => program().parseAsync(args, { from: 'user' });

describe('--config', () => {
  it('sets $FALCON_CONFIG to the file, resolved, wherever it is given; the one nearest the command wins', async () => {
    await parse('--config', 'a.yaml');
    await parse('--config', 'a.yaml', 'config', 'list');
    await parse('config', '--config', '/etc/b.yaml', 'list');
    await parse('config', 'list', '--config', 'c.yaml');
    await parse('--config', 'a.yaml', 'config', 'list', '--config', 'c.yaml');
    expect(seen).toEqual([path.resolve('a.yaml'), path.resolve('a.yaml'), '/etc/b.yaml', path.resolve('c.yaml'), path.resolve('c.yaml')]);
  });

  it('leaves $FALCON_CONFIG alone when not given', async () => {
    process.env.FALCON_CONFIG = '/from/the/shell.yaml';
    await parse('config', 'list');
    expect(seen).toEqual(['/from/the/shell.yaml']);
  });

  it('is shown in the program’s help only', () => {
    const root = program();
    expect(root.helpInformation()).toContain('--config <file>');
    expect(root.commands[0]!.commands[0]!.helpInformation()).not.toContain('--config');
  });
});
