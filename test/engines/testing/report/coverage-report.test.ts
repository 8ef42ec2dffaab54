import { describe, expect, it } from 'vitest';
import type { RunCoverage } from '../../../../src/engines/testing/coverage/run-coverage.js';
import type { JsonReport } from '../../../../src/engines/testing/report/json-report.js';
import { mergeRuns } from '../../../../src/engines/testing/report/merge-runs.js';
import { parseJsonReport, ReportFileError } from '../../../../src/engines/testing/report/read-json-report.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { TestRun } from '../../../../src/engines/testing/test-run.js';

function coverage(): RunCoverage {
  return {
    operations: [
      {
        operation: 'listBooks',
        method: 'GET',
        path: '/books',
        responses: [
          { status: '200', seen: true },
          { status: '4XX', seen: true },
        ],
        undocumented: [],
        parameters: [
          { name: 'genre', in: 'query', item: 'present', seen: true },
          { name: 'genre', in: 'query', item: 'absent', seen: true },
        ],
        bodyProperties: [],
      },
      {
        operation: 'createBook',
        method: 'POST',
        path: '/books',
        responses: [
          { status: '201', seen: true },
          { status: '409', seen: false },
          { status: 'default', seen: false },
        ],
        undocumented: [418],
        parameters: [{ name: 'kind', in: 'query', item: 'value', value: '<script>x</script>', seen: false }],
        bodyProperties: [
          { property: 'author', seen: true },
          { property: 'edition.year', seen: false },
        ],
      },
    ],
    reached: [
      {
        operation: 'getBook',
        method: 'GET',
        path: '/books/{bookId}',
        responses: [{ status: '200', seen: true }],
        undocumented: [],
        parameters: [],
        bodyProperties: [],
      },
    ],
  };
}

function runWith(fields: Partial<TestRun> = {}): TestRun {
  return {
    title: 'Library 1.0.0',
    baseUrl: 'http://api.test',
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 10,
    checks: ['not_a_server_error'],
    operations: { total: 2, covered: 2 },
    results: [],
    specDigest: 'abc',
    coverage: coverage(),
    ...fields,
  };
}

