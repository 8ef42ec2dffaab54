import { afterEach, describe, expect, it } from 'vitest';
import { convertSpec } from '../../../src/engines/spec/convert-spec.js';
import { createResponseChecker } from '../../../src/engines/testing/checks/check-response.js';
import { describeFuzzValue } from '../../../src/engines/testing/fuzz/describe-input.js';
import { runFuzzCase } from '../../../src/engines/testing/fuzz/run-fuzz-case.js';
import { generateCases } from '../../../src/engines/testing/generate/generate-cases.js';
import { curlCommand } from '../../../src/engines/testing/report/curl-command.js';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import { type FuzzNotesOptions, type FuzzNotesServer, FUZZ_NOTES_SPEC_FILE, TITLE_LIMIT, startFuzzNotesApi } from '../../apis/fuzz-notes-api.js';
import { SPEC_FIXTURES } from '../../engines/spec/spec-project.js';
import { testServer } from './spec-run.js';

const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * Fuzzing against a planted defect: createNote's title has no maxLength, and the defective build
 * breaks (500) on a title with a character outside ASCII or longer than TITLE_LIMIT, where its
 * conforming twin answers 201 or 400 as the spec says.
 */
describe('fuzzing the notes API', () => {
  const servers: FuzzNotesServer[] = [];
  const start = async (options: FuzzNotesOptions) => {
    const server = await startFuzzNotesApi(options);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const fuzzed = (tested: SpecTestResult, operationId: string) =>
    tested.run.results.find((result) => result.case.kind === 'fuzz' && result.case.operationId === operationId)!;
  const titleOf = (result: CaseResult) => (result.case.request.body as { title: string }).title;

  it('finds the crash and reports the input shrunk to a title of a character or two, with its curl line', async () => {
    const server = await start({ build: 'defective' });
    const tested = await testServer(server, { strategies: ['fuzz'], seed: 7 });
    const note = fuzzed(tested, 'createNote');
    expect(note.outcome).toBe('failed');
    expect(note.findings.map((finding) => finding.kind).sort()).toEqual(['not_a_server_error', 'status_code_conformance']);
    const title = titleOf(note);
    expect(title).toMatch(NOT_ASCII);
    expect(title.length).toBeLessThanOrEqual(3);
    // Shrinking dropped every optional field: what is left is what breaks it.
    expect(note.case.request.body).toEqual({ title });
    expect(note.case).toMatchObject({
      id: 'createNote/fuzz/inputs',
      kind: 'fuzz',
      operationId: 'createNote',
      request: { method: 'POST', path: '/notes', contentType: 'application/json' },
    });
    expect(note.case.fuzz).toBeUndefined();
    expect(note.case.expectRejection).toBeUndefined();
    expect(note.fuzz!.shrinkSteps).toBeGreaterThan(0);
    expect(note.fuzz!.budget).toBe(20);
    expect(note.fuzz!.shrinkCut).toBeUndefined();
    expect(note.case.name).toBe(`POST /notes with a fuzzed input, minimal after ${note.fuzz!.shrinkSteps} shrink steps: body ${describeFuzzValue({ title })}`);
    expect(note.case.mutation).toMatch(
      new RegExp(
        `^input ${note.fuzz!.inputs} of 20 \\(seed ${note.fuzz!.seed}\\) failed; ${note.fuzz!.shrinkSteps} shrink steps \\(${note.fuzz!.shrinkRequests} requests\\) made it: body \\{"title":`,
      ),
    );
    // What was recorded is the minimal request, and its curl line sends it again.
    expect(JSON.parse(note.request!.body!)).toEqual({ title });
    expect(note.response!.status).toBe(500);
    expect(curlCommand(note.request!)).toContain(`-X POST '${server.url}/notes'`);
    expect(curlCommand(note.request!)).toContain(`--data-raw '${JSON.stringify({ title })}'`);
    // Each input and each shrink candidate was one request.
    expect(server.requests()['POST /notes']).toBe(note.fuzz!.inputs + note.fuzz!.shrinkRequests);
    expect(fuzzed(tested, 'listNotes')).toMatchObject({ outcome: 'passed', fuzz: { inputs: 20, shrinkSteps: 0, shrinkRequests: 0 } });
    expect(tested.run.results.filter((result) => result.case.operationId === 'getNote' && result.case.kind === 'fuzz')).toEqual([]);
  });

  it('passes the conforming twin: every input inside the schema accepted, every one outside refused, nothing broken', async () => {
    const server = await start({ build: 'conforming' });
    for (const seed of [1, 7, 42]) {
      const tested = await testServer(server, { strategies: ['fuzz'], seed });
      expect(
        tested.run.results
          .filter((result) => result.outcome !== 'passed')
          .map((result) => `${result.case.id}: ${result.case.mutation} → ${result.findings.map((finding) => finding.message).join('; ')}`),
      ).toEqual([]);
      expect(fuzzed(tested, 'createNote').fuzz).toMatchObject({ budget: 20, inputs: 20, shrinkSteps: 0 });
    }
    const all = await testServer(server, { seed: 7 });
    expect(all.run.results.filter((result) => result.outcome !== 'passed').map((result) => result.case.id)).toEqual([]);
    expect(all.run.results.filter((result) => result.case.kind === 'fuzz').map((result) => result.case.id)).toEqual([
      'listNotes/fuzz/inputs',
      'createNote/fuzz/inputs',
    ]);
  });

  it('replays exactly with the same seed: the same inputs, the same minimal counterexample', async () => {
    const first = fuzzed(await testServer(await start({ build: 'defective' }), { strategies: ['fuzz'], seed: 7 }), 'createNote');
    const again = fuzzed(await testServer(await start({ build: 'defective' }), { strategies: ['fuzz'], seed: 7 }), 'createNote');
    expect(again.case).toEqual(first.case);
    expect(again.fuzz).toEqual(first.fuzz);
    expect(again.request!.body).toBe(first.request!.body);
  });

  it('with other seeds, finds it by other paths, each input still minimal', { timeout: 120_000 }, async () => {
    const found = new Map<string, CaseResult>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const note = fuzzed(await testServer(await start({ build: 'defective' }), { strategies: ['fuzz'], seed }), 'createNote');
      expect(note.outcome, `seed ${seed}`).toBe('failed');
      const title = titleOf(note);
      const minimal = (NOT_ASCII.test(title) && title.length <= 3) || (!NOT_ASCII.test(title) && title.length === TITLE_LIMIT + 1);
      expect(minimal, `seed ${seed}: ${JSON.stringify(title).slice(0, 80)}`).toBe(true);
      expect(note.case.request.body).toEqual({ title });
      found.set(JSON.stringify(note.fuzz), note);
    }
    expect(found.size).toBe(5);
  });

  it('shrinks a title too long for the handler to one character past its limit', async () => {
    const server = await start({ build: 'long-titles' });
    const note = fuzzed(await testServer(server, { strategies: ['fuzz'], seed: 7 }), 'createNote');
    expect(note.outcome).toBe('failed');
    expect(note.case.request.body).toEqual({ title: titleOf(note) });
    expect(titleOf(note).length).toBe(TITLE_LIMIT + 1);
    expect(note.case.mutation).toMatch(/made it: body \{"title":".*"… \(301 characters\)\}$/);
  });

  it('sends no more inputs than --max-cases says', async () => {
    const twin = await start({ build: 'conforming' });
    const tested = await testServer(twin, { strategies: ['fuzz'], seed: 7, fuzzBudget: 5 });
    expect(twin.requests()['POST /notes']).toBe(5);
    expect(twin.requests()['GET /notes']).toBe(5);
    expect(fuzzed(tested, 'createNote')).toMatchObject({ case: { name: 'POST /notes with 5 fuzzed inputs' }, fuzz: { budget: 5, inputs: 5 } });
    const defect = await start({ build: 'defective' });
    const note = fuzzed(await testServer(defect, { strategies: ['fuzz'], seed: 7, fuzzBudget: 3 }), 'createNote');
    expect(note.fuzz!.inputs).toBeLessThanOrEqual(3);
    expect(defect.requests()['POST /notes']).toBe(note.fuzz!.inputs + note.fuzz!.shrinkRequests);
  });

  it('sends the run headers with every input, and runs one fuzz case per worker', async () => {
    const server = await start({ build: 'defective', apiKey: 'k-fuzz-123', delayMs: 5 });
    const tested = await testServer(server, { strategies: ['fuzz'], seed: 7, headers: { 'X-Api-Key': 'k-fuzz-123' }, concurrency: 2 });
    const note = fuzzed(tested, 'createNote');
    expect(note.findings.map((finding) => finding.kind)).toContain('not_a_server_error');
    expect(note.request!.headers['x-api-key']).toBeDefined();
    expect(server.maxInFlight()).toBe(2);
    const one = await start({ build: 'conforming', delayMs: 5 });
    await testServer(one, { strategies: ['fuzz'], seed: 7, concurrency: 1 });
    expect(one.maxInFlight()).toBe(1);
  });

  it('stops soon when the run is cancelled mid-fuzz', async () => {
    const controller = new AbortController();
    // Cancelled while the second input is being answered.
    const server = await start({ build: 'conforming', delayMs: 100, onRequest: (key, count) => key === 'GET /notes' && count === 2 && controller.abort() });
    const tested = await testServer(server, { strategies: ['fuzz'], seed: 7, signal: controller.signal });
    // One worker: listNotes was being fuzzed, createNote had not started.
    const list = fuzzed(tested, 'listNotes');
    expect(list).toMatchObject({ outcome: 'skipped', skipReason: 'cancelled' });
    expect(list.fuzz!.inputs).toBeLessThan(4);
    expect(fuzzed(tested, 'createNote')).toMatchObject({ outcome: 'skipped', skipReason: 'cancelled' });
    expect(server.requests()['GET /notes']).toBe(list.fuzz!.inputs);
    expect(server.requests()['POST /notes']).toBeUndefined();
  });

  describe('shrinking limits', () => {
    const fuzzCreateNote = async (server: FuzzNotesServer, shrinkLimits: { requests?: number; timeMs?: number }) => {
      const spec = await convertSpec(FUZZ_NOTES_SPEC_FILE, SPEC_FIXTURES, new AbortController().signal);
      const [testCase] = (await generateCases(spec, spec.operations, { strategies: ['fuzz'], seed: 7 })).filter(
        (candidate) => candidate.operationId === 'createNote',
      );
      return runFuzzCase(testCase!, createResponseChecker({ spec }), { baseUrl: server.url, spec, shrinkLimits });
    };

    it('stops shrinking at its request limit and says so, the input found so far still failing', async () => {
      const server = await start({ build: 'defective' });
      const note = await fuzzCreateNote(server, { requests: 2 });
      expect(note.outcome).toBe('failed');
      expect(note.fuzz).toMatchObject({ shrinkRequests: 2, shrinkCut: 'request-limit' });
      expect(note.findings.map((finding) => finding.kind)).toContain('not_a_server_error');
      expect(note.case.mutation).toContain('cut short (request limit)');
    });

    it('stops shrinking at its time limit against a slow API', async () => {
      const server = await start({ build: 'defective', delayMs: 60 });
      const note = await fuzzCreateNote(server, { timeMs: 150 });
      expect(note.fuzz).toMatchObject({ shrinkCut: 'time-limit' });
      // Each request takes at least 60 ms: no more than three fit in 150 ms (a busy machine fits fewer).
      expect(note.fuzz!.shrinkRequests).toBeLessThanOrEqual(3);
    });
  });
});
