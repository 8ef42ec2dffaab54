import { Box, Text } from 'ink';

export const MAX_SUGGESTION_ROWS = 8;

export interface SuggestionRow {
  label: string;
  detail?: string;
}

export interface SuggestionListProps {
  rows: readonly SuggestionRow[];
  selected: number;
  width: number;
}

/** Up to eight suggestions, the selected one highlighted, scrolled so that it stays in view. */
export function SuggestionList({ rows, selected, width }: SuggestionListProps) {
  const first = Math.max(0, Math.min(selected - MAX_SUGGESTION_ROWS + 1, rows.length - MAX_SUGGESTION_ROWS));
  const visible = rows.slice(first, first + MAX_SUGGESTION_ROWS);
  const labelWidth = Math.max(...visible.map((row) => row.label.length));
  return (
    <Box flexDirection="column" width={width} paddingX={1}>
      {visible.map((row, offset) => {
        const isSelected = first + offset === selected;
        return (
          <Text key={row.label} wrap="truncate-end" color={isSelected ? 'cyan' : undefined}>
            {isSelected ? '› ' : '  '}
            <Text bold={isSelected}>{row.label.padEnd(labelWidth)}</Text>
            {row.detail ? <Text dimColor>{`  ${row.detail}`}</Text> : null}
          </Text>
        );
      })}
      {rows.length > MAX_SUGGESTION_ROWS ? <Text dimColor>{`  ${selected + 1}/${rows.length}`}</Text> : null}
    </Box>
  );
}
