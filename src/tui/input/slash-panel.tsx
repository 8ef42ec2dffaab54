import { Box, Text } from 'ink';
import type { SlashCommandInfo } from './slash-command-info.js';
import { SuggestionList } from './suggestion-list.js';

export interface SlashPanelProps {
  commands: readonly SlashCommandInfo[];
  selected: number;
  width: number;
}

/** The slash commands matching what is typed, and how to call the selected one. */
export function SlashPanel({ commands, selected, width }: SlashPanelProps) {
  const rows = commands.map((command) => ({ label: `/${command.name}`, detail: command.description }));
  const usage = commands[selected]?.usage;
  return (
    <Box flexDirection="column">
      <SuggestionList rows={rows} selected={selected} width={width} />
      {usage ? <Text dimColor wrap="truncate-end">{`   usage: ${usage}`}</Text> : null}
    </Box>
  );
}
