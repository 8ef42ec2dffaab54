import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown.js';

export interface MarkdownProps {
  text: string;
  width: number;
}

/** Markdown rendered for the terminal; parsed again only when the text or the width change. */
export function Markdown({ text, width }: MarkdownProps) {
  const rendered = useMemo(() => renderMarkdown(text, width), [text, width]);
  if (!rendered) return null;
  return (
    <Box width={width}>
      <Text>{rendered}</Text>
    </Box>
  );
}
