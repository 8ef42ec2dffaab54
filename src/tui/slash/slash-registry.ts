import { loadCapabilityFaces } from '../../capabilities/index.js';
import { BUILT_IN_COMMAND_NAMES } from './built-in-names.js';
import { compactCommand } from './compact-command.js';
import { costCommand } from './cost-command.js';
import { customSlashCommand } from './custom-slash-command.js';
import { forkCommand } from './fork-command.js';
import { initCommand } from './init-command.js';
import { helpCommand, toolsCommand } from './info-commands.js';
import { mcpCommand } from './mcp-command.js';
import { modelCommand } from './model-command.js';
import { permissionsCommand } from './permissions-command.js';
import { clearCommand, exitCommand, resumeCommand, sessionsCommand } from './session-commands.js';
import type { SlashCommand } from './session-slash-command.js';

/** The session's own commands, around those the capabilities bring. */
const SESSION_COMMANDS_FIRST: readonly SlashCommand[] = [modelCommand];
const SESSION_COMMANDS_LAST: readonly SlashCommand[] = [
  clearCommand,
  compactCommand,
  costCommand,
  forkCommand,
  toolsCommand,
  permissionsCommand,
  mcpCommand,
  sessionsCommand,
  resumeCommand,
  initCommand,
  exitCommand,
];

export interface CustomCommandOptions {
  falconHome: string;
  /** The project folder is trusted: its own commands load. */
  trusted: boolean;
  /** Told of each command file refused. */
  warn(message: string): void;
}

/**
 * The built-in commands, the custom commands (`<FALCON_HOME>/commands/`, and the project's
 * `.falcon/commands/` in a trusted folder) when `custom` says where, then the project's saved
 * requests and flows (`/name`, read when called).
 */
export async function loadSlashCommands(projectRoot: string, custom?: CustomCommandOptions): Promise<SlashCommand[]> {
  const faces = await loadCapabilityFaces();
  const fromCapabilities = faces.flatMap((face) => face.slashCommands ?? []);
  const builtIns: SlashCommand[] = [helpCommand(() => commands), ...SESSION_COMMANDS_FIRST, ...fromCapabilities, ...SESSION_COMMANDS_LAST];
  const builtInNames = [...new Set([...BUILT_IN_COMMAND_NAMES, ...builtIns.map((c) => c.name)])];
  let customs: SlashCommand[] = [];
  if (custom) {
    const { loadCustomCommands } = await import('../../workspace/custom-commands/load-custom-commands.js');
    const loaded = await loadCustomCommands({ projectRoot, falconHome: custom.falconHome, trusted: custom.trusted, builtIns: builtInNames });
    loaded.warnings.forEach((warning) => custom.warn(warning));
    customs = loaded.commands.map(customSlashCommand);
  }
  const taken = new Set([...builtInNames, ...customs.map((c) => c.name)]);
  const perCapability = await Promise.all(faces.map((face) => face.projectSlashCommands?.(projectRoot) ?? []));
  const saved: SlashCommand[] = [];
  for (const command of perCapability.flat()) {
    if (taken.has(command.name)) continue;
    taken.add(command.name);
    saved.push(command);
  }
  const commands = [...builtIns, ...customs, ...saved];
  return commands;
}

/** `/name args` → the command and its arguments; undefined when the text is not a slash command. */
export function parseSlashInput(text: string): { name: string; args: string } | undefined {
  const match = /^\/([\w.-]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? { name: match[1]!, args: (match[2] ?? '').trim() } : undefined;
}
