import { describe, expect, it } from 'vitest';
import { comparablePath, isNamed } from '../../src/safety/comparable-path.js';

describe('comparablePath', () => {
  it('reads a path as case-insensitive file systems do', () => {
    expect(comparablePath('.GIT/Hooks/Pre-Commit')).toBe('.git/hooks/pre-commit');
    expect(comparablePath('./.falcon//sessions/')).toBe('.falcon/sessions');
    expect(comparablePath('.falcon\\Reports\\x.json')).toBe('.falcon/reports/x.json');
  });

  it('drops what Windows drops at the end of a name and what HFS+ ignores in one', () => {
    expect(comparablePath('.git. /config')).toBe('.git/config');
    expect(comparablePath('.git::$INDEX_ALLOCATION/config')).toBe('.git/config');
    expect(comparablePath('.g\u200cit/config')).toBe('.git/config');
    expect(comparablePath('.git\ufeff/hooks')).toBe('.git/hooks');
    // Composed and decomposed forms of the same name are one name.
    expect(comparablePath('cafe\u0301.sh')).toBe(comparablePath('caf\u00e9.sh'));
  });

  it('keeps names made only of dots', () => {
    expect(comparablePath('a/../b')).toBe('a/../b');
  });
});

describe('isNamed', () => {
  it('knows a name by its Windows short name too', () => {
    expect(isNamed('.git', '.git')).toBe(true);
    expect(isNamed('git~1', '.git')).toBe(true);
    expect(isNamed('falcon~2', '.falcon')).toBe(true);
    expect(isNamed('sessio~1', 'sessions')).toBe(true);
    expect(isNamed('gitx~1', '.git')).toBe(false);
    expect(isNamed('.github', '.git')).toBe(false);
  });
});
