import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type SpecServer } from '../apis/loopback-server.js';
import { NONCONFORMING_SPEC_FILE, PLANTED_DEFECTS, startNonconformingApi } from '../apis/nonconforming-api.js';
import { ORDERS_SPEC_FILE, startOrdersApi } from '../apis/orders-api.js';

// Needs the built binary: `npm run build` (npm test does it first). As in CI, each shard's job tests
// its own copy of the API (a fresh server), and the unsplit run does too, all at once. Without
// --max-response-time: how long a response takes depends on what else the machine is doing, and the
// comparison needs runs that can differ only by how they were split.
const SHARDS = 3;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox?.cleanup());

function falcon(args: string[]): Promise<FalconResult> {
  return runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
}

async function readReport(file: string): Promise<JsonReport> {
  return JSON.parse(await readFile(path.join(sandbox.project, file), 'utf8')) as JsonReport;
}

/** `falcon test` of a fresh nonconforming API, ended with the server. */
async function testFreshApi(args: string[]): Promise<FalconResult> {
  const api: SpecServer = await startNonconformingApi();
  try {
    return await falcon(['test', '--spec', NONCONFORMING_SPEC_FILE, '--base-url', api.url, ...args]);
  } finally {
    await api.close();
  }
}

/** What two runs of the same cases must agree on: each case's outcome and the kinds of its findings. */
function verdicts(report: JsonReport): string[] {
  return report.results
    .map(
      (result) =>
        `${result.case.id} ${result.outcome} ${result.findings
          .map((finding) => finding.kind)
          .sort()
          .join(',')}`,
    )
    .sort();
}

