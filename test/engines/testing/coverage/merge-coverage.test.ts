import { describe, expect, it } from 'vitest';
import { coverageFigures, coverageSummary, formatPercent } from '../../../../src/engines/testing/coverage/coverage-figures.js';
import { CoverageRecorder } from '../../../../src/engines/testing/coverage/coverage-recorder.js';
import { mergeCoverage } from '../../../../src/engines/testing/coverage/merge-coverage.js';
import type { RunCoverage } from '../../../../src/engines/testing/coverage/run-coverage.js';
import type { SentExchange } from '../../../../src/engines/testing/run/send-case.js';
import { operation, sent, specWith } from './coverage-fixtures.js';

const list = operation('listBooks', 'GET', '/books', {
  parameters: [{ name: 'genre', in: 'query', required: false, schema: { enum: ['fiction', 'science'] } }],
  responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
});
const create = operation('createBook', 'POST', '/books', {
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { title: {}, author: {} } } } } },
  responses: { '201': { description: 'made' }, '4XX': { description: 'refused' } },
});
const get = operation('getBook', 'GET', '/books/{bookId}', { responses: { '200': { description: 'ok' }, '404': { description: 'gone' } } });
const spec = specWith([list, create, get]);

async function exchanges(): Promise<SentExchange[]> {
  return [
    await sent('listBooks', { method: 'GET', path: '/books', query: { genre: 'fiction' } }, 200),
    await sent('listBooks', { method: 'GET', path: '/books' }, 200),
    await sent('createBook', { method: 'POST', path: '/books', body: { title: 't' } }, 201),
    // A chain's later step: create, then read what it made.
    await sent('getBook', { method: 'GET', path: '/books/7' }, 200),
    await sent('createBook', { method: 'POST', path: '/books', body: { author: 1 } }, 422),
    await sent('getBook', { method: 'GET', path: '/books/0' }, 404),
  ];
}

/** One run over the operations given, seeing the exchanges of `which` (by index). */
async function runOf(scope: (typeof list)[], which: number[]): Promise<RunCoverage> {
  const recorder = new CoverageRecorder(spec, scope);
  const all = await exchanges();
  for (const index of which) recorder.record(all[index]!);
  return recorder.coverage();
}

describe('mergeCoverage', () => {
  it('makes the shards of a split run one coverage equal to the unsplit run, a chain reaching another shard included', async () => {
    const whole = await runOf([list, create, get], [0, 1, 2, 3, 4, 5]);
    // Shard 1 has listBooks and createBook, whose chain read getBook (200); shard 2 has getBook alone, which only saw 404.
    const first = await runOf([list, create], [0, 1, 2, 3, 4]);
    const second = await runOf([get], [5]);
    expect(first.reached?.map((entry) => entry.operation)).toEqual(['getBook']);
    expect(coverageFigures(second.operations).responses).toEqual({ seen: 1, total: 2 });

    const merged = mergeCoverage([first, second]);
    expect(merged).toEqual(whole);
    expect(coverageFigures(merged.operations)).toEqual({
      responses: { seen: 5, total: 6 },
      parameters: { seen: 3, total: 4 },
      bodyProperties: { seen: 2, total: 2 },
    });
    expect(merged.reached).toBeUndefined();
  });

  it('sees an item when any run saw it, keeps what no run counted apart, and leaves its inputs alone', async () => {
    const onlyList = await runOf([list], [0]);
    const listAgain = await runOf([list], [1, 3]);
    const before = JSON.stringify(onlyList);
    const merged = mergeCoverage([onlyList, listAgain]);
    expect(JSON.stringify(onlyList)).toBe(before);
    expect(merged.operations.map((entry) => entry.operation)).toEqual(['listBooks']);
    expect(merged.operations[0]!.parameters.map((item) => item.seen)).toEqual([true, true, true, false]);
    expect(merged.reached?.map((entry) => [entry.operation, entry.responses.map((response) => response.seen)])).toEqual([['getBook', [true, false]]]);
    expect(mergeCoverage([listAgain, onlyList]).operations[0]!.parameters).toEqual(merged.operations[0]!.parameters);
  });

  it('joins the undocumented statuses of every run, each once, in order', () => {
    const withStatuses = (undocumented: number[]): RunCoverage => ({
      operations: [{ operation: 'x', method: 'GET', path: '/x', responses: [], undocumented, parameters: [], bodyProperties: [] }],
    });
    expect(mergeCoverage([withStatuses([500, 418]), withStatuses([302, 500])]).operations[0]!.undocumented).toEqual([302, 418, 500]);
  });
});

describe('coverage figures', () => {
  it('adds up the operations in scope only, and writes the summary line', async () => {
    const coverage = await runOf([list, create], [0, 2, 3]);
    expect(coverageFigures(coverage.operations)).toEqual({
      responses: { seen: 2, total: 4 },
      parameters: { seen: 2, total: 4 },
      bodyProperties: { seen: 1, total: 2 },
    });
    expect(coverageSummary(coverage)).toBe('2/4 documented responses (50%), 2/4 parameters, 1/2 body properties');
    expect(coverageSummary({ operations: [] })).toBe('0/0 documented responses, 0/0 parameters, 0/0 body properties');
  });

  it('rounds a share down to a tenth, so that it never reads as reaching what it misses', () => {
    expect(formatPercent((34 / 41) * 100)).toBe('82.9%');
    expect(formatPercent((2 / 3) * 100)).toBe('66.6%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
  });
});
