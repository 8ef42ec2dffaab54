import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, palette, resolveTheme, terminalBackground } from '../../src/tui/theme.js';

// The palette is one object every component reads: put the dark one back for the files after this.
afterEach(() => applyTheme('dark', {}));

describe('terminalBackground', () => {
  it('reads the background from the last field of COLORFGBG', () => {
    expect(terminalBackground({ COLORFGBG: '15;0' })).toBe('dark');
    expect(terminalBackground({ COLORFGBG: '0;15' })).toBe('light');
    expect(terminalBackground({ COLORFGBG: '0;default;7' })).toBe('light');
    expect(terminalBackground({ COLORFGBG: '7;8' })).toBe('dark');
  });

  it('knows nothing when it is unset or names no colour', () => {
    expect(terminalBackground({})).toBeUndefined();
    expect(terminalBackground({ COLORFGBG: 'default;default' })).toBeUndefined();
    expect(terminalBackground({ COLORFGBG: '0;99' })).toBeUndefined();
  });
});

describe('resolveTheme', () => {
  it('takes dark and light as they are, whatever the terminal says', () => {
    expect(resolveTheme('light', { COLORFGBG: '15;0' })).toBe('light');
    expect(resolveTheme('dark', { COLORFGBG: '0;15' })).toBe('dark');
  });

  it('follows the terminal for auto and when unset, else dark', () => {
    expect(resolveTheme('auto', { COLORFGBG: '0;15' })).toBe('light');
    expect(resolveTheme(undefined, { COLORFGBG: '0;15' })).toBe('light');
    expect(resolveTheme('auto', {})).toBe('dark');
  });
});

describe('applyTheme', () => {
  it('swaps the colours that fade on a light background, and back', () => {
    expect(palette).toMatchObject({ accent: 'cyan', warning: 'yellow', jsonNumber: 'yellow' });
    applyTheme('auto', { COLORFGBG: '0;15' });
    expect(palette).toMatchObject({ accent: 'blue', warning: 'magenta', jsonNumber: 'magenta', success: 'green', failure: 'red' });
    expect(Object.values(palette)).not.toContain('yellow');
    expect(Object.values(palette)).not.toContain('cyan');
    applyTheme('dark', {});
    expect(palette.accent).toBe('cyan');
  });
});
