import { describe, expect, it } from 'vitest';
import { mergeRuns, MergeError, type ReportInput } from '../../../../src/engines/testing/report/merge-runs.js';
import { parseJsonReport, ReportFileError } from '../../../../src/engines/testing/report/read-json-report.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { type CaseResult, type TestRun, tallyRun } from '../../../../src/engines/testing/test-run.js';
import { mixedRun } from './sample-runs.js';

function result(id: string, outcome: CaseResult['outcome'], status?: number): CaseResult {
  const [operationId] = id.split('/');
  return {
    case: { id, name: id, kind: 'happy', operationId, tags: [], request: { method: 'GET', path: `/${operationId}` } },
    outcome,
    findings: outcome === 'failed' ? [{ kind: 'not_a_server_error', message: 'server error 500' }] : [],
    ...(status !== undefined && { request: { method: 'GET', url: `http://api.test/${operationId}`, headers: {} } }),
    ...(status !== undefined && { response: { status, statusText: '', headers: {}, body: '', durationMs: 1 } }),
    durationMs: 1,
  };
}

function shard(index: number, count: number, startedAt: string, durationMs: number, results: CaseResult[], total: number): ReportInput {
  const covered = new Set(results.filter((entry) => entry.response).map((entry) => entry.case.operationId)).size;
  const run: TestRun = {
    title: 'Shop 1.0.0',
    baseUrl: 'http://api.test',
    startedAt,
    durationMs,
    checks: ['not_a_server_error'],
    operations: { total, covered },
    results,
    specDigest: 'abc123',
    shard: { index, count, operationsInAllShards: 5 },
  };
  return { file: `shard-${index}.json`, run };
}

/** Through the JSON report and back, as merge-reports reads the files. */
function roundTrip(input: ReportInput): ReportInput {
  return { file: input.file, run: parseJsonReport(renderReport(input.run, 'json'), input.file) };
}

function threeShards(): ReportInput[] {
  return [
    shard(2, 3, '2025-01-01T00:00:01.000Z', 3000, [result('b/happy', 'passed', 200), result('c/happy', 'failed', 500)], 2),
    shard(1, 3, '2025-01-01T00:00:00.000Z', 1000, [result('a/happy', 'passed', 200), result('a/negative', 'skipped')], 2),
    shard(3, 3, '2025-01-01T00:00:02.000Z', 500, [result('d/happy', 'passed', 200)], 1),
  ].map(roundTrip);
}