describe('falcon test --shard i/n, then falcon test merge-reports', () => {
  let whole: JsonReport;
  let shards: JsonReport[];
  let shardRuns: FalconResult[];

  beforeAll(async () => {
    const [unsplit, ...parts] = await Promise.all([
      testFreshApi(['--report', 'whole.json']),
      ...Array.from({ length: SHARDS }, (_, index) => testFreshApi(['--shard', `${index + 1}/${SHARDS}`, '--report', `shard-${index + 1}.json`])),
    ]);
    expect(unsplit!.code, unsplit!.stderr).toBe(1);
    whole = await readReport('whole.json');
    shardRuns = parts;
    shards = await Promise.all(parts.map((_, index) => readReport(`shard-${index + 1}.json`)));
  }, 120_000);

  it('runs each case in exactly one shard: disjoint, together the whole run', () => {
    const ids = shards.flatMap((report) => report.results.map((result) => result.case.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(whole.results.map((result) => result.case.id).sort());
    for (const report of shards) expect(report.results.length).toBeGreaterThan(0);
    // The operations are split too: each shard's total is its own, and they add up to the spec's.
    expect(shards.map((report) => report.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: SHARDS, operationsInAllShards: whole.operations.total })));
    expect(shards.reduce((sum, report) => sum + report.operations.total, 0)).toBe(whole.operations.total);
    shardRuns.forEach((result, index) => {
      expect(result.stdout).toMatch(
        new RegExp(`^Operations: \\d+/${shards[index]!.operations.total} covered \\(shard ${index + 1}/3 of ${whole.operations.total} operations\\)$`, 'm'),
      );
    });
  });

  it('merges the shards into JSON, JUnit and Markdown that agree with the unsplit run', async () => {
    const files = shards.map((_, index) => `shard-${index + 1}.json`);
    // Given out of order: the merge puts the shards in order.
    const json = await falcon(['test', 'merge-reports', 'merged/all.json', ...[...files].reverse()]);
    expect(json.code, json.stderr).toBe(1);
    expect(json.stderr).toBe('');
    expect(json.stdout).toMatch(/^Operations: \d+\/\d+ covered \(merged from 3 reports: shards 1\/3, 2\/3, 3\/3\)$/m);
    expect(json.stdout).toContain('  merged/all.json');
    const merged = await readReport('merged/all.json');
    // Kinds with as many findings come in the order met, which is the order of the results.
    const byKind = (report: JsonReport) => [...report.tally.findingsByKind].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
    expect({ ...merged.tally, findingsByKind: byKind(merged) }).toEqual({ ...whole.tally, findingsByKind: byKind(whole) });
    expect(merged.operations).toEqual(whole.operations);
    expect(verdicts(merged)).toEqual(verdicts(whole));
    for (const defect of PLANTED_DEFECTS.filter(({ check }) => check !== 'max_response_time')) {
      expect(
        merged.results.some((result) => result.case.operationId === defect.operationId && result.findings.some((finding) => finding.kind === defect.check)),
      ).toBe(true);
    }
    expect(merged.results.map((result) => result.case.id)).toEqual(shards.flatMap((report) => report.results.map((result) => result.case.id)));
    expect(merged.parts?.map((part) => [part.shard?.index, part.startedAt, part.durationMs, part.cases])).toEqual(
      shards.map((report) => [report.shard?.index, report.startedAt, report.durationMs, report.results.length]),
    );
    const firstStart = Math.min(...shards.map((report) => Date.parse(report.startedAt)));
    const lastEnd = Math.max(...shards.map((report) => Date.parse(report.startedAt) + report.durationMs));
    expect(merged.startedAt).toBe(new Date(firstStart).toISOString());
    expect(merged.durationMs).toBe(lastEnd - firstStart);

    const xml = await falcon(['test', 'merge-reports', 'merged/all.xml', ...files]);
    expect(xml.code).toBe(1);
    const junit = await readFile(path.join(sandbox.project, 'merged/all.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(whole.tally.cases);
    const attribute = (name: string) => [...junit.matchAll(new RegExp(` ${name}="(\\d+)"`, 'g'))].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(attribute('failures') + attribute('errors')).toBe(whole.tally.failed);
    expect(attribute('skipped')).toBe(whole.tally.skipped);

    const markdown = await falcon(['test', 'merge-reports', 'merged/all.md', ...files]);
    expect(markdown.code).toBe(1);
    const text = await readFile(path.join(sandbox.project, 'merged/all.md'), 'utf8');
    expect(text).toContain(`- Cases: ${whole.tally.cases} — ${whole.tally.passed} passed, ${whole.tally.failed} failed, ${whole.tally.skipped} skipped`);
    expect(text).toContain(`- Operations covered: ${whole.operations.covered}/${whole.operations.total}`);
    expect(text).toContain('## Merged from 3 reports');
    // The unsplit run's own Markdown, made by the same command from its one report: the same findings.
    await falcon(['test', 'merge-reports', 'whole.md', 'whole.json']);
    const wholeText = await readFile(path.join(sandbox.project, 'whole.md'), 'utf8');
    const findingsTable = (report: string) =>
      report
        .slice(report.indexOf('## Findings by check'), report.indexOf('\n## ', report.indexOf('## Findings by check') + 1))
        .split('\n')
        .sort();
    expect(findingsTable(text)).toEqual(findingsTable(wholeText));
    const failedHeadings = (report: string) => [...report.matchAll(/^### ✗ .*$/gm)].map((match) => match[0]).sort();
    expect(failedHeadings(text)).toEqual(failedHeadings(wholeText));
  });

  it('warns of a missing shard and refuses the same shard twice', async () => {
    const partial = await falcon(['test', 'merge-reports', 'partial.json', 'shard-1.json', 'shard-3.json']);
    expect(partial.stderr).toBe('falcon: warning: shard 2/3 is missing: the merged report covers 2 of 3 parts\n');
    const twice = await falcon(['test', 'merge-reports', 'twice.json', 'shard-1.json', 'shard-1.json']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('falcon: shard-1.json and shard-1.json are both shard 1/3: merging them would count its cases twice\n');
  });
});

describe('falcon test merge-reports', () => {
  it('exits 0 when the merged run passed', async () => {
    const api = await startOrdersApi({ defect: false });
    try {
      for (const index of [1, 2]) {
        const shard = await falcon(['test', '--spec', ORDERS_SPEC_FILE, '--base-url', api.url, '--shard', `${index}/2`, '--report', `orders-${index}.json`]);
        expect(shard.code, shard.stdout).toBe(0);
      }
    } finally {
      await api.close();
    }
    const merged = await falcon(['test', 'merge-reports', 'orders.html', 'orders-1.json', 'orders-2.json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
    expect(await readFile(path.join(sandbox.project, 'orders.html'), 'utf8')).toContain('<h2>Merged from 2 reports</h2>');
  });

  it('refuses, with exit 2 and one line, what is not a Falcon JSON report, reports of different specs, and an OUT of no format', async () => {
    await writeFile(path.join(sandbox.project, 'junit.xml'), '<testsuites/>\n');
    await writeFile(path.join(sandbox.project, 'package.json'), '{"name":"shop"}\n');
    const cases: Array<[string[], string | RegExp]> = [
      [['out.json', 'junit.xml'], /^falcon: junit\.xml is not a Falcon JSON report: it is not JSON \(.*\)\n$/],
      [
        ['out.json', 'package.json'],
        'falcon: package.json is not a Falcon JSON report: it has no "format": "falcon-test-report/1"; write one with falcon test --report <file>.json\n',
      ],
      [['out.json', 'missing.json'], 'falcon: cannot read missing.json: no such file\n'],
      [
        ['out.json', 'orders-1.json', 'shard-2.json'],
        'falcon: the reports are of different specs: orders-1.json tested "Orders API 1.0.0", shard-2.json tested "Nonconforming API 1.0.0"\n',
      ],
      [['out.txt', 'orders-1.json'], 'falcon: merge-reports out.txt: the extension says no format; use .json, .md, .html or .xml (JUnit)\n'],
    ];
    for (const [args, message] of cases) {
      const result = await falcon(['test', 'merge-reports', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      if (typeof message === 'string') expect(result.stderr).toBe(message);
      else expect(result.stderr).toMatch(message);
    }
  });
});

describe('falcon test --shard: a bad value is a usage error', () => {
  it.each([
    ['0/4', 'the part must be from 1 to 4, not 0'],
    ['5/4', 'the part must be from 1 to 4, not 5'],
    ['1/0', 'the number of parts must be 1 or more, not 0'],
    ['x', 'expected i/n, part i of n (1-based)'],
    ['1/4/2', 'expected i/n, part i of n (1-based)'],
    ['-1/4', 'expected i/n, part i of n (1-based)'],
  ])('--shard %s', async (value, message) => {
    const result = await falcon(['test', '--spec', ORDERS_SPEC_FILE, '--base-url', 'http://127.0.0.1:9', '--shard', value]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: option '--shard <i/n>' argument '${value}' is invalid. ${message}, for example 1/4, 2/4, 3/4 and 4/4 in four jobs\n`.replace(
        `${message},`,
        message.startsWith('expected') ? `${message},` : `${message};`,
      ),
    );
  });
});
