import { describe, expect, it } from 'vitest';
import { CONTROLS, type ManifestEntry, PLANTED, scoreFindings } from './manifest.js';

const ANY_ORIGIN = 'Access-Control-Allow-Origin echoes Origin: https://evil.example in a preflight, with Access-Control-Allow-Credentials: true';
const DERIVED_ORIGIN = 'Access-Control-Allow-Origin trusts https://evil-shop.example, a name anyone can register that ends with shop.example';

/** The entry as a finding names it; an entry told apart by its title gets the title of the scan's finding. */
const asFinding = ({ rule, method, path, titled }: ManifestEntry) => ({
  rule,
  method,
  path,
  ...(titled && { title: [ANY_ORIGIN, DERIVED_ORIGIN].find((title) => titled.test(title))! }),
});

describe('scoreFindings', () => {
  it('scores a scan that finds every planted bug and nothing else as recall 1 and precision 1', () => {
    const findings = PLANTED.map(asFinding).map((finding) =>
      finding.path.endsWith('/*') ? { ...finding, path: finding.path.replace('/*', '/env') } : finding,
    );
    expect(scoreFindings(findings)).toEqual({ recall: 1, precision: 1, missed: [], falsePositives: [], controlsReported: [] });
  });

  it('names what was missed, and counts a finding repeated once', () => {
    const [first, second] = PLANTED;
    const score = scoreFindings([asFinding(first!), asFinding(first!), { ...asFinding(second!), method: second!.method.toLowerCase() }]);
    expect(score.recall).toBeCloseTo(2 / PLANTED.length);
    expect(score.precision).toBe(1);
    expect(score.missed).toHaveLength(PLANTED.length - 2);
  });

  it('counts a reported control as a false positive and names it', () => {
    const control = CONTROLS.find((entry) => entry.rule === 'bola')!;
    const score = scoreFindings([asFinding(PLANTED[0]!), asFinding(control), { rule: 'sqli', method: 'GET', path: '/api/v2/categories' }]);
    expect(score.precision).toBeCloseTo(1 / 3);
    expect(score.falsePositives).toEqual([asFinding(control), { rule: 'sqli', method: 'GET', path: '/api/v2/categories' }]);
    expect(score.controlsReported).toEqual([control]);
  });

  it('matches API-wide bugs on any method and path, and `/*` paths on the prefix and below it', () => {
    const score = scoreFindings([
      { rule: 'cors', method: 'GET', path: '/api/v2/products', title: ANY_ORIGIN },
      { rule: 'cors', method: '*', path: '*', title: ANY_ORIGIN },
      { rule: 'trace', method: 'TRACE', path: '/' },
      { rule: 'undocumented_endpoints', method: 'GET', path: '/api/v1' },
      { rule: 'undocumented_endpoints', method: 'GET', path: '/api/v1/users' },
      { rule: 'undocumented_endpoints', method: 'GET', path: '/api/v10' },
      { rule: 'trace', method: 'GET', path: '*' },
    ]);
    expect(score.recall).toBeCloseTo(3 / PLANTED.length);
    expect(score.falsePositives).toEqual([
      { rule: 'undocumented_endpoints', method: 'GET', path: '/api/v10' },
      { rule: 'trace', method: 'GET', path: '*' },
    ]);
  });

  it('tells the two CORS bugs apart by the title, on the same operation', () => {
    const anyOrigin = { rule: 'cors', method: 'GET', path: '/api/v2/products', title: ANY_ORIGIN };
    const derived = { ...anyOrigin, title: DERIVED_ORIGIN };
    const other = { ...anyOrigin, title: 'Access-Control-Allow-Origin trusts http://shop.example' };
    expect(scoreFindings([anyOrigin]).recall).toBeCloseTo(1 / PLANTED.length);
    const score = scoreFindings([anyOrigin, derived, other]);
    expect(score.recall).toBeCloseTo(2 / PLANTED.length);
    expect(score.falsePositives).toEqual([other]);
  });

  it('counts the blind injections and the unbounded feed as planted bugs, and the twin-like reviews sort as a control', () => {
    const score = scoreFindings([
      { rule: 'sqli', method: 'GET', path: '/api/v2/brands' },
      { rule: 'sqli', method: 'GET', path: '/api/v2/deals' },
      { rule: 'resource_limits', method: 'GET', path: '/api/v2/events' },
      { rule: 'sqli', method: 'GET', path: '/api/v2/reviews' },
    ]);
    expect(score.recall).toBeCloseTo(3 / PLANTED.length);
    expect(score.falsePositives).toEqual([{ rule: 'sqli', method: 'GET', path: '/api/v2/reviews' }]);
    expect(score.controlsReported.map((entry) => `${entry.rule} ${entry.path}`)).toEqual(['sqli /api/v2/reviews']);
  });

  it('takes incidental findings as true without requiring them', () => {
    const score = scoreFindings([{ rule: 'verbose_errors', method: 'GET', path: '/api/v2/products/search' }]);
    expect(score).toMatchObject({ recall: 0, precision: 1, falsePositives: [] });
  });

  it('gives precision 1 to a scan with no findings', () => {
    expect(scoreFindings([])).toMatchObject({ recall: 0, precision: 1 });
  });
});
