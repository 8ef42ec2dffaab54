import { afterEach, describe, expect, it } from 'vitest';
import type { Strategy } from '../../../src/engines/testing/generate/strategies.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { NOTES_API_KEY, startKeyedNotesApi } from '../../apis/keyed-notes-api.js';
import { distinctFindings, testServer } from './spec-run.js';

// Fuzzing has its own tests; these are about what the other strategies' answers prove.
const STRATEGIES: Strategy[] = ['happy', 'negative', 'boundary', 'stateful'];
const WITH_KEY = { 'X-API-Key': NOTES_API_KEY };

let server: SpecServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * The run's warnings against the planted false greens of the keyed notes API (see
 * test/apis/keyed-notes-api.ts), through the engine: every check passes, yet no case reaches
 * the operation. test/e2e/test-command-warnings.test.ts shows the same through the binary.
 */
describe('run warnings against the keyed notes API', () => {
  it('with the key every operation is reached: no finding and no warning', async () => {
    server = await startKeyedNotesApi();
    const { run } = await testServer(server, { headers: WITH_KEY, strategies: STRATEGIES });
    expect(distinctFindings(run.results)).toEqual([]);
    expect(run.warnings).toBeUndefined();
  });

  it('without the key every case passes, and missing_auth names the scheme, the header and how to pass it on each operation', async () => {
    server = await startKeyedNotesApi();
    const { run } = await testServer(server, { strategies: STRATEGIES });
    expect(distinctFindings(run.results)).toEqual([]);
    expect(run.warnings?.map((warning) => `${warning.kind} ${warning.operation}`)).toEqual([
      'missing_auth listNotes',
      'missing_auth createNote',
      'missing_auth getNote',
      'missing_auth deleteNote',
      'missing_auth renameNote',
    ]);
    const getNote = run.warnings!.find((warning) => warning.operation === 'getNote')!;
    expect(getNote.message).toBe(
      "getNote (GET /notes/{noteId}) needs credentials the run did not send: the spec's security scheme ApiKeyAuth (an API key in header X-API-Key)",
    );
    expect(getNote.evidence).toMatch(/^all \d+ answered cases got 401 or 403$/);
    expect(getNote.advice).toContain('-H "X-API-Key: {{API_KEY}}"');
    expect(getNote.advice).toContain('.falcon/environments/<env>.yaml');
    expect(getNote.advice).toContain('-H "X-API-Key: {{env:API_KEY}}"');
  });

  it('a key the API refuses is named as refused, not as missing', async () => {
    server = await startKeyedNotesApi();
    const { run } = await testServer(server, { headers: { 'X-API-Key': 'not-the-key' }, strategies: ['happy'], filter: { include: ['getNote'] } });
    expect(run.warnings).toEqual([
      expect.objectContaining({
        kind: 'missing_auth',
        operation: 'getNote',
        message:
          'getNote (GET /notes/{noteId}) refused the credentials the run sent for ApiKeyAuth (an API key in header X-API-Key): no case reached its logic',
      }),
    ]);
  });

  it('with no seeded data, missing_test_data names the path parameter and the ids sent', async () => {
    server = await startKeyedNotesApi({ seeded: false });
    // No case creates a note (createNote is left out: its answers would give the others ids), so
    // every id the cases send names nothing. renameNote's cases with an invalid body are refused
    // (400) before the id is looked up: they reached its validation.
    const { run } = await testServer(server, { headers: WITH_KEY, strategies: ['happy', 'negative', 'boundary'], filter: { exclude: ['createNote'] } });
    expect(distinctFindings(run.results)).toEqual([]);
    expect(run.warnings?.map((warning) => `${warning.kind} ${warning.operation}`)).toEqual(['missing_test_data getNote', 'missing_test_data deleteNote']);
    const getNote = run.warnings![0]!;
    expect(getNote.message).toBe('getNote (GET /notes/{noteId}) found nothing for most cases: the noteId they sent names no record on the server');
    expect(getNote.evidence).toMatch(/^all \d+ answered cases got 404; sent noteId 1$/);
    expect(getNote.advice).toBe(
      'seed the data before the run (a record with noteId 1), give ids the server has with --seed-data FILE, or give noteId an example in the spec that the server has',
    );
  });

  it('when chains create the data they read, the reads reached the logic: no missing_test_data', async () => {
    server = await startKeyedNotesApi({ seeded: false });
    const { run } = await testServer(server, { headers: WITH_KEY, strategies: STRATEGIES });
    expect(run.warnings ?? []).not.toContainEqual(expect.objectContaining({ operation: 'getNote' }));
  });

  it('an operation the server answers 405 to every time gets method_not_allowed', async () => {
    server = await startKeyedNotesApi({ rename: false });
    const { run } = await testServer(server, { headers: WITH_KEY, strategies: STRATEGIES });
    expect(run.warnings).toEqual([
      {
        kind: 'method_not_allowed',
        operation: 'renameNote',
        message: 'renameNote (PATCH /notes/{noteId}) answered 405 Method Not Allowed to every case: the server does not take PATCH on /notes/{noteId}',
        evidence: expect.stringMatching(/^all \d+ answered cases got 405$/),
        advice:
          "the spec and the server disagree: check the method and path in the spec against the server's routes, and the base URL if the route is mounted elsewhere",
      },
    ]);
  });
});