describe('coverage in the reports', () => {
  it('Markdown: the figures, a row per operation, and a table per operation with something not seen, listing it', () => {
    const text = renderReport(runWith({ minCoverage: 90 }), 'md');
    expect(text).toContain('- Coverage: 3/5 documented responses (60%), 2/3 parameters, 1/2 body properties\n');
    const section = text.slice(text.indexOf('## Coverage'));
    expect(section).toContain('\n3/5 documented responses (60%), 2/3 parameters, 1/2 body properties\n');
    expect(section).toContain('The run required 90% of documented responses seen (--min-coverage); it saw 60%: the run fails.');
    expect(section).toContain('| `listBooks` GET /books | 2/2 | 2/2 | — |');
    expect(section).toContain('| `createBook` POST /books | 1/3 | 0/1 | 1/2 |');
    expect(section).toContain('not counted (outside its operations): getBook.');
    expect(section).not.toContain('### `listBooks`');
    expect(section).toContain(
      [
        '### `createBook` — POST /books',
        '',
        '|  | Seen | Not seen |',
        '| --- | --- | --- |',
        '| Responses 1/3 | `201` | `409`, `default` |',
        '| Parameters 0/1 | — | `kind=<script>x</script> (query)` |',
        '| Body properties 1/2 | `author` | `edition.year` |',
        '| Undocumented statuses (findings, not counted) | `418` | — |',
      ].join('\n'),
    );
  });

  it('HTML: the same section, its text escaped', () => {
    const page = renderReport(runWith(), 'html');
    expect(page).toContain('<h2>Coverage</h2>');
    expect(page).toContain('<p class="coverage">3/5 documented responses (60%), 2/3 parameters, 1/2 body properties</p>');
    expect(page).toContain('<h3><code>createBook</code> — POST /books</h3>');
    expect(page).toContain('<td>Responses 1/3</td><td><code>201</code></td><td><code>409</code>, <code>default</code></td>');
    expect(page).toContain('<code>kind=&lt;script&gt;x&lt;/script&gt; (query)</code>');
    expect(page).not.toContain('<script>x');
    expect(page).not.toContain('<h3><code>listBooks</code>');
  });

  it('JSON: `coverage` with its figures, read back whole (figures made again), and the minimum kept', () => {
    const text = renderReport(runWith({ minCoverage: 75 }), 'json');
    const report = JSON.parse(text) as JsonReport;
    expect(report.minCoverage).toBe(75);
    expect(report.coverage?.figures).toEqual({
      responses: { seen: 3, total: 5, percent: 60 },
      parameters: { seen: 2, total: 3 },
      bodyProperties: { seen: 1, total: 2 },
    });
    expect(Object.keys(report.coverage!.operations[0]!)).toEqual(['operation', 'method', 'path', 'responses', 'undocumented', 'parameters', 'bodyProperties']);
    const back = parseJsonReport(text, 'run.json');
    expect(back.coverage).toEqual(coverage());
    expect(back.minCoverage).toBe(75);
    expect(renderReport(back, 'json')).toBe(text);
  });

  it('refuses a report whose coverage is not one, naming where', () => {
    const report = JSON.parse(renderReport(runWith(), 'json')) as JsonReport;
    const broken = (change: (value: JsonReport) => void) => {
      const copy = structuredClone(report);
      change(copy);
      return () => parseJsonReport(JSON.stringify(copy), 'shard.json');
    };
    expect(
      broken((value) => {
        (value.coverage!.operations[1]!.responses[0] as { seen: unknown }).seen = 'yes';
      }),
    ).toThrow(
      new ReportFileError(
        'shard.json is not a Falcon JSON report: coverage.operations[1].responses[0].seen is not true or false; write one with falcon test --report <file>.json',
      ),
    );
    expect(
      broken((value) => {
        (value.coverage!.operations[1]!.parameters[0] as { in: string }).in = 'body';
      }),
    ).toThrow(/coverage\.operations\[1\]\.parameters\[0\] is not a coverage item/);
    expect(
      broken((value) => {
        (value as { coverage: unknown }).coverage = [];
      }),
    ).toThrow(/: coverage is not an object;/);
  });

  it('merges the shards’ coverage, warns of a report without, and holds the merge to the highest minimum', () => {
    const first = runWith({ shard: { index: 1, count: 2, operationsInAllShards: 3 }, minCoverage: 50 });
    const second = runWith({
      shard: { index: 2, count: 2, operationsInAllShards: 3 },
      minCoverage: 80,
      coverage: {
        operations: [
          {
            operation: 'getBook',
            method: 'GET',
            path: '/books/{bookId}',
            responses: [
              { status: '200', seen: false },
              { status: '404', seen: true },
            ],
            undocumented: [],
            parameters: [],
            bodyProperties: [],
          },
        ],
        reached: [{ ...coverage().operations[1]!, responses: [{ status: '409', seen: true }], undocumented: [500] }],
      },
    });
    const inputs = [first, second].map((run, index) => ({ file: `shard-${index + 1}.json`, run: parseJsonReport(renderReport(run, 'json'), 'x') }));
    const merged = mergeRuns(inputs);
    expect(merged.warnings).toEqual([]);
    expect(merged.run.minCoverage).toBe(80);
    const operations = merged.run.coverage!.operations;
    expect(operations.map((entry) => entry.operation)).toEqual(['listBooks', 'createBook', 'getBook']);
    expect(operations[1]!.responses).toEqual([
      { status: '201', seen: true },
      { status: '409', seen: true },
      { status: 'default', seen: false },
    ]);
    expect(operations[1]!.undocumented).toEqual([418, 500]);
    // Shard 1's chain read getBook (200); shard 2, whose operation it is, saw only a 404.
    expect(operations[2]!.responses).toEqual([
      { status: '200', seen: true },
      { status: '404', seen: true },
    ]);
    expect(merged.run.coverage!.reached).toBeUndefined();

    const { coverage: _none, ...withoutCoverage } = second;
    const partial = mergeRuns([inputs[0]!, { file: 'old-shard-2.json', run: withoutCoverage }]);
    expect(partial.warnings).toEqual(["old-shard-2.json has no coverage: the merged coverage counts only the other reports' operations"]);
    expect(partial.run.coverage!.operations.map((entry) => entry.operation)).toEqual(['listBooks', 'createBook']);
  });
});
