import { homedir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Splash } from '../../../src/tui/components/splash.js';
import { stripAnsi } from './terminal-output.js';

describe('Splash', () => {
  it('shows a compact wordmark, the version, the folder, the model and a hint', () => {
    const { lastFrame, unmount } = render(<Splash version="0.1.0" folder={join(homedir(), 'api')} provider="openrouter" model="google/gemini-2.5-flash" />);
    const text = stripAnsi(lastFrame());
    unmount();
    expect(text).toContain('Falcon v0.1.0');
    expect(text).toContain('~/api');
    expect(text).toContain('openrouter/google/gemini-2.5-flash');
    expect(text).toContain('Ask anything about your API, / for commands, @ to attach a file');
    expect(text.trim().split('\n').length).toBeLessThanOrEqual(5);
  });

  it('shows a folder outside home as it is, and the hint it is given', () => {
    const { lastFrame, unmount } = render(<Splash version="1.2.3" folder="/srv/api" provider="ollama" model="llama3.2" hint="Try /help" />);
    const text = stripAnsi(lastFrame());
    unmount();
    expect(text).toContain('/srv/api');
    expect(text).toContain('Try /help');
  });
});
