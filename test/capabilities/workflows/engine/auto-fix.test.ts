import { readFile, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AutoFixInput, type ProposedChange, autoFix } from '../../../../src/capabilities/workflows/engine/auto-fix.js';
import { requestCase } from '../../../../src/capabilities/workflows/engine/request-case.js';
import { suiteCase } from '../../../../src/capabilities/workflows/engine/suite-case.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { USERS_API_FIXTURE, type UsersApi, startUsersApi } from '../../../apis/users-api.js';

const FIND = 'candidate.id === req.params.id';
const RIGHT = { old_string: FIND, new_string: 'candidate.id === Number(req.params.id)', explanation: 'Compares the id from the path as a number.' };
const WRONG = {
  old_string: 'res.json(200, { id: user.id, name: user.name });',
  new_string: 'res.json(200, { id: user?.id, name: user?.name });',
  explanation: 'Guards against a missing user.',
};
const reply = (edit: object) => `\`\`\`json\n${JSON.stringify(edit)}\n\`\`\``;

let root: string;
let api: UsersApi;
let original: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-auto-fix-')));
  api = await startUsersApi(root);
  original = await readFile(path.join(USERS_API_FIXTURE, 'routes.js'), 'utf8');
});
afterEach(async () => {
  await api.stop();
  await rm(root, { recursive: true, force: true });
});

const routesNow = () => readFile(path.join(root, 'routes.js'), 'utf8');

function fixInput(model: ScriptedModel, answers: boolean[], more: Partial<AutoFixInput> = {}): AutoFixInput & { asked: ProposedChange[]; stages: string[] } {
  const asked: ProposedChange[] = [];
  const stages: string[] = [];
  const variables = new VariableScope(root, {});
  return {
    projectRoot: root,
    failing: requestCase({
      request: { method: 'GET', url: `${api.url}/users/1` },
      expectations: { statusCode: 200, bodyContains: ['Ada Lovelace'] },
      variables,
    }),
    model,
    approve: async (change) => {
      asked.push(change);
      return answers.shift() ?? false;
    },
    mask: (text) => text,
    progress: (message) => stages.push(message),
    signal: new AbortController().signal,
    asked,
    stages,
    ...more,
  };
}

describe('autoFix', () => {
  it('undoes a change after which the case still fails, and keeps the one that makes it pass', async () => {
    const model = new ScriptedModel([reply(WRONG), reply(RIGHT)]);
    const input = fixInput(model, [true, true]);
    const result = await autoFix(input);

    expect(result.status).toBe('fixed');
    expect(result.first).toMatchObject({ passed: false, response: { status: 500 } });
    expect(result.last).toMatchObject({ passed: true, response: { status: 200 } });
    expect(result.target).toBe('routes.js');
    expect(result.attempts.map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([
      [1, 'still-failing'],
      [2, 'passed'],
    ]);
    expect(result.attempts[0]!.verdict?.failures).toEqual(['body: expected contains "Ada Lovelace", actual not found in the body (2 chars): "{}"']);
    expect(await routesNow()).toBe(original.replace(FIND, RIGHT.new_string));

    // Each change was asked about against the file as it was: the first was undone before the second.
    expect(input.asked.map((change) => change.before)).toEqual([original, original]);
    expect(input.asked[1]!.after).toBe(original.replace(FIND, RIGHT.new_string));

    // The model read the failure, where the code failed, and why the first change was not enough.
    const first = model.seen[0]![1]!.content;
    expect(first).toContain('The case GET /users/1 fails.\nExpected: status 200; body contains "Ada Lovelace"\nGot: HTTP 500 Internal Server Error');
    expect(first).toContain("Error: TypeError: Cannot read properties of undefined (reading 'id') at routes.js:16");
    expect(first).toContain('The handler of GET /users/:id is at routes.js:14.');
    const second = model.seen[1]![1]!.content;
    expect(second).toContain('1. Guards against a missing user.\nreplaced:\n' + WRONG.old_string);
    expect(second).toContain(
      '   then: Got: HTTP 200 OK; body: {} Failed: body: expected contains "Ada Lovelace", actual not found in the body (2 chars): "{}"',
    );

    expect(input.stages).toEqual([
      'running GET /users/1',
      'analysing the failure',
      'finding the handler of GET /users/1',
      'attempt 1/3: asking script for a fix of routes.js',
      'attempt 1/3: running GET /users/1 again',
      'attempt 2/3: asking script for a fix of routes.js',
      'attempt 2/3: running GET /users/1 again',
    ]);
  });

  it('stops at a no and leaves the file as it was', async () => {
    const model = new ScriptedModel([reply(RIGHT), reply(RIGHT)]);
    const result = await autoFix(fixInput(model, [false]));
    expect(result.status).toBe('declined');
    expect(result.attempts).toMatchObject([{ attempt: 1, outcome: 'declined', path: 'routes.js' }]);
    expect(model.seen).toHaveLength(1);
    expect(await routesNow()).toBe(original);
  });

  it('gives up after max_attempts with every change undone', async () => {
    const model = new ScriptedModel([
      reply(WRONG),
      reply({ old_string: 'not in the file', new_string: 'x' }),
      reply({ old_string: 'still not', new_string: 'x' }),
    ]);
    const result = await autoFix(fixInput(model, [true, true], { maxAttempts: 2 }));
    expect(result.status).toBe('not-fixed');
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['still-failing', 'no-proposal']);
    expect(result.attempts[1]!.problem).toMatch(/^the model's change does not apply to routes\.js: .* \(after 2 attempts\)$/);
    expect(await routesNow()).toBe(original);
  });

  it('changes nothing when the case already passes, or when the API does not answer', async () => {
    const model = new ScriptedModel([]);
    const variables = new VariableScope(root, {});
    const passing = requestCase({ request: { method: 'GET', url: `${api.url}/users` }, variables });
    expect(await autoFix({ ...fixInput(model, []), failing: passing })).toMatchObject({ status: 'already-passing', attempts: [] });
    await api.stop();
    const result = await autoFix(fixInput(model, []));
    expect(result.status).toBe('unreachable');
    expect(result.first.failures[0]).toMatch(/connection refused/);
    expect(model.seen).toHaveLength(0);
  });

  it('works on a saved suite case, judged by its expected status', async () => {
    const variables = new VariableScope(root, {});
    const testCase = {
      id: 'users/read-one',
      name: 'user 1 is found',
      kind: 'custom' as const,
      tags: [],
      request: { method: 'GET', path: '/users/{id}', pathParams: { id: 1 } },
      expectStatus: [200],
    };
    const failing = suiteCase({ testCase, suiteCases: [testCase], baseUrl: api.url, variables });
    expect(failing).toMatchObject({ label: 'user 1 is found [users/read-one]', method: 'GET', path: '/users/1', expected: 'status 200' });
    const result = await autoFix({ ...fixInput(new ScriptedModel([reply(RIGHT)]), [true]), failing });
    expect(result.status).toBe('fixed');
    expect(result.first.failures.map((failure) => failure.split(':')[0])).toEqual(['not_a_server_error', 'expected_status']);
  });
});
