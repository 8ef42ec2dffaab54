import { stripVTControlCharacters } from 'node:util';
import chalk from 'chalk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markdownRenderer } from '../../../src/tui/components/markdown-renderer.js';
import { renderMarkdown } from '../../../src/tui/components/render-markdown.js';
import { terminalSafeStyled } from '../../../src/safety/terminal-text.js';
import { longMarkdownAnswer } from '../../support/long-markdown-answer.mjs';
import { useColourLevel } from './terminal-output.js';

/** The whole text through the renderer at once, as renderMarkdown did before it kept blocks. */
function renderedAtOnce(text: string, width: number): string {
  const lines = terminalSafeStyled(markdownRenderer(width, chalk.level > 0).parse(text, { async: false })).split('\n');
  while (lines.length > 0 && stripVTControlCharacters(lines.at(-1)!).trim() === '') lines.pop();
  return lines.join('\n');
}

/** Every `step` characters of `text`, as a stream shows it. */
function prefixes(text: string, step: number): string[] {
  return Array.from({ length: Math.ceil(text.length / step) }, (_, index) => text.slice(0, (index + 1) * step));
}

/**
 * Two of the answer's sections: each construct it has, and each after each other one (a section's
 * heading after the last one's task list). Each stage is rendered whole again: a longer answer
 * repeats the same sections at a cost that grows with the square of its length.
 */
const GROWING_ANSWER = longMarkdownAnswer(2400);

describe.each([0, 1, 3] as const)('renderMarkdown at colour level %i', (level) => {
  useColourLevel(level);

  it('renders each stage of a growing answer as the whole text rendered at once', () => {
    for (const text of prefixes(GROWING_ANSWER, 37)) expect(renderMarkdown(text, 80), text.slice(-60)).toBe(renderedAtOnce(text, 80));
  });

  it('renders a block again when a link definition arrives after it', () => {
    const text = 'See [the spec][spec] first.\n\nThen run it.\n\n[spec]: https://example.com/spec';
    for (const stage of prefixes(text, 5)) expect(renderMarkdown(stage, 60)).toBe(renderedAtOnce(stage, 60));
  });

  it('renders a block again at another width', () => {
    const text = `${'word '.repeat(40)}\n\nlast`;
    expect(renderMarkdown(text, 40)).toBe(renderedAtOnce(text, 40));
    expect(renderMarkdown(text, 70)).toBe(renderedAtOnce(text, 70));
  });
});

describe('renderMarkdown of code in a language the highlighter does not know', () => {
  useColourLevel(1);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the code and writes nothing to the console (Ink would print it into the transcript)', () => {
    const errors = vi.spyOn(console, 'error');
    expect(stripVTControlCharacters(renderMarkdown('```mermaid\ngraph TD\n```', 60))).toBe('  graph TD');
    expect(stripVTControlCharacters(renderMarkdown('```jso\n{"a": 1}', 60))).toBe('  {"a": 1}');
    expect(errors).not.toHaveBeenCalled();
  });
});
