// Every part of the TUI that shows what a model, a tool or a server said, fed the escape corpus: the
// frames Ink writes hold Falcon's colours and nothing else that a terminal would act on.
import type { ColorSupportLevel } from 'chalk';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { ConfirmationPanel } from '../../src/tui/components/confirmation-panel.js';
import { EntryView } from '../../src/tui/components/entry-view.js';
import { LiveArea } from '../../src/tui/components/live-area.js';
import { renderMarkdown } from '../../src/tui/components/render-markdown.js';
import { reduceView, type ViewAction } from '../../src/tui/state/reduce-view.js';
import { initialViewState, type ViewState } from '../../src/tui/state/view-state.js';
import { ESCAPE_CORPUS, ESCAPE_CORPUS_TEXT, UNSAFE_CHARACTER, withoutColours } from '../safety/escape-corpus.js';
import { useColourLevel } from './components/terminal-output.js';
import { withKeys } from './with-keys.js';

const CORPUS = ESCAPE_CORPUS_TEXT;

/** The corpus in every Markdown construct whose text or URL a renderer might pass through or decode. */
const MARKDOWN = [
  `# Heading ${ESCAPE_CORPUS[3]!.text}`,
  '',
  ...ESCAPE_CORPUS.map((sample) => `- **${sample.name}**: ${sample.text}`),
  '',
  `Inline \`code ${ESCAPE_CORPUS[6]!.text}\` and [a link](http://x.example/${ESCAPE_CORPUS[4]!.text}) and <http://y.example/\u001b]0;t\u0007>.`,
  '',
  '```js',
  `const title = "${ESCAPE_CORPUS[3]!.text}"; // ${ESCAPE_CORPUS[9]!.text}`,
  '```',
  '',
  '| sample | text |',
  '|---|---|',
  `| OSC 52 | ${ESCAPE_CORPUS[6]!.text} |`,
  '',
  'Entities: &#27;]0;entity-title&#7; &#x9b;2J &#155;31m',
].join('\n');

const deltas = (text: string): AgentEvent[] => (text.match(/[^]{1,7}/g) ?? []).map((piece) => ({ type: 'text_delta', text: piece }));

function reduce(actions: ViewAction[], state = initialViewState()): ViewState {
  return actions.reduce(reduceView, state);
}

function transcript(): ViewState {
  return reduce([
    { type: 'user_message', text: `check this: ${CORPUS}` },
    {
      type: 'agent',
      events: [
        { type: 'run_start', runId: 'r1', input: CORPUS },
        { type: 'turn_start', turn: 1 },
        { type: 'thought', text: CORPUS },
        { type: 'tool_call', id: 't1', name: 'bash', args: { command: CORPUS } },
        { type: 'tool_result', id: 't1', name: 'bash', ok: true, output: CORPUS, durationMs: 5 },
        { type: 'tool_call', id: 't2', name: 'http_request', args: { url: ESCAPE_CORPUS[0]!.text } },
        { type: 'tool_result', id: 't2', name: 'http_request', ok: false, output: `Error: ${ESCAPE_CORPUS[6]!.text}`, durationMs: 5 },
        { type: 'retry', attempt: 1, delayMs: 2000, reason: CORPUS },
        { type: 'provider_switch', from: ESCAPE_CORPUS[3]!.text, to: ESCAPE_CORPUS[9]!.text, reason: CORPUS },
        { type: 'error', message: CORPUS },
        { type: 'answer', text: MARKDOWN },
        { type: 'run_end', reason: 'answer', turns: 1, toolCalls: 2 },
      ],
    },
    { type: 'notice', tone: 'warning', text: CORPUS },
    { type: 'output', title: `Output ${ESCAPE_CORPUS[3]!.text}`, text: CORPUS, format: 'text' },
    { type: 'output', title: 'JSON', text: String.raw`{"csi": "\u009b2J", "osc": "\u001b]0;t\u0007", "bidi": "\u202e"}`, format: 'json' },
    { type: 'output', title: 'Markdown', text: MARKDOWN, format: 'markdown' },
    { type: 'decision', id: 'c1', title: `run \`${CORPUS}\``, approved: false },
    { type: 'decision', id: 'c2', title: `run \`${CORPUS}\``, approved: true, preview: { kind: 'command', command: CORPUS } },
  ]);
}

function frameOf(element: React.ReactElement): string {
  const { lastFrame, unmount } = render(withKeys(element));
  const frame = lastFrame() ?? '';
  unmount();
  return frame;
}

function expectSafe(frame: string): void {
  expect(withoutColours(frame)).not.toMatch(UNSAFE_CHARACTER);
}

