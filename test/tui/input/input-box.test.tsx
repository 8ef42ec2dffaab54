import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, renderInputBox } from './render-input-box.js';

afterEach(() => cleanup());

describe('InputBox editing', () => {
  it('shows the placeholder, then what is typed, and submits it on Enter, emptying the box', async () => {
    const box = renderInputBox();
    expect(box.frame()).toContain('Ask Falcon…');
    await box.type('h', 'i', ' there');
    expect(box.frame()).toContain('› hi there');
    await box.type(KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('hi there');
    expect(box.frame()).not.toContain('hi there');
  });

  it('does not submit empty or blank input', async () => {
    const box = renderInputBox();
    await box.type(KEYS.enter, '   ', KEYS.enter, KEYS.metaEnter, KEYS.enter);
    expect(box.onSubmit).not.toHaveBeenCalled();
  });

  it('starts a new line when the line ends with a backslash, removing the backslash', async () => {
    const box = renderInputBox();
    await box.type('first\\', KEYS.enter, 'second');
    expect(box.onSubmit).not.toHaveBeenCalled();
    expect(box.frame()).toMatch(/› first\s*│\n│\s+second/);
    await box.type(KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('first\nsecond');
  });

  it.each([
    ['Shift+Enter (kitty)', KEYS.shiftEnterKitty],
    ['Meta+Enter (ESC CR)', KEYS.metaEnter],
    ['Shift+Enter (modifyOtherKeys)', '\x1b[27;2;13~'],
    ['Ctrl-J', '\n'],
  ])('starts a new line on %s', async (_name, sequence) => {
    const box = renderInputBox();
    await box.type('one', sequence, 'two', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('one\ntwo');
  });

  it('edits in the middle after moving the cursor', async () => {
    const box = renderInputBox();
    await box.type('helo', KEYS.left, 'l', KEYS.home, '> ', KEYS.end, '!', KEYS.enter);
    expect(box.onSubmit).toHaveBeenLastCalledWith('> hello!');
    await box.type('abcd', KEYS.left, KEYS.left, KEYS.backspace, KEYS.ctrlD, KEYS.right, 'X', KEYS.enter);
    expect(box.onSubmit).toHaveBeenLastCalledWith('adX');
    await box.type('middle', KEYS.ctrlA, '[', KEYS.ctrlE, ']', KEYS.enter);
    expect(box.onSubmit).toHaveBeenLastCalledWith('[middle]');
  });

  it('moves between lines with ↑ and ↓', async () => {
    const box = renderInputBox();
    await box.type('abc', KEYS.metaEnter, 'de', KEYS.up, 'X', KEYS.down, 'Y', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('abXc\ndeY');
  });

  it('handles several keys arriving in one terminal read', async () => {
    const box = renderInputBox();
    await box.type('ac', `${KEYS.left}${KEYS.left}`, 'b', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('bac');
  });

  it('clears the input on Ctrl-U', async () => {
    const box = renderInputBox();
    await box.type('line one', KEYS.metaEnter, 'line two', KEYS.ctrlU);
    expect(box.frame()).not.toContain('line');
    await box.type('fresh', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('fresh');
  });

  it('leaves the keys the app owns alone and inserts nothing for them', async () => {
    const box = renderInputBox();
    const appKeys = ['\x1b', '\x03', '\x0c', '\x0f', '\x19', '\x14', '\x1bb', '\x1b[5~', '\x1b[Z'];
    await box.type('keep', ...appKeys, KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('keep');
  });

  it('ignores keys while locked and shows that it waits for an answer', async () => {
    const box = renderInputBox();
    await box.type('draft');
    box.rerenderWith({ locked: true });
    await box.type('more', KEYS.ctrlU, KEYS.enter);
    expect(box.onSubmit).not.toHaveBeenCalled();
    expect(box.frame()).toContain('draft');
    expect(box.frame()).toContain('waiting for your answer');
    box.rerenderWith({ locked: false });
    await box.type('!', KEYS.enter);
    expect(box.onSubmit).toHaveBeenCalledExactlyOnceWith('draft!');
  });
});
