import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { splitStreamingReply } from '../state/split-streaming-reply.js';
import type { ViewState } from '../state/view-state.js';
import { truncateText, wrapPlainText } from './plain-text-layout.js';
import { renderMarkdown } from './render-markdown.js';
import { RunningToolLine } from './running-tool-line.js';
import { collapseThought } from './thought-entry.js';

export interface LiveAreaProps {
  state: ViewState;
  width: number;
  maxLines: number;
  showThoughts: boolean;
}

type Row = { key: string; node: ReactNode };

/**
 * What is happening now: the reply as it streams, the running tool, queued messages. Ink clears the
 * screen when this area outgrows the terminal (DESIGN §8), so it is built as rows that each take
 * exactly one terminal row (wrapped here, truncated by Ink) and only the last `maxLines` are shown.
 */
export function LiveArea({ state, width, maxLines, showThoughts }: LiveAreaProps) {
  const rows = liveRows(state, width, showThoughts);
  const visible = maxLines > 0 ? rows.slice(-maxLines) : [];
  if (visible.length === 0) return null;
  return (
    <Box flexDirection="column" width={width}>
      {visible.map((row) => (
        <Box key={row.key} height={1}>
          {row.node}
        </Box>
      ))}
    </Box>
  );
}

function liveRows(state: ViewState, width: number, showThoughts: boolean): Row[] {
  const reply = splitStreamingReply(state.stream);
  const reasoning = [state.thinking.trim(), reply.thought].filter(Boolean).join('\n\n');
  const thought = showThoughts ? reasoning : collapseThought(reasoning);
  const answer = reply.answer.slice(state.committedAnswer).trim();
  const sections: Row[][] = [
    textRows('thought', thought ? wrapPlainText(thought, width) : [], true),
    textRows('answer', answer ? renderMarkdown(answer, width).split('\n') : [], false),
    state.running ? toolRows(state, width) : [],
    state.queued.map((text, index) => ({ key: `queued${index}`, node: <Line dim>{truncateText(`queued: ${text}`, width)}</Line> })),
  ];
  return sections
    .filter((section) => section.length > 0)
    .flatMap((section, index) => (index === 0 ? section : [{ key: `gap${index}`, node: <Text> </Text> }, ...section]));
}

function textRows(name: string, lines: string[], dim: boolean): Row[] {
  return lines.map((line, index) => ({ key: `${name}${index}`, node: <Line dim={dim}>{line || ' '}</Line> }));
}

function toolRows(state: ViewState, width: number): Row[] {
  const tool = state.running;
  if (!tool) return [];
  const rows: Row[] = [{ key: `tool-${tool.id}`, node: <RunningToolLine tool={tool} width={width} /> }];
  if (tool.progress) rows.push({ key: `progress-${tool.id}`, node: <Line dim>{truncateText(`  ⎿ ${tool.progress}`, width)}</Line> });
  return rows;
}

function Line({ dim = false, children }: { dim?: boolean; children: string }) {
  return (
    <Text dimColor={dim} wrap="truncate-end">
      {children}
    </Text>
  );
}
