import { Box, Text } from 'ink';
import { problemGist } from '../../agent/reply/call-site.js';
import { palette } from '../theme.js';
import { truncateText } from './plain-text-layout.js';

export interface UnreadableEntryProps {
  reply: string;
  /** The line shown folded: the first of the reply that the thought above it does not already show. */
  folded: string;
  problem: string;
  /** The tool the call named: its failed call has an entry of its own, which says what went wrong. */
  tool?: string;
  width: number;
  /** All of what the model wrote (Ctrl-O), not only its first line. */
  expanded: boolean;
}

/**
 * A reply whose tool call could not be read: a line saying so (unless the failed call's own entry
 * follows), and what the model wrote, dimmed, folded to one line (where the call begins, when the thought
 * above shows the lines before it), so the user sees why the model was asked again.
 */
export function UnreadableEntry({ reply, folded, problem, tool, width, expanded }: UnreadableEntryProps) {
  const lines = reply.trim().split('\n');
  const hidden = lines.length - 1;
  const inner = Math.max(1, width - 2);
  return (
    <Box flexDirection="column" width={width}>
      {tool === undefined && (
        <Text color={palette.warning} wrap="truncate-end">
          {`⚠ Could not read the model's tool call: ${problemGist(problem)}. Asked it again.`}
        </Text>
      )}
      <Box paddingLeft={2} width={width}>
        {expanded ? (
          <Text dimColor>{reply.trim()}</Text>
        ) : (
          <Text dimColor wrap="truncate-end">
            {truncateText(folded, inner)}
            {hidden > 0 ? ` … (${hidden} more line${hidden === 1 ? '' : 's'}, Ctrl-O)` : ''}
          </Text>
        )}
      </Box>
    </Box>
  );
}
