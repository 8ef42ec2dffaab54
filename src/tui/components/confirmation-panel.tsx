import { Box, Text, useInput, useStdout, type Key } from 'ink';
import { useMemo, useRef, useState } from 'react';
import type { AlwaysScope } from '../../agent/agent.js';
import type { PendingConfirmation } from '../state/view-state.js';
import { palette } from '../theme.js';
import { markLineBreaks, truncateText } from './plain-text-layout.js';
import { previewRows, type PreviewRow } from './preview-rows.js';

export interface ConfirmationPanelProps {
  confirmation: PendingConfirmation;
  /** Defaults to the terminal's width. */
  width?: number;
  /** Rows the whole panel may take, borders included; a longer preview scrolls. */
  height: number;
  /** `a` was pressed: the panel offers "this session" or "always in this project". */
  choosingScope?: boolean;
  onChooseScope?: () => void;
  onAnswer: (approved: boolean, always: AlwaysScope | false) => void;
}

/** What a key does to a confirmation: an answer, the choice of where "always" holds, or nothing. */
export type ConfirmationKey = { approved: boolean; always: AlwaysScope | false } | 'choose_scope' | undefined;

/** Border top and bottom, title and the key hints: one row each, whatever their text. */
const CHROME_ROWS = 4;

/**
 * Asks the user to approve a change, a command or an action: y, n/Esc, or a (always), which then
 * offers s (this session) or p (this project: the confirmation's allow rule goes into .falcon/config.yaml).
 */
export function ConfirmationPanel(props: ConfirmationPanelProps) {
  // Keyed by id so that each confirmation starts at the top and can be answered once.
  return <ScrollablePanel key={props.confirmation.id} {...props} />;
}

function ScrollablePanel({ confirmation, height, onAnswer, choosingScope = false, onChooseScope, ...props }: ConfirmationPanelProps) {
  const { stdout } = useStdout();
  const width = props.width ?? (stdout.columns || 80);
  const innerWidth = Math.max(10, width - 4);
  const rows = useMemo(() => previewRows(confirmation.preview, innerWidth), [confirmation.preview, innerWidth]);
  const pageRows = Math.max(1, height - CHROME_ROWS);
  const maxTop = Math.max(0, rows.length - pageRows);
  const [scrollTop, setScrollTop] = useState(0);
  const answered = useRef(false);
  const top = Math.min(scrollTop, maxTop);

  useInput((input, key) => {
    const scroll = scrollDelta(key, pageRows);
    if (scroll !== 0) {
      // Keys can arrive faster than renders: move from the latest position, not this render's.
      setScrollTop((previous) => Math.min(maxTop, Math.max(0, Math.min(previous, maxTop) + scroll)));
      return;
    }
    const answer = confirmationKey(input, key, { choosingScope, canChooseScope: confirmation.rule !== undefined && onChooseScope !== undefined });
    if (answer === 'choose_scope') onChooseScope?.();
    else if (answer && !answered.current) {
      answered.current = true;
      onAnswer(answer.approved, answer.always);
    }
  });

  const visible = rows.slice(top, top + pageRows);
  const position = rows.length > pageRows ? `↑↓ lines ${top + 1}–${top + visible.length} of ${rows.length}` : '';
  const keys = choosingScope
    ? `always: s this session · p this project (saves ${confirmation.rule ?? confirmation.tool} to .falcon/config.yaml) · n no`
    : `y yes · n no · a always allow ${confirmation.preview.always?.label ?? confirmation.tool}`;
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={palette.warning} paddingX={1}>
      <Text bold wrap="truncate-end">
        {markLineBreaks(confirmation.title)}
      </Text>
      {visible.map((row, index) => (
        <PreviewLine key={top + index} row={row} />
      ))}
      <Box justifyContent="space-between">
        <Text>{truncateText(keys, innerWidth - (position ? position.length + 2 : 0))}</Text>
        {position && (
          <Text dimColor wrap="truncate-end">
            {position}
          </Text>
        )}
      </Box>
    </Box>
  );
}

function PreviewLine({ row }: { row: PreviewRow }) {
  const text = row.text || ' ';
  switch (row.tone) {
    case 'added':
      return <Text color={palette.diffAdded} wrap="truncate-end">{text}</Text>;
    case 'removed':
      return <Text color={palette.diffRemoved} wrap="truncate-end">{text}</Text>;
    case 'hunk':
      return <Text color={palette.diffHunk} wrap="truncate-end">{text}</Text>;
    case 'header':
    case 'command':
      return <Text bold wrap="truncate-end">{text}</Text>;
    case 'muted':
      return <Text dimColor wrap="truncate-end">{text}</Text>;
    case 'plain':
      return <Text wrap="truncate-end">{text}</Text>;
  }
}

function scrollDelta(key: Key, pageRows: number): number {
  if (key.upArrow) return -1;
  if (key.downArrow) return 1;
  if (key.pageUp) return -pageRows;
  if (key.pageDown) return pageRows;
  return 0;
}

/**
 * y, n and Esc mean the same before and after `a`, and `a` once choosing means nothing: the panel and
 * the session's keys both see each key, and must never read one differently.
 */
export function confirmationKey(input: string, key: Key, state: { choosingScope: boolean; canChooseScope: boolean }): ConfirmationKey {
  const letter = input.toLowerCase();
  if (letter === 'y') return { approved: true, always: false };
  if (letter === 'n' || key.escape) return { approved: false, always: false };
  if (letter === 'a' && !state.choosingScope) return state.canChooseScope ? 'choose_scope' : { approved: true, always: 'session' };
  if (letter === 's' && state.choosingScope) return { approved: true, always: 'session' };
  if (letter === 'p' && state.choosingScope) return { approved: true, always: 'project' };
  return undefined;
}
