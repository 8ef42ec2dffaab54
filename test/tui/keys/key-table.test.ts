import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { interpretKey } from '../../../src/tui/input/interpret-key.js';
import { KEY_TABLE, readKey } from '../../../src/tui/keys/key-table.js';
import { keyHelpLines } from '../../../src/tui/keys/key-help.js';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
const key = (keys: Partial<Key> = {}): Key => ({ ...NO_KEY, ...keys });
const options = [
  { scope: 'session' as const, choice: 0 },
  { scope: 'project' as const, choice: 0 },
];

describe('the key table', () => {
  it("reads a confirmation's letters only when typed as themselves: Ctrl-Y copies, it does not approve", () => {
    const state = { choosing: false, options };
    expect(readKey(KEY_TABLE.confirmation, 'y', key(), state)).toEqual({ approved: true, always: false });
    expect(readKey(KEY_TABLE.confirmation, 'y', key({ ctrl: true }), state)).toBeUndefined();
    expect(readKey(KEY_TABLE.confirmation, 'a', key(), state)).toBe('choose_always');
    expect(readKey(KEY_TABLE.confirmation, 'a', key(), { choosing: false, options: [] })).toBeUndefined();
    expect(readKey(KEY_TABLE.confirmation, '2', key(), state)).toBeUndefined();
    expect(readKey(KEY_TABLE.confirmation, '2', key(), { choosing: true, options })).toEqual({ approved: true, always: options[1] });
    expect(readKey(KEY_TABLE.confirmation, '3', key(), { choosing: true, options })).toBeUndefined();
    expect(readKey(KEY_TABLE.confirmation, '', key({ escape: true }), { choosing: true, options })).toEqual({ approved: false, always: false });
    expect(readKey(KEY_TABLE.session, 'y', key({ ctrl: true }), undefined)).toBe('copy_answer');
  });

  it("gives the input box its edits, and leaves the session's keys and other chords alone", () => {
    expect(interpretKey('', key({ return: true }))).toEqual({ type: 'submit' });
    expect(interpretKey('', key({ return: true, meta: true }))).toEqual({ type: 'insert', text: '\n' });
    expect(interpretKey('d', key({ ctrl: true }))).toEqual({ type: 'deleteForward' });
    expect(interpretKey('', key({ tab: true }))).toEqual({ type: 'complete' });
    for (const [input, pressed] of [
      ['', key({ tab: true, shift: true })],
      ['t', key({ ctrl: true })],
      ['o', key({ ctrl: true })],
      ['', key({ escape: true })],
      ['x', key({ meta: true })],
    ] as const) {
      expect(interpretKey(input, pressed)).toEqual({ type: 'ignore' });
    }
    expect(interpretKey('é', key())).toEqual({ type: 'insert', text: 'é' });
  });

  it('is what /help lists, every row in order', () => {
    const listed = keyHelpLines().filter((line) => line.startsWith('  '));
    const rows = Object.values(KEY_TABLE).flat();
    expect(listed).toHaveLength(rows.length);
    rows.forEach((row, index) => expect(listed[index]).toMatch(new RegExp(`^  ${escape(row.keys)} +${escape(row.does)}$`)));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
