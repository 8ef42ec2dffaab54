import { describe, expect, it, vi } from 'vitest';
import { KeyStream, PASTE_EVENT } from '../../../src/tui/input/key-stream.js';
import { FakeTerminal } from './fake-terminal.js';

/** Reads as Ink does: on `readable`, every chunk until none is left; each chunk is one key for Ink. */
function open() {
  const terminal = new FakeTerminal();
  const stream = new KeyStream(terminal as unknown as NodeJS.ReadStream);
  const seen: string[] = [];
  stream.on('readable', () => {
    let chunk: unknown;
    while ((chunk = stream.read()) !== null) seen.push(`key ${JSON.stringify(chunk)}`);
  });
  stream.on(PASTE_EVENT, (text: string) => seen.push(`paste ${JSON.stringify(text)}`));
  stream.setRawMode(true);
  return { terminal, stream, seen };
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyStream', () => {
  it('hands text and Enter that came in one read to Ink as two reads', async () => {
    const { terminal, seen } = open();
    terminal.type('please write notes\r');
    await settle();
    expect(seen).toEqual(['key "please write notes"', 'key "\\r"']);
  });

  it('takes a bracketed paste out of the keys, in its place among them', async () => {
    const { terminal, seen } = open();
    terminal.type('see: \x1b[200~line1\rline2\nline3\x1b[201~\r');
    await settle();
    expect(seen).toEqual(['key "see: "', 'paste "line1\\rline2\\nline3"', 'key "\\r"']);
  });

  it('finds paste markers cut in two by the end of a read', async () => {
    const { terminal, seen } = open();
    for (const read of ['a\x1b[2', '00~one\r', 'two\x1b[20', '1~', '\r']) {
      terminal.type(read);
      await settle();
    }
    expect(seen).toEqual(['key "a"', 'paste "one\\rtwo"', 'key "\\r"']);
  });

  it('takes a lone Esc as a key once no marker follows it', async () => {
    const { terminal, seen } = open();
    terminal.type('\x1b');
    await settle();
    expect(seen).toEqual([]);
    await settle(60);
    expect(seen).toEqual(['key "\\u001b"']);
  });

  it('takes a paste whose end never comes as it is, after a quiet moment', async () => {
    vi.useFakeTimers();
    try {
      const { terminal, seen } = open();
      terminal.type('\x1b[200~half a paste');
      await vi.advanceTimersByTimeAsync(2500);
      expect(seen).toEqual(['paste "half a paste"']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resumes a terminal a question before the session left paused', () => {
    const terminal = new FakeTerminal();
    terminal.pause();
    new KeyStream(terminal as unknown as NodeJS.ReadStream).setRawMode(true);
    expect(terminal.paused).toBe(false);
  });

  it('stops reading the terminal when Ink leaves raw mode', async () => {
    const { terminal, stream, seen } = open();
    stream.setRawMode(false);
    expect(terminal.isRaw).toBe(false);
    terminal.type('ignored\r');
    await settle();
    expect(seen).toEqual([]);
  });
});
