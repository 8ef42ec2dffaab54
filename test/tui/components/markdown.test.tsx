import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/tui/components/markdown.js';
import { renderMarkdown } from '../../../src/tui/components/render-markdown.js';
import { BOLD, stripAnsi, useColourLevel } from './terminal-output.js';

const SAMPLE = [
  '# Users endpoint',
  '',
  'The **create** handler fails; see [the docs](http://localhost/docs).',
  '',
  '- validates `name`',
  '- writes the **row**',
  '',
  '| Method | Path | Status |',
  '|---|---|---|',
  '| POST | /users | 500 |',
  '',
  '```ts',
  'const limit: number = 64;',
  '```',
  '',
].join('\n');

function show(text: string, width = 60) {
  const { lastFrame, unmount } = render(<Markdown text={text} width={width} />);
  const frame = lastFrame() ?? '';
  unmount();
  return { frame, text: stripAnsi(frame) };
}

describe('Markdown with colour', () => {
  useColourLevel(1);

  it('renders a heading, a list, a table and a fenced code block for the terminal', () => {
    const { text, frame } = show(SAMPLE);
    expect(text).toContain('Users endpoint');
    expect(text).not.toContain('# Users');
    expect(text).toContain('* validates name');
    expect(text).toContain('* writes the row');
    expect(text).not.toContain('**');
    expect(text).toMatch(/│ POST\s+│ \/users\s+│ 500\s+│/);
    expect(text).toContain('  const limit: number = 64;');
    expect(text).toMatch(/the docs \(\s*http:\/\/localhost\/docs\)/);
    expect(frame).toContain(`${BOLD}create`);
    expect(frame).toContain(`${BOLD}row`);
  });

  it('highlights code blocks', () => {
    const rendered = renderMarkdown('```js\nconst answer = "yes";\n```', 60);
    expect(rendered).toContain('\u001b[34mconst');
    expect(rendered).toContain('\u001b[32m"yes"');
  });

  it('wraps paragraphs to the width and ends without blank lines', () => {
    const lines = stripAnsi(renderMarkdown(`${'word '.repeat(30)}\n\n`, 30)).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.length <= 30)).toBe(true);
    expect(lines.at(-1)?.trim()).not.toBe('');
  });

  it('keeps `a:b:c` text as it is', () => {
    expect(stripAnsi(renderMarkdown('Run at 12:30:45, key :smile:', 60))).toBe('Run at 12:30:45, key :smile:');
  });
});

describe('Markdown without colour', () => {
  useColourLevel(0);

  it('writes no escape codes at all, tables and code included', () => {
    const rendered = renderMarkdown(SAMPLE, 60);
    expect(rendered).toBe(stripAnsi(rendered));
    expect(rendered).toContain('POST');
    expect(rendered).toContain('const limit: number = 64;');
  });
});
