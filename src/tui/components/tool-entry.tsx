import { Box, Text } from 'ink';
import { formatDuration } from '../../engines/testing/report/report-text.js';
import { fitLabel } from '../../kit/tool/call-label.js';
import { type ResultFact, resultFacts } from '../../kit/tool/result-facts.js';
import type { ToolResultDetails } from '../../workspace/tool-result-details.js';
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
  /** What the tool said of its result for the screen; the gist of the output stands in when it said nothing. */
  details?: ToolResultDetails;
  width: number;
  /** The whole observation below the call (Ctrl-O), instead of its gist. */
  expanded?: boolean;
}

/**
 * A finished tool call on one line, and on the next its result's facts (`200 OK · 41 ms · 1.2 KB json`)
 * or, from a tool that gave none, the gist of its observation; expanded, the whole observation.
 */
export function ToolEntry({ name, label, ok, durationMs, output, details, width, expanded = false }: ToolEntryProps) {
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
      ) : details ? (
        <Text wrap="truncate-end">
          <Text dimColor>{'  ⎿ '}</Text>
          <Facts facts={resultFacts(details)} />
        </Text>
      ) : (
        <Text wrap="truncate-end" dimColor={ok} color={ok ? undefined : palette.failure}>
          {`  ⎿ ${summary}`}
        </Text>
      )}
    </Box>
  );
}

/** The facts one after the other, ` · ` between them: a fact that is news in its colour, the others dimmed. */
function Facts({ facts }: { facts: ResultFact[] }) {
  return facts.map((fact, index) => (
    <Text key={index}>
      {index > 0 && <Text dimColor> · </Text>}
      {fact.tone ? <Text color={fact.tone === 'good' ? palette.success : palette.failure}>{fact.text}</Text> : <Text dimColor>{fact.text}</Text>}
    </Text>
  ));
}
