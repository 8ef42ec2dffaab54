import { describe, expect, it } from 'vitest';
import { coverageShortfall } from '../../../../src/engines/testing/coverage/min-coverage.js';
import type { OperationCoverage, RunCoverage } from '../../../../src/engines/testing/coverage/run-coverage.js';

function withResponses(operation: string, statuses: Record<string, boolean>): OperationCoverage {
  return {
    operation,
    method: 'GET',
    path: `/${operation}`,
    responses: Object.entries(statuses).map(([status, seen]) => ({ status, seen })),
    undocumented: [],
    parameters: [{ name: 'q', in: 'query', item: 'absent', seen: false }],
    bodyProperties: [],
  };
}

describe('coverageShortfall', () => {
  const coverage: RunCoverage = {
    operations: [
      withResponses('listBooks', { '200': true, '400': false, default: false }),
      withResponses('getBook', { '200': true, '404': true, '4XX': false }),
    ],
    reached: [withResponses('deleteBook', { '204': false, '404': false })],
  };

  it('is nothing at or under the share of documented responses seen, whatever the parameters and the operations beyond scope', () => {
    expect(coverageShortfall(coverage, 50)).toBeUndefined();
    expect(coverageShortfall(coverage, 0)).toBeUndefined();
  });

  it('says the share, the counts, the minimum and the responses not seen when above it', () => {
    expect(coverageShortfall(coverage, 50.1)).toBe(
      '50% of documented responses seen (3/6), below --min-coverage 50.1%; not seen: listBooks 400, listBooks default, getBook 4XX',
    );
    const many: RunCoverage = {
      operations: [withResponses('a', { '200': false, '201': false, '202': false, '203': false, '204': false, '205': false, '206': true })],
    };
    expect(coverageShortfall(many, 100)).toBe(
      '14.2% of documented responses seen (1/7), below --min-coverage 100%; not seen: a 200, a 201, a 202, a 203, a 204, … (6 in all, listed in the report)',
    );
  });

  it('fails a run that measured no coverage, or whose operations document no response', () => {
    expect(coverageShortfall(undefined, 10)).toBe("--min-coverage 10%: the run measured no coverage (only falcon test of a spec's operations does)");
    expect(coverageShortfall({ operations: [withResponses('ping', {})] }, 0)).toBe(
      '--min-coverage 0%: the operations tested document no responses, so none could be seen',
    );
  });
});
