import { Box, Text } from 'ink';

/** The model's reasoning, dimmed; collapsed to its first line unless thoughts are shown. */
export function ThoughtEntry({ text, width, expanded }: { text: string; width: number; expanded: boolean }) {
  return (
    <Box width={width}>
      <Text dimColor>{expanded ? text.trim() : collapseThought(text)}</Text>
    </Box>
  );
}

/** The first line of a thought, followed by `…` when there is more. */
export function collapseThought(text: string): string {
  const lines = text.trim().split('\n');
  const first = lines[0]?.trim() ?? '';
  return lines.length > 1 ? `${first} …` : first;
}
