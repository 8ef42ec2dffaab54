import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationCoverage } from '../../src/engines/testing/coverage/run-coverage.js';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { COVERAGE_LIBRARY_API_KEY, COVERAGE_LIBRARY_SPEC_FILE, type LibraryRequest, startCoverageLibraryApi } from '../apis/coverage-library-api.js';

// Needs the built binary: `npm run build` (npm test does it first). Each run tests a fresh copy of
// the library API (a run deletes books), which keeps every request it answered: the coverage the
// run reports is held to what the API saw.
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, '.falcon'));
});
afterAll(() => sandbox?.cleanup());

const OPERATIONS = ['listBooks', 'createBook', 'getBook', 'deleteBook'];
const SUMMARY = /^Coverage: (\d+)\/(\d+) documented responses \(([\d.]+)%\), (\d+)\/(\d+) parameters, (\d+)\/(\d+) body properties$/m;

async function falconOnFreshApi(args: string[], options: { teapot?: boolean } = {}): Promise<{ result: FalconResult; requests: LibraryRequest[] }> {
  const api = await startCoverageLibraryApi(options);
  try {
    const result = await runFalcon(
      ['test', '--spec', COVERAGE_LIBRARY_SPEC_FILE, '--base-url', api.url, '-H', `X-Api-Key: ${COVERAGE_LIBRARY_API_KEY}`, ...args],
      { cwd: sandbox.project, env: sandbox.env() },
    );
    return { result, requests: api.requests };
  } finally {
    await api.close();
  }
}

function falcon(args: string[]): Promise<FalconResult> {
  return runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
}

async function readJson(file: string): Promise<JsonReport> {
  return JSON.parse(await readFile(path.join(sandbox.project, file), 'utf8')) as JsonReport;
}

