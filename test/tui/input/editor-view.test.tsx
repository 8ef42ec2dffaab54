import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { EditorView } from '../../../src/tui/input/editor-view.js';
import { useColourLevel } from '../components/terminal-output.js';

const INVERSE = '\x1b[7m';
const INVERSE_OFF = '\x1b[27m';

function cursorIn(frame: string | undefined): string {
  const start = (frame ?? '').indexOf(INVERSE);
  if (start === -1) return '(no cursor)';
  return (frame as string).slice(start + INVERSE.length, frame?.indexOf(INVERSE_OFF, start));
}

describe('EditorView', () => {
  // Colours are off when output is not a terminal; the cursor is an inverse character, so turn them on.
  useColourLevel(1);

  it('shows the character under the cursor in inverse', () => {
    const { lastFrame } = render(<EditorView editor={{ text: 'hello', cursor: 1 }} locked={false} />);
    expect(cursorIn(lastFrame())).toBe('e');
  });

  it('shows an inverse space when the cursor is at the end of a line', () => {
    const { lastFrame } = render(<EditorView editor={{ text: 'ab\ncd', cursor: 2 }} locked={false} />);
    expect(cursorIn(lastFrame())).toBe(' ');
  });

  it('draws no cursor while locked', () => {
    const { lastFrame } = render(<EditorView editor={{ text: 'hello', cursor: 1 }} locked />);
    expect(cursorIn(lastFrame())).toBe('(no cursor)');
    expect(lastFrame()).toContain('hello');
  });
});
