import type { SlashCommandInfo } from './slash-command-info.js';

/** What follows the `/` while a command name is being typed (text starts with `/`, no space yet). */
export function slashQuery(text: string): string | undefined {
  return text.startsWith('/') && !/\s/.test(text) ? text.slice(1) : undefined;
}

/**
 * Commands whose name matches the typed query, case-insensitively: an exact name first, then names
 * starting with it, then names containing it, each group in the registry's order.
 */
export function matchSlashCommands(commands: readonly SlashCommandInfo[], text: string): SlashCommandInfo[] {
  const query = slashQuery(text)?.toLowerCase();
  if (query === undefined) return [];
  const ranked = commands.map((command) => ({ command, rank: matchRank(command.name.toLowerCase(), query) })).filter((entry) => entry.rank >= 0);
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.command);
}

function matchRank(name: string, query: string): number {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  return name.includes(query) ? 2 : -1;
}
