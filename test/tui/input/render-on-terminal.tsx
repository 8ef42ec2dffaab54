import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { ReactElement } from 'react';
import { KeyStream } from '../../../src/tui/input/key-stream.js';
import { drawn, typed } from '../react-act.js';
import { withKeys } from '../with-keys.js';
import { FakeTerminal } from './fake-terminal.js';

class Screen extends EventEmitter {
  readonly columns = 100;
  lastFrame = '';
  write = (frame: string) => {
    this.lastFrame = frame;
    return true;
  };
}

/** Renders as the session does: Ink reading a KeyStream over the terminal, so reads are cut as in `falcon`, under the key router. */
export function renderOnTerminal(tree: ReactElement) {
  const terminal = new FakeTerminal();
  const screen = new Screen();
  const instance = drawn(() =>
    render(withKeys(tree), {
      stdin: new KeyStream(terminal as unknown as NodeJS.ReadStream) as unknown as NodeJS.ReadStream,
      stdout: screen as unknown as NodeJS.WriteStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    }),
  );
  return {
    frame: () => screen.lastFrame.replace(/\x1b\[[0-9;]*m/g, ''),
    /** Each chunk is one read of the terminal. */
    async type(...reads: string[]) {
      for (const read of reads) await typed({ write: (data) => terminal.type(data) }, read);
    },
    unmount: () => instance.unmount(),
  };
}
