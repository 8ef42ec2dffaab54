import { Box, Text } from 'ink';
import { nextBoundary, type EditorState } from './editor-state.js';
import { showPastes } from './pasted-text.js';

export interface EditorViewProps {
  editor: EditorState;
  placeholder?: string;
  /** Draws the text without a cursor, dimmed. */
  locked: boolean;
  /** The draft's long pastes, shown as `[pasted 120 lines]`. */
  pastes?: readonly string[];
}

const PROMPT = '› ';
const CONTINUATION = '  ';

/** The text being edited, one row per line, with the cursor shown as an inverse character. */
export function EditorView({ editor, placeholder, locked, pastes = [] }: EditorViewProps) {
  const shown = (text: string) => showPastes(text, pastes);
  if (editor.text === '' && (placeholder || locked)) {
    return (
      <Text>
        {PROMPT}
        {locked ? null : <Text inverse> </Text>}
        <Text dimColor>{placeholder}</Text>
      </Text>
    );
  }
  let lineStart = 0;
  const rows = editor.text.split('\n').map((line, index) => {
    const start = lineStart;
    lineStart += line.length + 1;
    const prefix = index === 0 ? PROMPT : CONTINUATION;
    const column = editor.cursor - start;
    if (locked || column < 0 || column > line.length) {
      return (
        <Text key={index} dimColor={locked}>
          {prefix + shown(line)}
        </Text>
      );
    }
    const cursorEnd = nextBoundary(line, column);
    return (
      <Text key={index}>
        {prefix + shown(line.slice(0, column))}
        <Text inverse>{shown(line.slice(column, cursorEnd)) || ' '}</Text>
        {shown(line.slice(cursorEnd))}
      </Text>
    );
  });
  return <Box flexDirection="column">{rows}</Box>;
}