describe('mergeRuns', () => {
  it('adds up the shards: results in shard order, the earliest start, until the latest end, each shard kept in parts', () => {
    const { run, warnings } = mergeRuns(threeShards());
    expect(warnings).toEqual([]);
    expect(run.results.map((entry) => entry.case.id)).toEqual(['a/happy', 'a/negative', 'b/happy', 'c/happy', 'd/happy']);
    expect(tallyRun(run)).toMatchObject({ cases: 5, passed: 3, failed: 1, skipped: 1 });
    expect(run.startedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(run.durationMs).toBe(4000);
    expect(run.operations).toEqual({ total: 5, covered: 4 });
    expect(run.specDigest).toBe('abc123');
    expect(run.shard).toBeUndefined();
    expect(run.parts).toEqual([
      {
        shard: { index: 1, count: 3, operationsInAllShards: 5 },
        baseUrl: 'http://api.test',
        startedAt: '2025-01-01T00:00:00.000Z',
        durationMs: 1000,
        cases: 2,
        failed: 0,
      },
      {
        shard: { index: 2, count: 3, operationsInAllShards: 5 },
        baseUrl: 'http://api.test',
        startedAt: '2025-01-01T00:00:01.000Z',
        durationMs: 3000,
        cases: 2,
        failed: 1,
      },
      {
        shard: { index: 3, count: 3, operationsInAllShards: 5 },
        baseUrl: 'http://api.test',
        startedAt: '2025-01-01T00:00:02.000Z',
        durationMs: 500,
        cases: 1,
        failed: 0,
      },
    ]);
  });

  it('is a report every format can render, saying what it was merged from', () => {
    const { run } = mergeRuns(threeShards());
    expect(renderReport(run, 'md')).toContain('## Merged from 3 reports');
    expect(renderReport(run, 'md')).toContain('| shard 2/3 | `http://api.test` | 2025-01-01T00:00:01.000Z | 3 s | 2 | 1 |');
    expect(renderReport(run, 'html')).toContain('<h2>Merged from 3 reports</h2>');
    expect(renderReport(run, 'junit')).toContain('<testsuite name="c"');
    const again = parseJsonReport(renderReport(run, 'json'), 'merged.json');
    expect(again.parts).toEqual(run.parts);
    expect(again.results).toEqual(run.results);
  });

  it('refuses reports of different specs, of different versions of one, and the same shard twice', () => {
    const [one, two] = threeShards() as [ReportInput, ReportInput];
    const other = { file: 'other.json', run: { ...two.run, title: 'Billing 2.0.0' } };
    expect(() => mergeRuns([one, other])).toThrow(
      new MergeError('the reports are of different specs: shard-2.json tested "Shop 1.0.0", other.json tested "Billing 2.0.0"'),
    );
    const changed = { file: 'changed.json', run: { ...two.run, specDigest: 'fff000' } };
    expect(() => mergeRuns([one, changed])).toThrow(/different versions of "Shop 1.0.0": shard-2.json and changed.json tested different spec content/);
    expect(() => mergeRuns([one, { ...one, file: 'copy.json' }])).toThrow(
      'shard-2.json and copy.json are both shard 2/3: merging them would count its cases twice',
    );
    const otherSplit = { file: 'four.json', run: { ...two.run, shard: { index: 1, count: 4, operationsInAllShards: 5 } } };
    expect(() => mergeRuns([one, otherSplit])).toThrow(/shards are of different splits/);
  });

  it('warns of a missing shard, a report that is no shard, and cases in two reports', () => {
    const [two, one] = threeShards() as [ReportInput, ReportInput, ReportInput];
    expect(mergeRuns([one, two]).warnings).toEqual(['shard 3/3 is missing: the merged report covers 2 of 3 parts']);
    const plain = { file: 'plain.json', run: { ...mixedRun(), title: 'Shop 1.0.0' } };
    delete plain.run.shard;
    expect(mergeRuns([one, two, plain]).warnings).toContain("plain.json is not a shard: its cases may repeat the shards' cases");
    const whole = { file: 'whole.json', run: { ...one.run, shard: undefined } } as ReportInput;
    delete whole.run.shard;
    expect(mergeRuns([whole, { ...whole, file: 'again.json' }]).warnings).toEqual([
      '2 cases appear in both whole.json and again.json: the merged tally counts them twice',
    ]);
  });
});

describe('parseJsonReport', () => {
  it('reads back the run a JSON report was written from', () => {
    const run = mixedRun();
    const read = parseJsonReport(renderReport(run, 'json'), 'run.json');
    expect(read.results).toEqual(JSON.parse(JSON.stringify(run.results)));
    expect(read.title).toBe(run.title);
    expect(read).not.toHaveProperty('tally');
    expect(read).not.toHaveProperty('format');
  });

  it('refuses what is not a Falcon JSON report, saying what is wrong', () => {
    const refused = (text: string) => {
      try {
        parseJsonReport(text, 'x.json');
      } catch (error) {
        expect(error).toBeInstanceOf(ReportFileError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused('<testsuites/>')).toMatch(/^x\.json is not a Falcon JSON report: it is not JSON \(/);
    expect(refused('[1]')).toBe('x.json is not a Falcon JSON report: it is not a JSON object; write one with falcon test --report <file>.json');
    expect(refused('{"name":"package"}')).toContain('it has no "format": "falcon-test-report/1"');
    expect(refused('{"format":"falcon-test-report/9"}')).toBe(
      'x.json is a Falcon JSON report of format falcon-test-report/9, which this version of Falcon does not read (it reads falcon-test-report/1)',
    );
    const report = JSON.parse(renderReport(mixedRun(), 'json')) as { results: Array<Record<string, unknown>> };
    report.results[1]!.outcome = 'green';
    expect(refused(JSON.stringify(report))).toContain('results[1].outcome is "green", not passed, failed or skipped');
  });
});
