import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { loadSpecUnderTest } from '../../../../src/engines/testing/load-test-spec.js';
import { runCases } from '../../../../src/engines/testing/run/run-cases.js';
import type { SentExchange } from '../../../../src/engines/testing/run/send-case.js';
import { type FuzzNotesServer, FUZZ_NOTES_SPEC_FILE, startFuzzNotesApi } from '../../../apis/fuzz-notes-api.js';

let api: FuzzNotesServer;
beforeAll(async () => {
  api = await startFuzzNotesApi({ build: 'defective' });
});
afterAll(() => api?.close());

describe('runCases: onExchange', () => {
  it('is told of every request the API answered: each case, each probe, each fuzz input and shrinking candidate', async () => {
    const loaded = await loadSpecUnderTest(FUZZ_NOTES_SPEC_FILE, process.cwd(), new AbortController().signal);
    const spec = loaded!.spec;
    const cases = await generateCases(spec, spec.operations, { fuzzBudget: 10 });
    const told: SentExchange[] = [];
    const run = await runCases(cases, { baseUrl: api.url, spec, onExchange: (exchange) => told.push(exchange) });

    const received = Object.values(api.requests()).reduce((sum, count) => sum + count, 0);
    expect(told).toHaveLength(received);
    // Fuzz cases send many inputs for one result: the results alone would miss most of them.
    const answered = run.results.filter((result) => result.response).length;
    expect(told.length).toBeGreaterThan(answered);
    const fuzzInputs = told.filter((exchange) => exchange.case.kind === 'fuzz');
    expect(fuzzInputs.length).toBeGreaterThan(run.results.filter((result) => result.case.kind === 'fuzz').length);
    // The defective build breaks on some input, and shrinking sends more of them: every one is told, with its status.
    expect(run.results.some((result) => result.fuzz && result.fuzz.shrinkRequests > 0)).toBe(true);
    expect(fuzzInputs.some((exchange) => exchange.status === 500)).toBe(true);
    for (const exchange of told) {
      expect(exchange.case.operationId).toBeDefined();
      expect(exchange.request.url.origin).toBe(new URL(api.url).origin);
    }
  });
});
