import { Box, Text } from 'ink';
import { useRef, useState } from 'react';
import { EditorView } from './editor-view.js';
import { FilePanel } from './file-panel.js';
import type { InputHistory } from './input-history.js';
import { currentSuggestions, fileQuery, INITIAL_INPUT_BOX, reduceInputBox, type InputBoxContext, type InputBoxState } from './input-box-state.js';
import { interpretKey } from './interpret-key.js';
import type { KeyCommand } from './key-command.js';
import type { SlashCommandInfo } from './slash-command-info.js';
import { SlashPanel } from './slash-panel.js';
import { useFileSuggestions } from './use-file-suggestions.js';
import { useKeys } from '../keys/use-keys.js';

export interface InputBoxProps {
  width: number;
  /** While the agent waits for a confirmation the box ignores keys and shows as locked. */
  locked: boolean;
  placeholder?: string;
  /** Sent messages are added to it before onSubmit is called. */
  history: InputHistory;
  commands: readonly SlashCommandInfo[];
  /** Project files matching what follows an `@`, best first (see createFileCompleter). */
  completeFiles: (prefix: string) => Promise<string[]>;
  onSubmit: (text: string) => void;
  /** Told the draft's text as it changes (Esc Esc opens /rewind only on an empty input). */
  onDraftChange?: (text: string) => void;
}

const LOCKED_LABEL = 'waiting for your answer above…';

/**
 * The message editor of the interactive session, with slash-command and `@path` suggestions.
 * Esc, Ctrl-C and the app's other shortcuts pass through untouched for the app to handle. Pastes
 * come apart from the keys (see KeyStream): their newlines are kept, and Enter alone sends.
 */
export function InputBox({ width, locked, placeholder, history, commands, completeFiles, onSubmit, onDraftChange }: InputBoxProps) {
  const [state, setState] = useState<InputBoxState>(INITIAL_INPUT_BOX);
  // Ink delivers the keys of one terminal read (e.g. two arrows) before React re-renders, so each
  // key must start from the state the previous one left, not from this render's.
  const latest = useRef(state);
  const files = useFileSuggestions(fileQuery(state, { commands, history: history.entries }), completeFiles);
  const context: InputBoxContext = { commands, files, history: history.entries };

  const apply = (command: KeyCommand) => {
    const step = reduceInputBox(latest.current, command, context);
    latest.current = step.state;
    setState(step.state);
    onDraftChange?.(step.state.editor.text);
    if (step.submitted !== undefined) {
      void history.add(step.submitted);
      onSubmit(step.submitted);
    }
  };
  useKeys({ onKey: (input, key) => apply(interpretKey(input, key)), onPaste: (text) => apply({ type: 'paste', text }) }, { isActive: !locked });

  const suggestions = locked ? undefined : currentSuggestions(state, context);
  return (
    <Box flexDirection="column" width={width}>
      <Box borderStyle="round" borderColor={locked ? 'gray' : 'cyan'} paddingX={1} flexDirection="column">
        <EditorView editor={state.editor} placeholder={locked ? LOCKED_LABEL : placeholder} locked={locked} pastes={state.pastes} />
        {locked && state.editor.text !== '' ? <Text dimColor>{LOCKED_LABEL}</Text> : null}
      </Box>
      {suggestions?.kind === 'slash' ? <SlashPanel commands={suggestions.commands} selected={suggestions.selected} width={width} /> : null}
      {suggestions?.kind === 'file' ? <FilePanel files={suggestions.files} selected={suggestions.selected} width={width} /> : null}
    </Box>
  );
}
