import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../../../src/capabilities/mock/engine/proxy-server.js';
import type { ProxyMismatch } from '../../../../src/capabilities/mock/engine/proxy-report.js';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { loadSpecUnderTest } from '../../../../src/engines/testing/load-test-spec.js';
import { PLANTED_MISMATCHES, PROXIED_NOTES_SPEC_FILE, startProxiedNotesApi, VALID_TRAFFIC } from '../../../apis/proxied-notes-api.js';
import type { SpecServer } from '../../../apis/loopback-server.js';

let spec: FalconSpec;
let api: SpecServer | undefined;

beforeAll(async () => {
  spec = (await loadSpecUnderTest(PROXIED_NOTES_SPEC_FILE, process.cwd(), new AbortController().signal))!.spec;
});

afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Sends `traffic` through a proxy to the API (or its twin); what the client got, what was printed as it happened, and the report. */
async function proxied(conforming: boolean, traffic: typeof VALID_TRAFFIC) {
  api = await startProxiedNotesApi({ conforming });
  const seen: ProxyMismatch[] = [];
  const proxy = await startProxy({ spec, specShown: 'notes.yaml', target: api.url, port: 0, onMismatch: (mismatch) => seen.push(mismatch) });
  const statuses: number[] = [];
  for (const request of traffic) {
    const response = await fetch(`${proxy.url}${request.path}`, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body && { body: request.body }),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return { statuses, seen, report: await proxy.close() };
}

describe('falcon proxy', () => {
  it("reports each planted mismatch of the API, named by falcon test's check, and passes the answers on", async () => {
    const { statuses, seen, report } = await proxied(false, VALID_TRAFFIC);
    expect(statuses).toEqual([200, 201, 200, 202, 500, 200]);
    const found = report.mismatches.map(({ operationId, check }) => ({ operationId, check }));
    expect(found).toEqual(expect.arrayContaining([...PLANTED_MISMATCHES]));
    expect(found).toHaveLength(PLANTED_MISMATCHES.length);
    expect(seen).toEqual(report.mismatches);
    expect(report.mismatches.find((mismatch) => mismatch.check === 'response_schema_conformance')?.message).toContain('$[0].title: must be string, got 42');
    expect(report).toMatchObject({
      format: 'falcon-proxy-report/1',
      exchanges: 6,
      operations: { listNotes: 1, createNote: 1, getNote: 1, deleteNote: 1, getStats: 1, getQuota: 1 },
    });
  });

  it('reports nothing for the conforming twin', async () => {
    const { statuses, report } = await proxied(true, VALID_TRAFFIC);
    expect(statuses).toEqual([200, 201, 200, 204, 200, 200]);
    expect(report.mismatches).toEqual([]);
  });

  it('reports what a client sends that the spec does not document or allow, and still forwards it', async () => {
    const { statuses, report } = await proxied(true, [
      { method: 'GET', path: '/admin' },
      { method: 'PUT', path: '/notes' },
      { method: 'POST', path: '/notes', headers: { 'content-type': 'application/json' }, body: '{"title":"milk"}' },
      { method: 'POST', path: '/notes', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"title":""}' },
      { method: 'GET', path: '/notes/first' },
    ]);
    expect(statuses).toEqual([404, 404, 201, 201, 404]);
    expect(report.mismatches.map(({ check, message }) => `${check}: ${message}`)).toEqual([
      'undocumented_operation: no operation of the spec documents GET /admin',
      'undocumented_operation: PUT is not documented for /notes (documented: GET, POST)',
      'request_conformance: createNote: missing credentials: send bearerAuth (Authorization: Bearer …) (a server would answer 401)',
      'request_conformance: createNote: body.title: must NOT have fewer than 1 characters, got "" (a server would answer 422)',
      'request_conformance: getNote: path noteId: must be integer, got "first" (a server would answer 400)',
      // The API's 404 to a request the spec documents no 404 for is the API's mismatch.
      'status_code_conformance: status 404 is not documented for getNote (documented: 200)',
    ]);
  });

  it('answers 502 and reports it when the target does not answer', async () => {
    api = await startProxiedNotesApi({ conforming: true });
    const target = api.url;
    await api.close();
    api = undefined;
    const proxy = await startProxy({ spec, specShown: 'notes.yaml', target, port: 0 });
    const response = await fetch(`${proxy.url}/notes`);
    expect(response.status).toBe(502);
    expect((await proxy.close()).mismatches.map((mismatch) => mismatch.check)).toEqual(['target_unreachable']);
  });
});
