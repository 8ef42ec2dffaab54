import { Box, Text } from 'ink';
import { formatDuration } from '../../engines/testing/report/report-text.js';
import { fitLabel } from '../../kit/tool/call-label.js';
import { palette } from '../theme.js';
import { highlightJson } from './highlight-json.js';
import { firstMeaningfulLine, truncateText } from './plain-text-layout.js';

export interface ToolEntryProps {
  name: string;
  /** The call as one line, as its tool describes it (starting with its name, shown bold). */
  label: string;
  ok: boolean;
  durationMs: number;
  output: string;
  width: number;
  /** The whole observation below the call (Ctrl-O), instead of its gist. */
  expanded?: boolean;
}

/** A finished tool call on one line, and the gist of its observation on the next (or all of it, expanded). */
export function ToolEntry({ name, label, ok, durationMs, output, width, expanded = false }: ToolEntryProps) {
  const duration = ` · ${formatDuration(durationMs)}`;
  const call = fitLabel(label, Math.max(1, width - 2 - duration.length));
  const summary = truncateText(firstMeaningfulLine(output) || '(no output)', Math.max(1, width - 4));
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <Text color={ok ? palette.success : palette.failure}>{ok ? '✓' : '✗'}</Text> <Text bold>{call.slice(0, name.length)}</Text>
        {call.slice(name.length)}
        <Text dimColor>{duration}</Text>
      </Text>
      {expanded ? (
        <Box paddingLeft={4} width={width}>
          <Text color={ok ? undefined : palette.failure}>{highlightJson(output, 'auto') ?? (output.trimEnd() || '(no output)')}</Text>
        </Box>
      ) : (
        <Text wrap="truncate-end" dimColor={ok} color={ok ? undefined : palette.failure}>
          {`  ⎿ ${summary}`}
        </Text>
      )}
    </Box>
  );
}
