import { describe, expect, it } from 'vitest';
import { fail, ok, warn } from '../../../src/cli/doctor/doctor-check.js';
import { formatDoctorJson, formatDoctorReport } from '../../../src/cli/doctor/format-doctor-report.js';
import { plainText } from '../../../src/config/paint.js';

describe('formatDoctorReport', () => {
  it('marks each check, indents its details and fix, and ends with a verdict', () => {
    const report = formatDoctorReport(
      [
        ok('node', 'Node.js 22.0.0'),
        fail('provider lab', 'cannot reach http://127.0.0.1:1234/v1', 'is the server running?'),
        warn('search', 'no ripgrep', undefined, ['built-in search']),
      ],
      '1.2.3',
      plainText,
    );
    expect(report).toBe(
      [
        'falcon 1.2.3',
        '',
        '✓ node: Node.js 22.0.0',
        '✗ provider lab: cannot reach http://127.0.0.1:1234/v1',
        '    → is the server running?',
        '! search: no ripgrep',
        '    built-in search',
        '',
        '1 problem and 1 warning: fix the lines marked ✗, then run falcon doctor again.',
        '',
      ].join('\n'),
    );
  });

  it('says all is well, or that only warnings remain', () => {
    expect(formatDoctorReport([ok('node', 'fine')], '1.0.0', plainText)).toMatch(/\nEverything is in order\.\n$/);
    expect(formatDoctorReport([warn('a', 'x'), warn('b', 'y')], '1.0.0', plainText)).toMatch(/\nNo problems; 2 warnings\.\n$/);
  });

  it('shows control characters from config files and servers as text, in text and in JSON', () => {
    const hostile = [fail('provider \u001b[31mx', 'said \u001b]0;title\u0007 and\nmore', 'fix \u009b2J', ['detail \u001b[2J'])];
    const text = formatDoctorReport(hostile, '1.0.0', plainText);
    expect(text).not.toMatch(/[\u0007\u001b\u009b]/);
    expect(text).toContain('✗ provider ␛[31mx: said ␛]0;title^G and more');
    const json = formatDoctorJson(hostile, '1.0.0');
    expect(json).not.toMatch(/[\u0007\u001b\u009b]/);
    expect(JSON.parse(json)).toMatchObject({ ok: false, version: '1.0.0', checks: [{ summary: 'said \u001b]0;title\u0007 and\nmore' }] });
  });
});