/** The documented response a status stands for, as OpenAPI says: the code, else its range, else default. */
function documentedKey(status: number, keys: string[]): string | undefined {
  return (
    keys.find((key) => key === String(status)) ??
    keys.find((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`) ??
    keys.find((key) => key === 'default')
  );
}

/** What the API received shows of an operation, item by item, as coverage counts it. */
function seenByTheApi(operation: OperationCoverage, requests: LibraryRequest[]) {
  const mine = requests.filter((request) => request.operation === operation.operation);
  const keys = operation.responses.map((response) => response.status);
  const sent = (request: LibraryRequest, name: string, where: string): string[] =>
    where === 'query'
      ? request.query.filter(([key]) => key === name).map(([, value]) => value)
      : request.headers[name.toLowerCase()] === undefined
        ? []
        : [request.headers[name.toLowerCase()]!];
  return {
    responses: operation.responses.map((response) => mine.some((request) => documentedKey(request.status, keys) === response.status)),
    undocumented: [...new Set(mine.filter((request) => documentedKey(request.status, keys) === undefined).map((request) => request.status))].sort(),
    parameters: operation.parameters.map((item) => {
      if (item.item === 'present') return mine.some((request) => sent(request, item.name, item.in).length > 0);
      if (item.item === 'absent') return mine.some((request) => sent(request, item.name, item.in).length === 0);
      return mine.some((request) => sent(request, item.name, item.in).includes(String(item.value)));
    }),
    bodyProperties: operation.bodyProperties.map((item) => mine.some((request) => request.bodyProperties.includes(item.property))),
  };
}

function summaryFigures(stdout: string): number[] {
  const match = SUMMARY.exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('falcon test: coverage', () => {
  let whole: { result: FalconResult; requests: LibraryRequest[] };
  let report: JsonReport;
  let markdown: string;

  beforeAll(async () => {
    whole = await falconOnFreshApi(['--report', 'whole.html']);
    const reports = await readdir(path.join(sandbox.project, '.falcon', 'reports'));
    const markdownFile = reports.find((file) => file.endsWith('.md'))!;
    markdown = await readFile(path.join(sandbox.project, '.falcon', 'reports', markdownFile), 'utf8');
    report = await readJson(path.join('.falcon', 'reports', markdownFile.replace(/\.md$/, '.json')));
  }, 120_000);

  it('shows one summary line whose figures are the JSON coverage, each item held to what the API received', () => {
    expect(whole.result.code, whole.result.stdout).toBe(0);
    const coverage = report.coverage!;
    const { responses, parameters, bodyProperties } = coverage.figures;
    expect(summaryFigures(whole.result.stdout)).toEqual([
      responses.seen,
      responses.total,
      Math.floor(responses.percent! * 10) / 10,
      parameters.seen,
      parameters.total,
      bodyProperties.seen,
      bodyProperties.total,
    ]);
    expect(responses.percent).toBe((responses.seen / responses.total) * 100);
    expect(coverage.operations.map((operation) => operation.operation)).toEqual(OPERATIONS);
    const count = (pick: (operation: OperationCoverage) => Array<{ seen: boolean }>) => {
      const items = coverage.operations.flatMap(pick);
      return { seen: items.filter((item) => item.seen).length, total: items.length };
    };
    expect({ seen: responses.seen, total: responses.total }).toEqual(count((operation) => operation.responses));
    expect(parameters).toEqual(count((operation) => operation.parameters));
    expect(bodyProperties).toEqual(count((operation) => operation.bodyProperties));

    for (const operation of coverage.operations) {
      expect(
        {
          responses: operation.responses.map((item) => item.seen),
          undocumented: operation.undocumented,
          parameters: operation.parameters.map((item) => item.seen),
          bodyProperties: operation.bodyProperties.map((item) => item.seen),
        },
        operation.operation,
      ).toEqual(seenByTheApi(operation, whole.requests));
    }
  });

  it('counts what the spec documents: codes, ranges and default, optional parameters and enum values, optional body properties', () => {
    const [list, create, get, remove] = report.coverage!.operations;
    expect(list!.responses.map((item) => item.status)).toEqual(['200', '400', 'default']);
    expect(list!.parameters.map((item) => `${item.name} ${item.item}${item.value === undefined ? '' : ` ${String(item.value)}`}`)).toEqual([
      'genre present',
      'genre absent',
      'genre value fiction',
      'genre value science',
      'genre value history',
      'limit present',
      'limit absent',
    ]);
    expect(create!.responses.map((item) => item.status)).toEqual(['201', '409', '4XX']);
    expect(create!.bodyProperties.map((item) => item.property)).toEqual(['author', 'year', 'tags', 'edition', 'edition.note']);
    // bookId is required and has no enum: nothing to count; X-Lang is optional with two values.
    expect(get!.parameters.map((item) => `${item.name} ${item.in} ${item.item}`)).toEqual([
      'X-Lang header present',
      'X-Lang header absent',
      'X-Lang header value',
      'X-Lang header value',
    ]);
    // What the API never answers stays unseen: no answer of listBooks falls to default, no title is sent twice.
    expect(list!.responses.find((item) => item.status === 'default')?.seen).toBe(false);
    expect(create!.responses.find((item) => item.status === '409')?.seen).toBe(false);
    // 400 and 415 both stand for 4XX.
    expect(create!.responses.find((item) => item.status === '4XX')?.seen).toBe(true);
    // Every case sends the key: deleteBook's 401 is seen through ignored_auth's probes alone.
    expect(remove!.responses.find((item) => item.status === '401')?.seen).toBe(true);
    const refused = whole.requests.filter((request) => request.operation === 'deleteBook' && request.status === 401);
    expect(refused.length).toBeGreaterThan(0);
    for (const request of refused) expect(request.headers['x-api-key']).not.toBe(COVERAGE_LIBRARY_API_KEY);
    const probes = report.results.filter((result) => result.case.probe === 'ignored_auth' && result.case.operationId === 'deleteBook');
    expect(probes.map((result) => result.response?.status)).toEqual(probes.map(() => 401));
  });

  it('shows a table per operation in the Markdown and HTML reports, listing what was not seen', async () => {
    const coverage = report.coverage!;
    const { responses, parameters, bodyProperties } = coverage.figures;
    const line = `${responses.seen}/${responses.total} documented responses (${Math.floor(responses.percent! * 10) / 10}%), ${parameters.seen}/${parameters.total} parameters, ${bodyProperties.seen}/${bodyProperties.total} body properties`;
    expect(markdown).toContain(`- Coverage: ${line}\n`);
    const section = markdown.slice(markdown.indexOf('## Coverage'), markdown.indexOf('\n## ', markdown.indexOf('## Coverage') + 1));
    expect(section).toContain(`\n${line}\n`);
    const fraction = (items: Array<{ seen: boolean }>) => (items.length === 0 ? '—' : `${items.filter((item) => item.seen).length}/${items.length}`);
    for (const operation of coverage.operations) {
      expect(section).toContain(
        `| \`${operation.operation}\` ${operation.method} ${operation.path} | ${fraction(operation.responses)} | ${fraction(operation.parameters)} | ${fraction(operation.bodyProperties)} |`,
      );
    }
    const createTable = section.slice(section.indexOf('### `createBook` — POST /books'));
    expect(createTable).toContain('| Responses 2/3 | `201`, `4XX` | `409` |');
    const listTable = section.slice(section.indexOf('### `listBooks` — GET /books'));
    expect(listTable).toMatch(/^\| Responses \d\/3 \| .* \| `default` \|$/m);

    const html = await readFile(path.join(sandbox.project, 'whole.html'), 'utf8');
    expect(html).toContain('<h2>Coverage</h2>');
    expect(html).toContain(`<p class="coverage">${line}</p>`);
    expect(html).toContain('<h3><code>createBook</code> — POST /books</h3>');
    expect(html).toContain('<td>Responses 2/3</td><td><code>201</code>, <code>4XX</code></td><td><code>409</code></td>');
  });

  it('--min-coverage fails the run above the share of documented responses seen, with a line saying why, and passes it at or below', async () => {
    const percent = report.coverage!.figures.responses.percent!;
    const { seen, total } = report.coverage!.figures.responses;
    const shown = `${Math.floor(percent * 10) / 10}%`;
    const above = Math.floor(percent) + 1;
    const failing = await falconOnFreshApi(['--min-coverage', String(above), '--report', 'strict.json']);
    expect(failing.result.code, failing.result.stdout).toBe(1);
    expect(failing.result.stdout).toContain('✓ no failures in');
    const last = failing.result.stdout.trimEnd().split('\n').at(-1)!;
    expect(last).toMatch(
      new RegExp(
        `^✗ coverage: ${shown.replace('.', '\\.')} of documented responses seen \\(${seen}/${total}\\), below --min-coverage ${above}%; not seen: .*listBooks default.*: the run fails$`,
      ),
    );
    expect(last).toContain('createBook 409');
    const strict = await readJson('strict.json');
    expect(strict.minCoverage).toBe(above);
    expect(strict.coverage!.figures.responses).toEqual(report.coverage!.figures.responses);

    const below = Math.floor(percent);
    const passing = await falconOnFreshApi(['--min-coverage', String(below)]);
    expect(passing.result.code, passing.result.stdout).toBe(0);
    expect(passing.result.stdout.trimEnd().split('\n').at(-1)).toBe(`✓ coverage: ${shown} of documented responses seen, --min-coverage ${below}% met`);

    const usage = await falcon(['test', '--spec', COVERAGE_LIBRARY_SPEC_FILE, '--base-url', 'http://127.0.0.1:9', '--min-coverage', '120']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      "error: option '--min-coverage <percent>' argument '120' is invalid. expected a percentage from 0 to 100 of documented responses seen, for example 80\n",
    );
  }, 120_000);

  it('merges the shards into the coverage of the unsplit run, and judges --min-coverage on the merged figure', async () => {
    for (const index of [1, 2]) {
      const shard = await falconOnFreshApi(['--shard', `${index}/2`, '--report', `shard-${index}.json`]);
      expect(shard.result.code, shard.result.stdout).toBe(0);
      expect(shard.result.stdout).toMatch(SUMMARY);
    }
    const shards = await Promise.all([readJson('shard-1.json'), readJson('shard-2.json')]);
    // Each shard counts its own operations only.
    expect(shards.flatMap((shard) => shard.coverage!.operations.map((operation) => operation.operation)).sort()).toEqual([...OPERATIONS].sort());

    const merged = await falcon(['test', 'merge-reports', 'merged.json', 'shard-2.json', 'shard-1.json']);
    expect(merged.code, merged.stderr).toBe(0);
    const mergedReport = await readJson('merged.json');
    const byName = (operations: OperationCoverage[]) => [...operations].sort((a, b) => a.operation.localeCompare(b.operation));
    expect(byName(mergedReport.coverage!.operations)).toEqual(byName(report.coverage!.operations));
    expect(mergedReport.coverage!.figures).toEqual(report.coverage!.figures);
    expect(summaryFigures(merged.stdout)).toEqual(summaryFigures(whole.result.stdout));

    const above = Math.floor(report.coverage!.figures.responses.percent!) + 1;
    const strict = await falcon(['test', 'merge-reports', '--min-coverage', String(above), 'merged.md', 'shard-1.json', 'shard-2.json']);
    expect(strict.code).toBe(1);
    expect(strict.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`below --min-coverage ${above}%; not seen: .*: the run fails$`));
    expect(await readFile(path.join(sandbox.project, 'merged.md'), 'utf8')).toContain(
      `The run required ${above}% of documented responses seen (--min-coverage)`,
    );
  }, 120_000);

  it('counts only the operations a filtered run tests', async () => {
    const filtered = await falconOnFreshApi(['--include', 'createBook', '--include', 'getBook', '--report', 'filtered.json']);
    expect(filtered.result.code, filtered.result.stdout).toBe(0);
    const coverage = (await readJson('filtered.json')).coverage!;
    expect(coverage.operations.map((operation) => operation.operation)).toEqual(['createBook', 'getBook']);
    const items = coverage.operations.flatMap((operation) => operation.responses);
    expect(coverage.figures.responses).toEqual({
      seen: items.filter((item) => item.seen).length,
      total: 6,
      percent: (items.filter((item) => item.seen).length / 6) * 100,
    });
    expect(summaryFigures(filtered.result.stdout).slice(0, 2)).toEqual([coverage.figures.responses.seen, 6]);
  }, 120_000);

  it('lists undocumented statuses as findings, not coverage, and counts one default stands for', async () => {
    const { result, requests } = await falconOnFreshApi(['--report', 'teapot.json'], { teapot: true });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}status_code_conformance +\d+$/m);
    const teapot = await readJson('teapot.json');
    const [list, , get] = teapot.coverage!.operations;
    // getBook answers 418 instead of 404: 418 is a finding, and 404 is not seen.
    expect(get!.undocumented).toEqual([418]);
    expect(get!.responses.find((item) => item.status === '404')?.seen).toBe(false);
    // listBooks documents default: its 418 for genre=history is seen as default, not undocumented.
    expect(requests.some((request) => request.operation === 'listBooks' && request.status === 418)).toBe(true);
    expect(list!.undocumented).toEqual([]);
    expect(list!.responses.find((item) => item.status === 'default')?.seen).toBe(true);
    const text = await falcon(['test', 'merge-reports', 'teapot.md', 'teapot.json']);
    expect(text.code).toBe(1);
    expect(await readFile(path.join(sandbox.project, 'teapot.md'), 'utf8')).toMatch(/^\| Undocumented statuses \(findings, not counted\) \| `418` \| — \|$/m);
  }, 120_000);
});
