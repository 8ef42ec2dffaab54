import { describe, expect, it } from 'vitest';
import { derivedPaths } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/derived-paths.js';
import { PROBE_CAPS } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/probe-caps.js';
import { PROBE_WORDS } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/probe-words.js';
import { specPrefixes } from '../../../../../../src/capabilities/scan/engine/checks/undocumented-endpoints/spec-prefixes.js';

const SHOP = ['/auth/login', '/api/v2/products', '/api/v2/products/{productId}', '/api/v2/orders', '/api/v2/orders/{orderId}/items', '/api/v2/admin/users'];
const nothingSkipped = () => false;

describe('specPrefixes', () => {
  it('cuts each path before its first parameter, the prefixes holding the most paths first, equals in the order the spec names them', () => {
    expect(specPrefixes(SHOP)).toEqual([
      { prefix: '', paths: 6 },
      { prefix: '/api', paths: 5 },
      { prefix: '/api/v2', paths: 5 },
      { prefix: '/api/v2/products', paths: 2 },
      { prefix: '/api/v2/orders', paths: 2 },
      { prefix: '/auth', paths: 1 },
      { prefix: '/auth/login', paths: 1 },
      { prefix: '/api/v2/admin', paths: 1 },
      { prefix: '/api/v2/admin/users', paths: 1 },
    ]);
  });
});

describe('derivedPaths', () => {
  const paths = derivedPaths(SHOP, nothingSkipped).map((candidate) => candidate.path);

  it('puts the most telling words under the prefixes that hold the most paths first', () => {
    expect(paths.slice(0, 6)).toEqual(['/admin', '/internal', '/api/admin', '/debug', '/api/internal', '/api/v2/admin']);
    expect(paths).toContain('/api/v2/orders/admin');
    expect(derivedPaths(SHOP, nothingSkipped)[0]).toMatchObject({ word: { word: 'admin', what: 'an admin endpoint', severity: 'medium' } });
  });

  it('adds the things under each documented place, then a place and a thing from the root', () => {
    const twoWords = paths.slice(PROBE_CAPS.wordPaths);
    // /api/v2/admin/config came earlier, among the one-word paths.
    expect(paths.indexOf('/api/v2/admin/config')).toBeLessThan(PROBE_CAPS.wordPaths);
    expect(twoWords.slice(0, 3)).toEqual(['/api/v2/admin/export', '/api/v2/admin/backup', '/api/v2/admin/env']);
    expect(twoWords).toEqual(expect.arrayContaining(['/admin/config', '/internal/config', '/admin/export', '/debug/config', '/admin/backup']));
    expect(twoWords.indexOf('/admin/config')).toBeLessThan(twoWords.indexOf('/debug/config'));
  });

  it('probes each path once, none the caller skips, within the caps', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(PROBE_CAPS.wordPaths + PROBE_CAPS.twoWordPaths);
    const skipped = derivedPaths(SHOP, (path) => path === '/admin' || path.startsWith('/api/v2/admin/')).map((candidate) => candidate.path);
    expect(skipped).not.toContain('/admin');
    expect(skipped.filter((path) => path.startsWith('/api/v2/admin/'))).toEqual([]);
    expect(skipped).toContain('/debug/config');
  });

  it('keeps a two-word path for the two-word kind when the cap of the one-word kind passed it', () => {
    // Under a deep prefix, /api/v2/admin/export is far down the one-word pairs and first among the places' things.
    const many = Array.from({ length: 30 }, (_, index) => `/api/v2/resource${index}`);
    const candidates = derivedPaths([...many, '/api/v2/admin/users'], nothingSkipped).map((candidate) => candidate.path);
    expect(candidates.indexOf('/api/v2/admin/export')).toBeGreaterThanOrEqual(PROBE_CAPS.wordPaths);
  });

  it('writes its own words, most telling first, each a place or a thing', () => {
    expect(PROBE_WORDS.slice(0, 4).map((word) => word.word)).toEqual(['admin', 'internal', 'debug', 'config']);
    expect(new Set(PROBE_WORDS.map((word) => word.word)).size).toBe(PROBE_WORDS.length);
    for (const word of PROBE_WORDS) expect(['medium', 'low']).toContain(word.severity);
  });
});
