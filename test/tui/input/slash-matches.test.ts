import { describe, expect, it } from 'vitest';
import type { SlashCommandInfo } from '../../../src/tui/input/slash-command-info.js';
import { matchSlashCommands, slashQuery } from '../../../src/tui/input/slash-matches.js';

const commands: SlashCommandInfo[] = [
  { name: 'clear', description: 'Clear the screen' },
  { name: 'model', description: 'Switch model' },
  { name: 'mode', description: 'Switch mode' },
  { name: 'help', description: 'Show help' },
];

const names = (text: string) => matchSlashCommands(commands, text).map((command) => command.name);

describe('slash command matching', () => {
  it('applies only while a command name is typed: a leading slash and no space', () => {
    expect(slashQuery('/he')).toBe('he');
    expect(slashQuery('/help me')).toBeUndefined();
    expect(slashQuery('help')).toBeUndefined();
    expect(names('/help ')).toEqual([]);
  });

  it('offers every command for a bare slash', () => {
    expect(names('/')).toEqual(['clear', 'model', 'mode', 'help']);
  });

  it('puts the exact name first, then prefixes, then substrings, ignoring case', () => {
    expect(names('/mode')).toEqual(['mode', 'model']);
    expect(names('/E')).toEqual(['clear', 'model', 'mode', 'help']);
    expect(names('/el')).toEqual(['model', 'help']);
    expect(names('/l')).toEqual(['clear', 'model', 'help']);
  });

  it('offers nothing when nothing matches', () => {
    expect(names('/usr/bin')).toEqual([]);
  });
});
