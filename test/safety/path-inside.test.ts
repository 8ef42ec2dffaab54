import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPathInside, staysInside } from '../../src/safety/path-inside.js';

describe('isPathInside', () => {
  const root = path.resolve('/project');

  it('counts the root itself and what lies below it', () => {
    expect(isPathInside(root, root)).toBe(true);
    expect(isPathInside(root, path.join(root, 'src', 'app.ts'))).toBe(true);
    expect(isPathInside(root, path.join(root, '..foo', 'x'))).toBe(true);
  });

  it('refuses the parent, a sibling whose name starts alike, and a path that climbs out', () => {
    expect(isPathInside(root, path.dirname(root))).toBe(false);
    expect(isPathInside(root, `${root}-other/x`)).toBe(false);
    expect(isPathInside(root, path.join(root, '..', 'outside', 'secret.txt'))).toBe(false);
  });
});

describe('staysInside', () => {
  it.each([
    ['', true],
    ['.', true],
    ['src/app.ts', true],
    ['..foo/x', true],
    ['..', false],
    ['../x', false],
    ['..\\x', false],
    ['/etc/passwd', false],
  ])('%j → %s', (relative, expected) => {
    expect(staysInside(relative)).toBe(expected);
  });
});
