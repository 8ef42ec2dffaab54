import { Box, Text } from 'ink';
import { palette } from '../theme.js';

/** A message the user sent, after a `›` marker. */
export function UserEntry({ text, width }: { text: string; width: number }) {
  return (
    <Box width={width}>
      <Box width={2} flexShrink={0}>
        <Text color={palette.accent} bold>
          ›
        </Text>
      </Box>
      <Box width={Math.max(1, width - 2)}>
        <Text>{text}</Text>
      </Box>
    </Box>
  );
}
