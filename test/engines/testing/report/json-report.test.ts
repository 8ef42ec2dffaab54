import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { type TestRun, tallyRun } from '../../../../src/engines/testing/test-run.js';
import { mixedRun, NASTY, nastyRun } from './sample-runs.js';

describe('JSON report', () => {
  it('is the run plus its tally under a versioned format name', () => {
    const run = mixedRun();
    const report = JSON.parse(renderReport(run, 'json')) as TestRun & { format: string; tally: unknown };
    expect(Object.keys(report)).toEqual([
      'format',
      'title',
      'baseUrl',
      'startedAt',
      'durationMs',
      'checks',
      'operations',
      'tally',
      'warnings',
      'warningsAllowed',
      'results',
    ]);
    expect(report.format).toBe('falcon-test-report/1');
    expect(report.tally).toEqual(tallyRun(run));
    // Each failed case's `reproduce` lines are the report's own addition (report/chain-reproduction.ts).
    for (const result of report.results as Array<{ reproduce?: string[] }>) delete result.reproduce;
    const asRun: Record<string, unknown> = { ...report };
    delete asRun.format;
    delete asRun.tally;
    // A run without warnings says so: `warnings: []`, `warningsAllowed: false`.
    expect([asRun.warnings, asRun.warningsAllowed]).toEqual([[], false]);
    delete asRun.warnings;
    delete asRun.warningsAllowed;
    expect(asRun).toEqual(JSON.parse(JSON.stringify(run)));
  });

  it('writes the same text whatever order the run object was built in', () => {
    const run = mixedRun();
    const shuffled = keysReversed(run) as TestRun;
    expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(run));
    expect(renderReport(shuffled, 'json')).toBe(renderReport(run, 'json'));
  });

  it('keeps every character exactly, control characters and lone surrogates included', () => {
    const run = nastyRun();
    const report = JSON.parse(renderReport(run, 'json')) as TestRun;
    expect(report.title).toBe(`Nasty ${NASTY}`);
    expect(report.results.at(-2)?.response?.body).toBe(run.results.at(-2)?.response?.body);
  });
});

/** The run with the keys of its own objects in reverse order; headers, queries and bodies as they were. */
function keysReversed(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => keysReversed(item));
  if (value === null || typeof value !== 'object' || ['headers', 'query', 'pathParams', 'body', 'extract'].includes(key)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, item]) => [name, keysReversed(item, name)]),
  );
}
