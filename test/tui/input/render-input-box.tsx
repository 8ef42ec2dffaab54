import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import { InputBox, type InputBoxProps } from '../../../src/tui/input/input-box.js';
import { InputHistory } from '../../../src/tui/input/input-history.js';
import type { SlashCommandInfo } from '../../../src/tui/input/slash-command-info.js';
import { drawn, typed } from '../react-act.js';
import { withKeys } from '../with-keys.js';

export const KEYS = {
  enter: '\r',
  shiftEnterKitty: '\x1b[13;2u',
  metaEnter: '\x1b\r',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  backspace: '\x7f',
  tab: '\t',
  ctrlA: '\x01',
  ctrlD: '\x04',
  ctrlE: '\x05',
  ctrlU: '\x15',
} as const;

export const COMMANDS: SlashCommandInfo[] = [
  { name: 'help', description: 'Show the commands' },
  { name: 'model', description: 'Switch the model', usage: '/model <provider> <model>' },
  { name: 'mode', description: 'Switch the mode' },
  { name: 'clear', description: 'Clear the conversation' },
];

export const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** Renders an input box with test defaults; `type` writes each chunk as one terminal read. */
export function renderInputBox(props: Partial<InputBoxProps> = {}) {
  const onSubmit = vi.fn<(text: string) => void>();
  const all: InputBoxProps = {
    width: 60,
    locked: false,
    placeholder: 'Ask Falcon…',
    history: new InputHistory(),
    commands: COMMANDS,
    completeFiles: async () => [],
    onSubmit,
    ...props,
  };
  const rendered = drawn(() => render(withKeys(<InputBox {...all} />)));
  return {
    ...rendered,
    onSubmit,
    rerenderWith: (changes: Partial<InputBoxProps>) => rendered.rerender(withKeys(<InputBox {...all} {...changes} />)),
    frame: () => stripAnsi(rendered.lastFrame() ?? ''),
    async type(...chunks: string[]) {
      for (const chunk of chunks) await typed(rendered.stdin, chunk);
    },
  };
}

function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}
