import { Box, Text } from 'ink';
import type { OutputFormat } from '../state/view-state.js';
import { DiffBody } from './diff-body.js';
import { highlightJson } from './highlight-json.js';
import { Markdown } from './markdown.js';

export interface OutputEntryProps {
  title: string;
  text: string;
  format: OutputFormat;
  width: number;
}

/** A slash command's output or an expanded observation: a title, then the text (JSON pretty-printed). */
export function OutputEntry({ title, text, format, width }: OutputEntryProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{title}</Text>
      <OutputBody text={text} format={format} width={width} />
    </Box>
  );
}

function OutputBody({ text, format, width }: Omit<OutputEntryProps, 'title'>) {
  if (format === 'markdown') return <Markdown text={text} width={width} />;
  if (format === 'diff') return <DiffBody text={text} />;
  const json = highlightJson(text, format === 'json' ? 'json' : 'auto');
  return <Text>{json ?? text.trimEnd()}</Text>;
}
