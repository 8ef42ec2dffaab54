import { Box, Text } from 'ink';
import { Markdown } from './markdown.js';

export interface AnswerEntryProps {
  text: string;
  /** Esc cut the reply short: what was shown of it is followed by a dimmed mark. */
  interrupted: boolean;
  width: number;
}

export const INTERRUPTED_MARK = '— interrupted';

/** An answer, or the part of one that was shown, rendered as Markdown. */
export function AnswerEntry({ text, interrupted, width }: AnswerEntryProps) {
  if (!interrupted) return <Markdown text={text} width={width} />;
  return (
    <Box flexDirection="column" width={width}>
      {text ? <Markdown text={text} width={width} /> : null}
      <Text dimColor>{INTERRUPTED_MARK}</Text>
    </Box>
  );
}
