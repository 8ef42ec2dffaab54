import { compactCommand } from './compact-command.js';
import { envCommand } from './env-command.js';
import { flowCommand } from './flow-command.js';
import { helpCommand, memoryCommand, toolsCommand } from './info-commands.js';
import { initCommand } from './init-command.js';
import { mcpCommand } from './mcp-command.js';
import { modelCommand } from './model-command.js';
import { permissionsCommand } from './permissions-command.js';
import { savedItemCommands } from './saved-item-commands.js';
import { serverCommand } from './server-command.js';
import { clearCommand, exitCommand, resumeCommand, sessionsCommand } from './session-commands.js';
import type { SlashCommand } from './slash-command.js';
import { tasksCommand } from './tasks-command.js';

const BUILT_IN: SlashCommand[] = [
  modelCommand,
  envCommand,
  flowCommand,
  clearCommand,
  compactCommand,
  toolsCommand,
  permissionsCommand,
  mcpCommand,
  tasksCommand,
  serverCommand,
  memoryCommand,
  sessionsCommand,
  resumeCommand,
  initCommand,
  exitCommand,
];

/** The built-in commands plus the project's saved requests and flows (`/name`), read when called. */
export async function loadSlashCommands(projectRoot: string): Promise<SlashCommand[]> {
  const builtIns: SlashCommand[] = [helpCommand(() => commands), ...BUILT_IN];
  const taken = new Set(builtIns.map((c) => c.name));
  const saved = (await savedItemCommands(projectRoot)).filter((c) => !taken.has(c.name));
  const commands = [...builtIns, ...saved];
  return commands;
}

/** `/name args` → the command and its arguments; undefined when the text is not a slash command. */
export function parseSlashInput(text: string): { name: string; args: string } | undefined {
  const match = /^\/([\w.-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? { name: match[1]!, args: (match[2] ?? '').trim() } : undefined;
}
