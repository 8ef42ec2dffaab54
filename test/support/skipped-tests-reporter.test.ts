import { describe, expect, it } from 'vitest';
import { skippedLines } from './skipped-tests-reporter.js';

const missing = (name: 'zsh' | 'fish' | 'chromium' | 'rg', install = name === 'rg' ? 'ripgrep' : name) => ({
  skippedBecause: `${name} is not installed`,
  missingTool: { name, install },
});

describe('the end-of-run line about skipped tests', () => {
  it('counts the tests skipped for missing programs in one line, with one command that installs them all', () => {
    const skipped = [missing('chromium'), missing('fish'), missing('zsh'), missing('chromium'), missing('rg'), missing('zsh')];
    expect(skippedLines(skipped)).toEqual(['Skipped 6 tests needing rg, zsh, fish, chromium: apt-get install ripgrep zsh fish chromium']);
  });

  it('gives tests skipped for another system a line of their own, and says nothing when none was skipped', () => {
    expect(
      skippedLines([
        missing('zsh'),
        { skippedBecause: 'needs Linux (reads /proc), this is darwin' },
        { skippedBecause: 'needs Linux (reads /proc), this is darwin' },
      ]),
    ).toEqual(['Skipped 1 test needing zsh: apt-get install zsh', 'Skipped 2 tests: needs Linux (reads /proc), this is darwin']);
    expect(skippedLines([{}, {}])).toEqual([]);
  });
});
