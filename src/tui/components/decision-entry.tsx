import { Box, Text } from 'ink';
import type { Preview } from '../../kit/tool/preview.js';
import { palette } from '../theme.js';
import { markLineBreaks } from './plain-text-layout.js';
import { PreviewLine } from './preview-line.js';
import { previewRows } from './preview-rows.js';

/** Rows of an approved preview the transcript shows while folded. */
export const FOLDED_PREVIEW_ROWS = 12;

export interface DecisionEntryProps {
  title: string;
  approved: boolean;
  /** What was approved: it stays on screen, folded unless `expanded`. */
  preview?: Preview;
  width: number;
  expanded: boolean;
}

/**
 * What the user answered to a confirmation, on one row; an approval keeps the diff, command or
 * request it approved below it, folded to its first rows with the count of the rest.
 */
export function DecisionEntry({ title, approved, preview, width, expanded }: DecisionEntryProps) {
  const rows = preview ? previewRows(preview, Math.max(10, width - 2)) : [];
  const shown = expanded ? rows : rows.slice(0, FOLDED_PREVIEW_ROWS);
  const hidden = rows.length - shown.length;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        {approved ? <Text color={palette.success}>✓ approved</Text> : <Text color={palette.failure}>✗ declined</Text>}
        {`: ${markLineBreaks(title)}`}
      </Text>
      {shown.length > 0 && (
        <Box flexDirection="column" paddingLeft={2}>
          {shown.map((row, index) => (
            <PreviewLine key={index} row={row} />
          ))}
          {hidden > 0 && <Text dimColor>{`… ${hidden} more line${hidden === 1 ? '' : 's'}, ctrl+o to expand`}</Text>}
        </Box>
      )}
    </Box>
  );
}
