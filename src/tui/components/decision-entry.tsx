import { Box, Text } from 'ink';
import { palette } from '../theme.js';
import { markLineBreaks } from './plain-text-layout.js';

/** What the user answered to a confirmation, on one row (the panel showed it whole). */
export function DecisionEntry({ title, approved, width }: { title: string; approved: boolean; width: number }) {
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {approved ? <Text color={palette.success}>✓ approved</Text> : <Text color={palette.failure}>✗ declined</Text>}
        {`: ${markLineBreaks(title)}`}
      </Text>
    </Box>
  );
}
