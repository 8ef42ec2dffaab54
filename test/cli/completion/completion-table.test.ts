import { Argument, Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { completesWith } from '../../../src/kit/command/completion-values.js';
import { completionTable } from '../../../src/cli/completion/completion-table.js';

function program(): Command {
  const root = new Command('falcon')
    .option('-p, --prompt [task]', 'run one task')
    .addOption(new Option('--output-format <format>', 'text or json').choices(['text', 'json']))
    .addOption(completesWith(new Option('-r, --request <name>', 'a saved request'), 'requests'))
    .addOption(new Option('--secret <value>').hideHelp())
    .option('--model <name>', 'use this model');
  const config = new Command('config').description('set up providers:\n  a menu');
  config
    .command('fallback')
    .description('the fallback order')
    .addArgument(completesWith(new Argument('[provider...]'), 'providers'));
  config.command('path').description('print the path');
  root.addCommand(config);
  root
    .command('spec')
    .description('specs')
    .command('ingest')
    .description('read a spec')
    .addArgument(completesWith(new Argument('<file>'), 'files'));
  root.addCommand(new Command('hidden-helper'), { hidden: true });
  return root;
}

const rows = () =>
  completionTable(program())
    .split('\n')
    .map((row) => row.split('\t'));

describe('completionTable', () => {
  it('has a row for each visible subcommand, with its description on one line', () => {
    expect(rows().filter(([type]) => type === 'cmd')).toEqual([
      ['cmd', 'falcon', 'config', 'set up providers: a menu'],
      ['cmd', 'falcon', 'spec', 'specs'],
      ['cmd', 'falcon', 'help', 'display help for command'],
      ['cmd', 'falcon config', 'fallback', 'the fallback order'],
      ['cmd', 'falcon config', 'path', 'print the path'],
      ['cmd', 'falcon config', 'help', 'display help for command'],
      ['cmd', 'falcon spec', 'ingest', 'read a spec'],
      ['cmd', 'falcon spec', 'help', 'display help for command'],
    ]);
  });

  it('says what each flag takes: nothing, maybe a word, choices, names, files or any text', () => {
    const options = rows().filter(([type, path]) => (type === 'opt' || type === 'hid') && path === 'falcon');
    expect(options.map(([type, , flag, value]) => [type, flag, value])).toEqual([
      ['opt', '-p', 'optional'],
      ['opt', '--prompt', 'optional'],
      ['opt', '--output-format', 'choices:text json'],
      ['opt', '-r', 'dynamic:requests'],
      ['opt', '--request', 'dynamic:requests'],
      ['opt', '--model', 'text'],
      ['opt', '-h', 'none'],
      ['opt', '--help', 'none'],
      ['hid', '--secret', 'text'],
    ]);
  });

  it('gives arguments by position, a variadic one from its position on, and help the names beside it', () => {
    expect(rows().filter(([type]) => type === 'arg')).toEqual([
      ['arg', 'falcon config fallback', '0+', 'dynamic:providers'],
      ['arg', 'falcon config help', '0', 'choices:fallback path'],
      ['arg', 'falcon spec ingest', '0', 'files'],
      ['arg', 'falcon spec help', '0', 'choices:ingest'],
      ['arg', 'falcon help', '0', 'choices:config spec'],
    ]);
  });

  it('leaves hidden commands out', () => {
    expect(completionTable(program())).not.toContain('hidden-helper');
  });
});
