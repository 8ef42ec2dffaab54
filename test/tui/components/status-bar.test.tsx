import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPINNER_STEP_MS } from '../../../src/tui/components/spinner.js';
import { StatusBar, formatCount, type StatusBarProps } from '../../../src/tui/components/status-bar.js';
import { afterTurns, stripAnsi, untilDrawn } from './terminal-output.js';

const BASE: StatusBarProps = {
  status: 'ready',
  provider: 'ollama',
  model: 'llama3.2',
  environment: 'dev',
  usage: { inputTokens: 10_000, outputTokens: 2_300 },
  toolCalls: 4,
  width: 120,
};

function show(changes: Partial<StatusBarProps> = {}) {
  const { lastFrame, unmount } = render(<StatusBar {...BASE} {...changes} />);
  const text = stripAnsi(lastFrame());
  unmount();
  return text;
}

describe('StatusBar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the model, environment, tokens and tool calls with the ready hints on one line', () => {
    const text = show();
    expect(text.split('\n')).toHaveLength(1);
    expect(text).toMatch(/^● ready · ollama\/llama3\.2 · env: dev · 12\.3k tokens · 4 tool calls\s+\/ commands · @ files · ctrl\+c ×2 quit$/);
  });

  it.each([
    ['thinking', 'thinking', 'esc interrupt'],
    ['streaming', 'writing', 'esc interrupt'],
    ['running', 'running http_request', 'esc interrupt'],
    ['waiting', 'waiting for you', 'y yes · n/esc no'],
  ] as const)('says %s as "%s" and hints "%s"', (status, word, hint) => {
    const text = show({ status, runningTool: 'http_request', spinner: false });
    expect(text).toContain(word);
    expect(text).toContain(hint);
    expect(text).not.toContain('ctrl+c ×2');
  });

  it('leaves out what is not known yet and lets the app replace the hints', () => {
    const text = show({ environment: undefined, usage: { inputTokens: 0, outputTokens: 0 }, toolCalls: 0, hints: 'press ctrl+c again to quit' });
    expect(text).toMatch(/^● ready · ollama\/llama3\.2\s+press ctrl\+c again to quit$/);
  });

  it('shows what the session cost, rounded to cents, before the tokens; unknown as such; nothing for free local models', () => {
    expect(show({ provider: 'openai', model: 'gpt-4o', cost: 0.4249 })).toMatch(/ · env: dev · \$0\.42 · 12\.3k tokens · /);
    expect(show({ cost: null })).toContain(' · cost unknown · 12.3k tokens');
    expect(show({ cost: 0 })).not.toContain('$');
    const narrow = show({ cost: 0.4249, width: 50 }).split('\n')[0];
    expect(narrow).toMatch(/ · \$0\.42$/);
  });

  it('shows the permission mode first, unless it is ask', () => {
    expect(show({ permissionMode: 'plan' })).toMatch(/^● ready · plan mode · ollama\/llama3\.2 · /);
    expect(show({ permissionMode: 'auto-edit' })).toContain('auto-edit mode');
    expect(show({ permissionMode: 'ask' })).not.toContain('mode');
  });

  it('takes two lines when one is too narrow', () => {
    const lines = show({ width: 60 }).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('/ commands · @ files · ctrl+c ×2 quit');
    expect(lines.every((line) => line.length <= 60)).toBe(true);
  });

  it('animates a spinner while busy and runs no timer when ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const busy = render(<StatusBar {...BASE} status="thinking" />);
    const icons = new Set([stripAnsi(busy.lastFrame())[0]]);
    await untilDrawn(() => expect(vi.getTimerCount()).toBe(1)); // the frame clock, started by an effect after the first frame
    for (let step = 0; step < 3; step++) {
      vi.advanceTimersByTime(SPINNER_STEP_MS);
      await untilDrawn(() => expect(busy.frames).toHaveLength(step + 2));
      icons.add(stripAnsi(busy.lastFrame())[0]);
    }
    expect(icons.size).toBe(4);
    busy.unmount();
    expect(vi.getTimerCount()).toBe(0);
    const ready = render(<StatusBar {...BASE} status="ready" />);
    await afterTurns();
    expect(vi.getTimerCount()).toBe(0);
    ready.unmount();
  });

  it('says how long the model has been silent once it is 5 s, and counts up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-12-01T10:00:00Z') });
    expect(show({ status: 'thinking', modelSilentSince: Date.now() - 4999, spinner: false })).toContain('thinking ·');
    const waiting = render(<StatusBar {...BASE} status="streaming" modelSilentSince={Date.now() - 44_500} spinner={false} />);
    expect(stripAnsi(waiting.lastFrame())).toMatch(/^⠋ waiting for the model \(44 s\) · ollama\/llama3\.2/);
    await untilDrawn(() => expect(vi.getTimerCount()).toBe(1));
    vi.advanceTimersByTime(1000);
    await untilDrawn(() => expect(stripAnsi(waiting.lastFrame())).toContain('waiting for the model (45 s)'));
    waiting.unmount();
  });

  it('counts tokens the short way', () => {
    expect([950, 1000, 12_345, 1_250_000].map(formatCount)).toEqual(['950', '1k', '12.3k', '1.3M']);
  });
});
