import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeEndpoint } from '../../../../src/capabilities/workflows/engine/analyze-endpoint.js';
import { describeEndpoint } from '../../../../src/capabilities/workflows/engine/describe-endpoint.js';
import { summarizeRisks } from '../../../../src/capabilities/workflows/engine/summarize-risks.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { type UsersApi, startUsersApi } from '../../../apis/users-api.js';

let root: string;
let api: UsersApi;
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-analyze-')));
  api = await startUsersApi(root);
});
afterAll(async () => {
  await api.stop();
  await rm(root, { recursive: true, force: true });
});

const analyze = (method: string, endpoint: string, probe = true) =>
  analyzeEndpoint({
    projectRoot: root,
    method,
    path: endpoint,
    probe: probe ? { url: `${api.url}${endpoint.replace(':id', '1')}`, variables: new VariableScope(root, {}) } : undefined,
    signal: new AbortController().signal,
  });

describe('analyzeEndpoint', () => {
  it('finds the handler, its path parameter, and reads the 500 the probe gets back to the line that throws', async () => {
    const analysis = await analyze('GET', '/users/1');
    expect(analysis.handler?.code).toMatchObject({ file: 'routes.js', line: 14 });
    expect(analysis.parameters).toEqual([{ name: 'id', in: 'path', seenIn: 'route', required: true }]);
    expect(analysis.probe?.response?.status).toBe(500);
    expect(analysis.failure?.projectFrames[0]).toMatchObject({ path: 'routes.js', frame: { line: 16 } });
    expect(analysis.risks.map((risk) => risk.risk)).toEqual([
      'the probe made it fail (HTTP 500)',
      'its error responses show a stack trace to any caller',
      'its inputs are used without visible validation',
      'an unknown id has no not-found answer',
    ]);
    expect(analysis.risks[0]!.evidence).toBe("TypeError: Cannot read properties of undefined (reading 'id') at routes.js:16");

    const text = describeEndpoint(analysis);
    expect(text).toContain('GET /users/1 → route GET /users/:id');
    expect(text).toContain('Handler: routes.js:14 (inline function)');
    expect(text).toContain('15      const user = users.find((candidate) => candidate.id === req.params.id);');
    expect(text).toMatch(
      /Probe: GET http:\/\/127\.0\.0\.1:\d+\/users\/1 → HTTP 500 Internal Server Error in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), application\/json/,
    );
    expect(text).toContain("  error: TypeError: Cannot read properties of undefined (reading 'id') at routes.js:16");
    expect(text).toContain('Auth: none seen in the route or the handler');
  });

  it('sees the auth middleware on the route, the body field and its check; the probe without a token is refused', async () => {
    const analysis = await analyze('POST', '/users');
    expect(analysis.handler?.route).toMatchObject({ method: 'POST', path: '/users', file: 'routes.js', line: 19 });
    expect(analysis.parameters).toEqual([{ name: 'name', in: 'body', seenIn: 'routes.js:20' }]);
    expect(analysis.signals.auth.map((line) => line.line)).toEqual([19]);
    expect(analysis.signals.validation.map((line) => line.line)).toEqual([21]);
    expect(analysis.probe).toMatchObject({ method: 'POST', bodyNote: 'sent with an empty JSON object as its body', response: { status: 401 } });
    expect(analysis.failure).toBeUndefined();
    expect(analysis.risks).toEqual([]);
    expect(describeEndpoint(analysis)).toContain("Auth: routes.js:19: app.post('/users', requireToken, (req, res) => {");
  });

  it('works from the code alone when no probe is sent, and says what a missing route is near', async () => {
    const analysis = await analyze('DELETE', '/users/:id', false);
    expect(analysis.probe).toBeUndefined();
    expect(analysis.handler).toBeUndefined();
    const text = describeEndpoint(analysis);
    expect(text).toContain("DELETE /users/:id: no route in the project's code serves it (3 routes read).");
    expect(text).toContain('The path is served for other methods:\n  GET /users/:id — routes.js:14');
    expect(text).toContain('Probe: none sent.');
  });

  it('gives a model the facts and returns its reading', async () => {
    const analysis = await analyze('GET', '/users/1');
    const model = new ScriptedModel(['- routes.js:15 compares the string id with numbers: convert it with Number().']);
    const summary = await summarizeRisks(model, describeEndpoint(analysis), new AbortController().signal);
    expect(summary).toBe('- routes.js:15 compares the string id with numbers: convert it with Number().');
    expect(model.seen[0]![1]!.content).toContain('candidate.id === req.params.id');
  });
});
