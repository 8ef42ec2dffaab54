import { Box, Text } from 'ink';
import { palette } from '../theme.js';

/** What the user answered to a confirmation. */
export function DecisionEntry({ title, approved, width }: { title: string; approved: boolean; width: number }) {
  return (
    <Box width={width}>
      <Text>
        {approved ? <Text color={palette.success}>✓ approved</Text> : <Text color={palette.failure}>✗ declined</Text>}
        {`: ${title}`}
      </Text>
    </Box>
  );
}
