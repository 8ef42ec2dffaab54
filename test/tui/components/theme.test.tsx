import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeEntry } from '../../../src/tui/components/notice-entry.js';
import { colourLevel } from '../../../src/tui/theme.js';

describe('colourLevel', () => {
  it('turns colour off for a non-empty NO_COLOR', () => {
    expect(colourLevel({ NO_COLOR: '1' }, 3)).toBe(0);
    expect(colourLevel({ NO_COLOR: '' }, 3)).toBe(3);
    expect(colourLevel({}, 2)).toBe(2);
  });

  it('lets FORCE_COLOR, which chalk already read, win over NO_COLOR', () => {
    expect(colourLevel({ NO_COLOR: '1', FORCE_COLOR: '1' }, 1)).toBe(1);
  });
});

describe('loading the theme', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('makes Ink and Markdown plain under NO_COLOR', async () => {
    const before = chalk.level;
    chalk.level = 3;
    vi.stubEnv('NO_COLOR', '1');
    vi.stubEnv('FORCE_COLOR', undefined);
    vi.resetModules();
    await import('../../../src/tui/theme.js');
    const { renderMarkdown } = await import('../../../src/tui/components/render-markdown.js');
    const { lastFrame, unmount } = render(<NoticeEntry tone="error" text="boom" width={40} />);
    try {
      expect(chalk.level).toBe(0);
      expect(lastFrame()).toBe('✗ boom');
      expect(renderMarkdown('# Title\n\n**bold** `code`', 40)).toBe('Title\n\nbold code');
    } finally {
      unmount();
      chalk.level = before;
    }
  });
});
