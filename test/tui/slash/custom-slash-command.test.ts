import { expect, it } from 'vitest';
import type { Agent } from '../../../src/agent/agent.js';
import type { SlashContext } from '../../../src/tui/slash/session-slash-command.js';
import { customSlashCommand } from '../../../src/tui/slash/custom-slash-command.js';
import { parseCommandFile } from '../../../src/workspace/custom-commands/parse-command-file.js';

it('is listed without the escape sequences its file holds, and sends its prompt with its tools and model, shown as typed', async () => {
  const file = '---\ndescription: "tidy \\e]0;pwned\\a up"\nargument-hint: "<x> \\e[2J"\nallowed-tools: [read_file]\nmodel: deep\n---\nTidy $1.\n';
  const parsed = parseCommandFile('tidy', file, 'global', 'tidy.md');
  expect(parsed.description).toContain('\x1b]0;pwned');
  const command = customSlashCommand(parsed);
  expect(command.description).not.toContain('\x1b');
  expect(command.usage).not.toContain('\x1b');
  expect(command.description).toContain('(your command)');
  const sent: unknown[] = [];
  const context = {
    agent: { busy: false } as Agent,
    projectRoot: '/nowhere',
    args: 'src',
    show: () => expect.fail('nothing to warn about'),
    send: async (...args: unknown[]) => void sent.push(args),
  } as unknown as SlashContext;
  await command.run(context);
  expect(sent).toEqual([['Tidy src.', { allow: ['read_file'], model: 'deep' }, '/tidy src']]);
});
