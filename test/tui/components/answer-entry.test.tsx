import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { EntryView } from '../../../src/tui/components/entry-view.js';
import type { Entry } from '../../../src/tui/state/view-state.js';
import { DIM, stripAnsi, useColourLevel } from './terminal-output.js';

function show(entry: Entry) {
  const { lastFrame, unmount } = render(<EntryView entry={entry} width={60} showThoughts expanded={false} />);
  const frame = lastFrame() ?? '';
  unmount();
  return { frame, text: stripAnsi(frame) };
}

describe('an interrupted answer', () => {
  useColourLevel(1);

  it('shows what was shown of the answer, then a dimmed mark', () => {
    const { text, frame } = show({ kind: 'answer', id: 'e0', text: 'The **first** part', continues: false, interrupted: true });
    expect(text.trim().split('\n')).toEqual(['The first part', '— interrupted']);
    expect(frame).toContain(`${DIM}— interrupted`);
  });

  it('shows the mark alone when nothing of the answer had been shown', () => {
    expect(show({ kind: 'answer', id: 'e0', text: '', continues: false, interrupted: true }).text.trim()).toBe('— interrupted');
  });

  it('is not marked when the answer was whole', () => {
    expect(show({ kind: 'answer', id: 'e0', text: 'All done', continues: false }).text).not.toContain('interrupted');
  });
});
