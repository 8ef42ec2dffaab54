import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BUILT_IN_COMMAND_NAMES } from '../../../src/tui/slash/built-in-names.js';
import { loadSlashCommands } from '../../../src/tui/slash/slash-registry.js';

it('names every built-in slash command, so that no custom command takes one (in the session and in -p alike)', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'falcon-built-ins-'));
  try {
    const commands = await loadSlashCommands(root);
    expect(commands.map((command) => command.name).sort()).toEqual([...BUILT_IN_COMMAND_NAMES].sort());
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
