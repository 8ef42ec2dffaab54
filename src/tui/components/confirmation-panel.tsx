import { Box, Text, useStdout } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { type ConfirmationAction, KEY_TABLE, readKey } from '../keys/key-table.js';
import type { PendingConfirmation } from '../state/view-state.js';
import { palette } from '../theme.js';
import { type AlwaysPick, alwaysKeys, alwaysOptions, describeAlwaysPick } from './always-options.js';
import { markLineBreaks, truncateText, wrapPlainText } from './plain-text-layout.js';
import { PreviewLine } from './preview-line.js';
import { previewRows } from './preview-rows.js';
import { useKeys } from '../keys/use-keys.js';

export interface ConfirmationPanelProps {
  confirmation: PendingConfirmation;
  /** Defaults to the terminal's width. */
  width?: number;
  /** Rows the whole panel may take, borders included; a longer preview scrolls. */
  height: number;
  /** `a` was pressed: the panel lists what "always" may allow, each for the session or the project. */
  choosingAlways?: boolean;
  onChooseAlways?: () => void;
  onAnswer: (approved: boolean, always: AlwaysPick | false) => void;
}

/** Border top and bottom, title and the key hints: one row each, whatever their text. */
const CHROME_ROWS = 4;
const ALWAYS_HEADING = 'Always allow, without asking again:';

/**
 * Asks the user to approve a change, a command or an action: y, n/Esc, or a (always), which then lists
 * what "always" may allow — this command or its first words, this file or its folder, this origin —
 * each for this session or saved in this project, to pick by its number.
 */
export function ConfirmationPanel(props: ConfirmationPanelProps) {
  // Keyed by id so that each confirmation starts at the top and can be answered once.
  return <ScrollablePanel key={props.confirmation.id} {...props} />;
}

function ScrollablePanel({ confirmation, height, onAnswer, choosingAlways = false, onChooseAlways, ...props }: ConfirmationPanelProps) {
  const { stdout } = useStdout();
  const width = props.width ?? (stdout.columns || 80);
  const innerWidth = Math.max(10, width - 4);
  const rows = useMemo(() => previewRows(confirmation.preview, innerWidth), [confirmation.preview, innerWidth]);
  const options = useMemo(() => alwaysOptions(confirmation.always), [confirmation.always]);
  const optionRows = choosingAlways ? alwaysRows(confirmation, options, innerWidth) : [];
  const pageRows = Math.max(1, height - CHROME_ROWS - optionRows.length);
  const maxTop = Math.max(0, rows.length - pageRows);
  const [scrollTop, setScrollTop] = useState(0);
  const answered = useRef(false);
  const top = Math.min(scrollTop, maxTop);

  useKeys({
    onKey: (input, key) => {
      const action = readKey(KEY_TABLE.confirmation, input, key, { choosing: choosingAlways, options });
      if (action === undefined) return;
      if (action === 'choose_always') return onChooseAlways?.();
      if ('scroll' in action) {
        const scroll = scrollDelta(action.scroll, pageRows);
        // Keys can arrive faster than renders: move from the latest position, not this render's.
        setScrollTop((previous) => Math.min(maxTop, Math.max(0, Math.min(previous, maxTop) + scroll)));
        return;
      }
      if (answered.current) return;
      answered.current = true;
      onAnswer(action.approved, action.always);
    },
  });

  const visible = rows.slice(top, top + pageRows);
  const position = rows.length > pageRows ? `↑↓ lines ${top + 1}–${top + visible.length} of ${rows.length}` : '';
  const keys = choosingAlways ? `${alwaysKeys(options)} choose · y just this once · n no` : answerKeys(confirmation);
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={palette.warning} paddingX={1}>
      <Text bold wrap="truncate-end">
        {markLineBreaks(confirmation.title)}
      </Text>
      {visible.map((row, index) => (
        <PreviewLine key={top + index} row={row} />
      ))}
      {optionRows.map((row, index) => (
        <Text key={`always${index}`} bold={index === 0} wrap="truncate-end">
          {row}
        </Text>
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

/** The status line's key hints while a confirmation is open: its answers, or after `a` the keys of the list. */
export function confirmationHints(confirmation: PendingConfirmation, choosingAlways: boolean): string {
  if (choosingAlways) return `${alwaysKeys(alwaysOptions(confirmation.always))} always · y once · n/esc no`;
  return confirmation.always.length > 0 ? 'y yes · n/esc no · a always…' : 'y yes · n/esc no';
}

/** Before `a`: the answers, and what "always" would offer, or that this is asked each time. */
function answerKeys(confirmation: PendingConfirmation): string {
  const labels = confirmation.always.map((choice) => choice.label);
  if (labels.length === 0) return 'y yes · n no · asked each time (no "always" for this)';
  return `y yes · n no · a always… (${labels.join(' / ')})`;
}

/** After `a`: a heading, then each option on its own rows, numbered. */
function alwaysRows(confirmation: PendingConfirmation, options: readonly AlwaysPick[], width: number): string[] {
  const lines = options.flatMap((pick, index) =>
    wrapPlainText(describeAlwaysPick(confirmation.always, pick), width - 5).map((line, row) => `${row === 0 ? ` ${index + 1}  ` : '    '}${line}`),
  );
  return [ALWAYS_HEADING, ...lines];
}

function scrollDelta(scroll: Extract<ConfirmationAction, { scroll: unknown }>['scroll'], pageRows: number): number {
  switch (scroll) {
    case 'line_up':
      return -1;
    case 'line_down':
      return 1;
    case 'page_up':
      return -pageRows;
    case 'page_down':
      return pageRows;
  }
}
