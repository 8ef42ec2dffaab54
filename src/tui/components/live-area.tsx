import { Box, Text } from 'ink';
import { memo, useMemo, type ReactElement } from 'react';
import { withoutUnfinishedFence } from '../state/markdown-boundary.js';
import { splitStreamingReply } from '../state/split-streaming-reply.js';
import type { ViewState } from '../state/view-state.js';
import { truncateText, wrapPlainText } from './plain-text-layout.js';
import { renderMarkdown } from './render-markdown.js';
import { RunningToolLine } from './running-tool-line.js';
import { SubagentLine } from './subagent-line.js';
import { collapseThought } from './thought-entry.js';

export interface LiveAreaProps {
  state: ViewState;
  width: number;
  maxLines: number;
  showThoughts: boolean;
}

type LiveState = Pick<ViewState, 'stream' | 'thinking' | 'committedAnswer' | 'running' | 'queued'>;

/** One terminal row: a line of text, or a component that keeps to one row. */
type Row = { key: string; text: string; dim: boolean } | { key: string; element: ReactElement };

/**
 * What is happening now: the reply as it streams, the running tool, queued messages. Ink clears the
 * screen when this area outgrows the terminal (docs/ARCHITECTURE.md, "Traps on this stack"), so it is built as rows that each take
 * exactly one terminal row (wrapped here, truncated by Ink) and only the last `maxLines` are shown.
 * Rows keep their key while their place in the reply stays, so a frame re-renders only the rows
 * that changed.
 */
export function LiveArea({ state, width, maxLines, showThoughts }: LiveAreaProps) {
  const { stream, thinking, committedAnswer, running, queued } = state;
  const rows = useMemo(
    () => liveRows({ stream, thinking, committedAnswer, running, queued }, width, showThoughts),
    [stream, thinking, committedAnswer, running, queued, width, showThoughts],
  );
  const visible = maxLines > 0 ? rows.slice(-maxLines) : [];
  if (visible.length === 0) return null;
  return (
    <Box flexDirection="column" width={width}>
      {visible.map((row) =>
        'element' in row ? (
          <Box key={row.key} height={1}>
            {row.element}
          </Box>
        ) : (
          <LiveLine key={row.key} text={row.text} dim={row.dim} />
        ),
      )}
    </Box>
  );
}

const LiveLine = memo(function LiveLine({ text, dim }: { text: string; dim: boolean }) {
  return (
    <Box height={1}>
      <Text dimColor={dim} wrap="truncate-end">
        {text || ' '}
      </Text>
    </Box>
  );
});

function liveRows(state: LiveState, width: number, showThoughts: boolean): Row[] {
  const reply = splitStreamingReply(state.stream, state.committedAnswer);
  const reasoning = [state.thinking.trim(), reply.thought].filter(Boolean).join('\n\n');
  const thought = showThoughts ? reasoning : collapseThought(reasoning);
  const answer = withoutUnfinishedFence(reply.answer).trim();
  const sections: Row[][] = [
    textRows('thought', thought ? wrapPlainText(thought, width) : [], true),
    textRows('answer', answer ? renderMarkdown(answer, width).split('\n') : [], false),
    toolRows(state, width),
    state.queued.map((text, index) => ({ key: `queued${index}`, text: truncateText(`queued: ${text}`, width), dim: true })),
  ];
  return sections
    .filter((section) => section.length > 0)
    .flatMap((section, index) => (index === 0 ? section : [{ key: `gap${index}`, text: '', dim: false }, ...section]));
}

function textRows(name: string, lines: string[], dim: boolean): Row[] {
  return lines.map((text, index) => ({ key: `${name}${index}`, text, dim }));
}

function toolRows({ running: tool }: LiveState, width: number): Row[] {
  if (!tool) return [];
  const rows: Row[] = [{ key: `tool-${tool.id}`, element: <RunningToolLine tool={tool} width={width} /> }];
  for (const subagent of tool.subagents ?? []) {
    rows.push({ key: `subagent-${subagent.label}`, element: <SubagentLine subagent={subagent} width={width} /> });
  }
  if (tool.progress) rows.push({ key: `progress-${tool.id}`, text: truncateText(`  ⎿ ${tool.progress}`, width), dim: true });
  return rows;
}
