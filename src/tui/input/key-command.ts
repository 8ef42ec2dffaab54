import type { EditorAction } from './editor-state.js';

/** What a key press (or a paste) asks of the input box: an edit, or one of the box's own commands. */
export type KeyCommand = EditorAction | { type: 'submit' } | { type: 'complete' } | { type: 'paste'; text: string } | { type: 'ignore' };