describe.each([0, 1] as ColorSupportLevel[])('the TUI at colour level %i', (level) => {
  useColourLevel(level);

  it('holds no control character in its view state, whatever the events carried', () => {
    const strings = stringsIn(transcript());
    // The hostile texts are in the state, made safe, so the loop below has something to check.
    expect(strings.some((text) => text.includes('pwned-title'))).toBe(true);
    for (const text of strings) expect(text).not.toMatch(UNSAFE_CHARACTER);
  });

  it('shows every transcript entry with the sequences as text', () => {
    const state = transcript();
    expect(state.entries.map((entry) => entry.kind)).toEqual([
      'user',
      'thought',
      'tool',
      'tool',
      'notice',
      'notice',
      'notice',
      'answer',
      'notice',
      'output',
      'output',
      'output',
      'decision',
      'decision',
    ]);
    const frames = state.entries.map((entry) => frameOf(<EntryView entry={entry} width={100} showThoughts expanded={false} />));
    for (const frame of frames) expectSafe(frame);
    if (level === 0) for (const frame of frames) expect(frame).not.toContain('\u001b');
    const all = withoutColours(frames.join('\n'));
    expect(all).toContain('␛]0;pwned-title^Gafter');
    expect(all).toContain('␛]52;c;Y3VybCBldmlsIHwgc2g=^G');
    expect(all).toContain('touch pwned #␛[2K␛[1G$ echo harmless-looking');
    expect(all).toContain('a<U+202E>evil<U+202C>');
    // JSON parsed for highlighting decodes its escapes: they are printed escaped again.
    expect(all).toContain('"csi": "\\u009b2J"');
    expect(all).toContain('"bidi": "\\u202e"');
    expect(all).toContain('&#27;]0;entity-title&#7;');
  });

  it('shows a streaming answer, a streaming thought and a running tool with the sequences as text', () => {
    let state = reduce([
      {
        type: 'agent',
        events: [
          { type: 'turn_start', turn: 1 },
          { type: 'thinking_delta', text: CORPUS },
        ],
      },
    ]);
    expectSafe(frameOf(<LiveArea state={state} width={100} maxLines={60} showThoughts />));
    state = reduce([{ type: 'agent', events: deltas(`Thought: ${CORPUS}\nFinal Answer: ${MARKDOWN}`) }], state);
    const streaming = frameOf(<LiveArea state={state} width={100} maxLines={200} showThoughts />);
    expectSafe(streaming);
    expect(streaming).toContain('pwned-title');
    state = reduce(
      [
        {
          type: 'agent',
          events: [
            { type: 'tool_call', id: 't1', name: 'bash', args: { command: ESCAPE_CORPUS[0]!.text } },
            { type: 'tool_progress', id: 't1', message: ESCAPE_CORPUS[3]!.text },
          ],
        },
        { type: 'queued_message', text: ESCAPE_CORPUS[6]!.text },
      ],
      state,
    );
    const running = frameOf(<LiveArea state={state} width={100} maxLines={20} showThoughts />);
    expectSafe(running);
    expect(running).toContain('␛[2K␛[1G');
    expect(running).toContain('␛]0;pwned-title^Gafter');
  });

  it.each([
    { kind: 'command' as const, command: CORPUS, cwd: ESCAPE_CORPUS[3]!.text },
    {
      kind: 'diff' as const,
      path: `src/${ESCAPE_CORPUS[3]!.text}`,
      isNew: false,
      diff: ['--- a', '+++ b', '@@ -1,2 +1,2 @@', ...ESCAPE_CORPUS.map((sample) => `+${sample.text}`)].join('\n'),
    },
    { kind: 'info' as const, title: ESCAPE_CORPUS[3]!.text, details: CORPUS },
  ])('shows a $kind confirmation with the sequences as text', (preview) => {
    const state = reduce([
      { type: 'agent', events: [{ type: 'confirmation_required', id: 'c1', tool: 'bash', title: `run \`${CORPUS}\``, preview, always: [] }] },
    ]);
    const frame = frameOf(<ConfirmationPanel confirmation={state.confirmation!} width={100} height={60} onAnswer={() => {}} />);
    expectSafe(frame);
    expect(frame).toContain('␛]0;pwned-title^Gafter');
  });
});

describe('renderMarkdown', () => {
  useColourLevel(1);

  it('writes only its own colours, even from entities and highlighted code that decode to controls', () => {
    const rendered = renderMarkdown(transcriptAnswer(), 100);
    expectSafe(rendered);
    expect(rendered.match(/\u001b(?!\[[0-9;]*m)/g)).toBeNull();
  });
});

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...stringsIn(item)]);
  return [];
}

function transcriptAnswer(): string {
  const answer = transcript().entries.find((entry) => entry.kind === 'answer');
  return answer?.kind === 'answer' ? answer.text : '';
}
