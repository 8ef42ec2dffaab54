import { Box, Text } from 'ink';
import type { NoticeTone } from '../state/view-state.js';
import { palette } from '../theme.js';

/** Something Falcon itself says: info dimmed, warnings (retries, provider switches) and errors marked. */
export function NoticeEntry({ tone, text, width }: { tone: NoticeTone; text: string; width: number }) {
  return (
    <Box width={width}>
      {tone === 'info' && <Text dimColor>{text}</Text>}
      {tone === 'warning' && <Text color={palette.warning}>⚠ {text}</Text>}
      {tone === 'error' && <Text color={palette.failure}>✗ {text}</Text>}
    </Box>
  );
}
