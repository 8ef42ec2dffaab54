import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputBox } from '../../../src/tui/input/input-box.js';
import { InputHistory } from '../../../src/tui/input/input-history.js';
import { COMMANDS, KEYS } from './render-input-box.js';
import { renderOnTerminal } from './render-on-terminal.js';

const START = '\x1b[200~';
const END = '\x1b[201~';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function open(locked = false) {
  const onSubmit = vi.fn<(text: string) => void>();
  const box = renderOnTerminal(
    <InputBox width={60} locked={locked} history={new InputHistory()} commands={COMMANDS} completeFiles={async () => []} onSubmit={onSubmit} />,
  );
  unmount = box.unmount;
  return { ...box, onSubmit };
}

describe('InputBox on a terminal', () => {
  it('sends text and Enter that came in one read', async () => {
    const box = open();
    await box.type('please write notes\r');
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('please write notes');
    await box.type('one\rtwo\r\n');
    expect(box.onSubmit.mock.calls.map(([text]) => text)).toEqual(['please write notes', 'one', 'two']);
  });

  it('handles arrows and edits that came in one read with text', async () => {
    const box = open();
    await box.type(`helo${KEYS.left}l${KEYS.end}!${KEYS.backspace}?\r`);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('hello?');
  });

  it('keeps Shift+Enter and a backslash at the end of a line as new lines', async () => {
    const box = open();
    await box.type(`one${KEYS.shiftEnterKitty}two\\\rthree\r`);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('one\ntwo\nthree');
  });

  it('keeps the newlines of a bracketed paste, CRs included, and sends only on Enter', async () => {
    const box = open();
    await box.type(`paste: ${START}GET /users\r\nHost: api\rAccept: */*${END}`);
    expect(box.onSubmit).not.toHaveBeenCalled();
    expect(box.frame()).toMatch(/› paste: GET \/users\s*│\n│\s+Host: api\s*│\n│\s+Accept: \*\/\*/);
    await box.type('\r');
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('paste: GET /users\nHost: api\nAccept: */*');
  });

  it('takes a paste and the Enter after it in one read in that order', async () => {
    const box = open();
    await box.type(`${START}a\rb${END}\r`);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('a\nb');
  });

  it('shows a long paste as one piece, typed around, sent whole, and erased by one Backspace', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `row ${i + 1}`);
    const box = open();
    await box.type('before ', `${START}${lines.join('\n')}${END}`, ' after');
    expect(box.frame()).toContain('› before [pasted 120 lines] after');
    expect(box.frame()).not.toContain('row 1');
    await box.type('\r');
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith(`before ${lines.join('\n')} after`);

    await box.type(`${START}${'x'.repeat(1500)}${END}`);
    expect(box.frame()).toContain('› [pasted 1500 characters]');
    await box.type(KEYS.backspace, 'short\r');
    expect(box.onSubmit).toHaveBeenLastCalledWith('short');
  });

  it('leaves escape sequences out of pasted text', async () => {
    const box = open();
    await box.type(`${START}\x1b[31mred\x1b[0m text\x07${END}\r`);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('red text');
  });

  it('drops a paste while it waits for an answer', async () => {
    const box = open(true);
    await box.type(`${START}y${END}`);
    expect(box.frame()).not.toMatch(/› y/);
  });
});
