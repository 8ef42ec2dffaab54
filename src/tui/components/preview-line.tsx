import { Text } from 'ink';
import { palette } from '../theme.js';
import type { PreviewRow } from './preview-rows.js';

/** One row of a preview (a diff line, a command, a detail), in its colour, never wider than its row. */
export function PreviewLine({ row }: { row: PreviewRow }) {
  const text = row.text || ' ';
  switch (row.tone) {
    case 'added':
      return (
        <Text color={palette.diffAdded} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'removed':
      return (
        <Text color={palette.diffRemoved} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'hunk':
      return (
        <Text color={palette.diffHunk} wrap="truncate-end">
          {text}
        </Text>
      );
    case 'header':
    case 'command':
      return (
        <Text bold wrap="truncate-end">
          {text}
        </Text>
      );
    case 'muted':
      return (
        <Text dimColor wrap="truncate-end">
          {text}
        </Text>
      );
    case 'plain':
      return <Text wrap="truncate-end">{text}</Text>;
  }
}
