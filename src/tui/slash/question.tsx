import { Box, Text } from 'ink';
import { useRef, useState } from 'react';
import { EditorView } from '../input/editor-view.js';
import { editorReducer, type EditorState } from '../input/editor-state.js';
import { interpretKey } from '../input/interpret-key.js';
import { cleanPaste } from '../input/pasted-text.js';
import { KEY_TABLE, readKey } from '../keys/key-table.js';
import type { KeyHandler } from '../keys/key-router.js';
import { useKeys } from '../keys/use-keys.js';
import type { QuestionRequest } from '../../kit/slash/slash-requests.js';

/** A one-line question in place of the input: edit the answer, Enter to accept it, Esc to cancel. */
export function Question(props: QuestionRequest & { onDone: (answer: string | undefined) => void }) {
  const start: EditorState = { text: props.initial ?? '', cursor: (props.initial ?? '').length };
  const [editor, setEditor] = useState(start);
  const [problem, setProblem] = useState<string>();
  // Keys of one terminal read reach the handler before React renders: each starts from the last.
  const latest = useRef(start);
  const done = useRef(false);

  const edit = (next: EditorState) => {
    latest.current = next;
    setEditor(next);
    setProblem(undefined);
  };
  const accept = async () => {
    const answer = latest.current.text.trim();
    const wrong = await props.check?.(answer);
    if (wrong !== undefined) return setProblem(wrong);
    if (done.current) return;
    done.current = true;
    props.onDone(answer);
  };

  const onKey: KeyHandler = (input, key) => {
    const action = readKey(KEY_TABLE.question, input, key, undefined);
    if (action === 'accept') return void accept();
    if (action === 'cancel') {
      done.current = true;
      return props.onDone(undefined);
    }
    const command = interpretKey(input, key);
    if (command.type === 'insert') edit(editorReducer(latest.current, { ...command, text: command.text.replace(/\n/g, '') }));
    else if (command.type !== 'submit' && command.type !== 'complete' && command.type !== 'paste' && command.type !== 'ignore') {
      edit(editorReducer(latest.current, command));
    }
  };
  const onPaste = (text: string) => edit(editorReducer(latest.current, { type: 'insert', text: cleanPaste(text).replace(/\s*\n\s*/g, ' ') }));
  useKeys({ onKey, onPaste });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{props.title}</Text>
      {props.hint ? <Text dimColor>{props.hint}</Text> : null}
      <EditorView editor={editor} locked={false} />
      {problem ? <Text color="red">{problem}</Text> : null}
      <Text dimColor>enter accept · esc cancel</Text>
    </Box>
  );
}
