import { describe, expect, it } from 'vitest';
import { PasteScanner, type InputPart } from '../../../src/tui/input/paste-scanner.js';

const typed = (text: string): InputPart => ({ kind: 'typed', text });
const paste = (text: string): InputPart => ({ kind: 'paste', text });

function scan(...reads: string[]): InputPart[] {
  const scanner = new PasteScanner();
  return reads.flatMap((read) => scanner.push(read));
}

/** Typed input cut by the end of a read comes in two parts; as keys they are the same. */
function joinTyped(parts: InputPart[]): InputPart[] {
  return parts.reduce<InputPart[]>((joined, part) => {
    const last = joined.at(-1);
    if (last?.kind === 'typed' && part.kind === 'typed') return [...joined.slice(0, -1), typed(last.text + part.text)];
    return [...joined, part];
  }, []);
}

describe('PasteScanner', () => {
  it('passes typed input through, Enter and all', () => {
    expect(scan('please write notes\r')).toEqual([typed('please write notes\r')]);
  });

  it('takes the text between the markers as one paste, with its CRs, in its place among the keys', () => {
    expect(scan('see \x1b[200~GET /users\r\nHost: api\rx\x1b[201~\r')).toEqual([typed('see '), paste('GET /users\r\nHost: api\rx'), typed('\r')]);
  });

  it('finds markers cut by the end of a read at any point', () => {
    const whole = 'a\x1b[200~one\ntwo\x1b[201~b';
    for (let cut = 1; cut < whole.length; cut++) {
      expect(joinTyped(scan(whole.slice(0, cut), whole.slice(cut))), `cut at ${cut}`).toEqual([typed('a'), paste('one\ntwo'), typed('b')]);
    }
  });

  it('gathers a long paste over many reads', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\r');
    const reads = ['\x1b[200~', ...(lines.match(/.{1,64}/gs) ?? []), '\x1b[2', '01~'];
    expect(scan(...reads)).toEqual([paste(lines)]);
  });

  it('keeps arrows and other sequences typed with text as typed input', () => {
    expect(scan('ab\x1b[Dc\x1b[A\r')).toEqual([typed('ab\x1b[Dc\x1b[A\r')]);
  });

  it('holds a possible marker start until the next read or a flush, then types it', () => {
    const scanner = new PasteScanner();
    expect(scanner.push('text\x1b')).toEqual([typed('text')]);
    expect(scanner.waiting).toBe('marker');
    expect(scanner.push('[A')).toEqual([typed('\x1b[A')]);
    expect(scanner.push('\x1b')).toEqual([]);
    expect(scanner.flush()).toEqual([typed('\x1b')]);
    expect(scanner.waiting).toBeUndefined();
  });

  it('gives up on a paste whose end never comes when flushed, and drops an empty paste', () => {
    const scanner = new PasteScanner();
    expect(scanner.push('\x1b[200~\x1b[201~\x1b[200~half')).toEqual([]);
    expect(scanner.waiting).toBe('paste');
    expect(scanner.flush()).toEqual([paste('half')]);
    expect(scanner.push('typed\r')).toEqual([typed('typed\r')]);
  });
});
