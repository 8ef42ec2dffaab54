import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveArea } from '../../../src/tui/components/live-area.js';
import { runPerformanceTool } from '../../../src/capabilities/load/tools/run-performance.js';
import { initialViewState, type ViewState } from '../../../src/tui/state/view-state.js';
import { BOLD, DIM, stripAnsi, useColourLevel } from './terminal-output.js';

function show(changes: Partial<ViewState>, { width = 60, maxLines = 20, showThoughts = true } = {}) {
  const state = { ...initialViewState(), ...changes };
  const { lastFrame, unmount } = render(<LiveArea state={state} width={width} maxLines={maxLines} showThoughts={showThoughts} />);
  const frame = lastFrame() ?? '';
  unmount();
  return { frame, text: stripAnsi(frame), lines: stripAnsi(frame).split('\n') };
}

describe('LiveArea', () => {
  useColourLevel(1);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing when nothing is happening', () => {
    expect(show({}).text).toBe('');
  });

  it('splits a streaming reply into a dimmed thought and a Markdown answer, markers hidden', () => {
    const { text, frame } = show({ status: 'streaming', stream: 'Thought: x\nFinal Answer: **hi**' });
    expect(text).not.toMatch(/thought:|final answer/i);
    expect(text).toMatch(/^x\n\s*\nhi$/);
    expect(frame).toContain(`${DIM}x`);
    expect(frame).toContain(`${BOLD}hi`);
  });

  it('collapses a streaming thought to its first line when thoughts are hidden', () => {
    const { text } = show({ status: 'streaming', stream: 'Thought: first\nsecond\nthird' }, { showThoughts: false });
    expect(text).toBe('first …');
  });

  it('shows only the part of the answer not yet moved into the transcript', () => {
    const stream = 'Final Answer: Intro paragraph.\n\nLatest paragraph.';
    const { text } = show({ status: 'streaming', stream, committedAnswer: 'Intro paragraph.\n\n'.length });
    expect(text).toBe('Latest paragraph.');
  });

  it('holds back a code fence line until it ends, its language maybe still arriving', () => {
    expect(show({ status: 'streaming', stream: 'Final Answer: Run it:\n\n```jso' }).text).toBe('Run it:');
    expect(show({ status: 'streaming', stream: 'Final Answer: Run it:\n\n```json\n{"a": 1}' }).lines).toEqual(['Run it:', '', '  {"a": 1}']);
  });

  it('never grows taller than maxLines and shows the last lines', () => {
    const answer = Array.from({ length: 40 }, (_, i) => `- item ${i + 1}`).join('\n');
    const { lines } = show({ status: 'streaming', stream: `Final Answer: ${answer}`, queued: ['and the headers?'] }, { maxLines: 6 });
    expect(lines).toHaveLength(6);
    expect(lines.slice(0, 4).map((line) => line.trim())).toEqual(['* item 37', '* item 38', '* item 39', '* item 40']);
    expect(lines[4]?.trim()).toBe('');
    expect(lines[5]).toBe('queued: and the headers?');
  });

  it('keeps long lines to one row each so the cap holds', () => {
    const thought = 'a'.repeat(500);
    const { lines } = show({ status: 'streaming', stream: `Thought: ${thought}` }, { width: 40, maxLines: 3 });
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 40)).toBe(true);
  });

  it('shows the running tool with a spinner, its elapsed seconds and last progress', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T10:00:00Z') });
    const { lines } = show({
      status: 'running',
      running: {
        id: 't1',
        name: 'run_performance',
        label: runPerformanceTool.describe({ url: 'http://localhost:3000/users' }),
        startedAt: Date.now() - 3200,
        progress: '1200 requests sent',
      },
    });
    expect(lines[0]).toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] run_performance http:\/\/localhost:3000\/users · 3 s$/);
    expect(lines[1]).toBe('  ⎿ 1200 requests sent');
  });

  it('lists messages queued while the agent works', () => {
    const { lines } = show({ status: 'thinking', queued: ['also check /orders', 'and /items'] });
    expect(lines).toEqual(['queued: also check /orders', 'queued: and /items']);
  });
});
