import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendRequest } from '../../../../src/engines/http/send-request.js';
import { analyzeFailureTool } from '../../../../src/capabilities/code/tools/analyze-failure.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { type TestApi, startTestApi } from '../../../apis/test-api-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const USERS_MODULE = `const users = [{ id: 1, name: 'Ada' }];
const apiKey = 'sk-live0123456789abcdefghij';

export function findUser(id) {
  return users.find((user) => user.id === id);
}

export function describeUser(id) {
  const user = findUser(id);
  return { id: user.id, name: user.name };
}
`;

let project: TempProject;
let ctx: ToolContext;
let server: Server | undefined;
let api: TestApi | undefined;

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await api?.close();
  server = undefined;
  api = undefined;
  await project.remove();
});

/** A real API on loopback that runs the project's own module and answers its errors with their stack. */
async function startProjectApi(): Promise<string> {
  const file = await project.write('src/users.mjs', USERS_MODULE);
  const { describeUser } = (await import(pathToFileURL(file).href)) as { describeUser(id: number): unknown };
  server = createServer((req, res) => {
    try {
      const id = Number(/^\/users\/(\d+)$/.exec(req.url ?? '')?.[1]);
      const body = JSON.stringify(describeUser(id));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      const { message, stack } = error as Error;
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message, stack }));
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function request(url: string, saveAs?: string): Promise<void> {
  const response = await sendRequest({ method: 'GET', url });
  ctx.session.responses.remember({ ...response, request: { method: 'GET', url, headers: {} }, receivedAt: new Date() }, saveAs);
}

describe('analyze_failure', () => {
  it('explains a Node 500 whose body carries the stack, with the project code', async () => {
    const base = await startProjectApi();
    await request(`${base}/users/7`);
    const output = await analyzeFailureTool.run({ expected: '404 for a missing user' }, ctx);

    expect(output.split('\n').slice(0, 5)).toEqual([
      'HTTP 500 Internal Server Error for GET /users/7',
      'Expected: 404 for a missing user',
      "Error: TypeError: Cannot read properties of undefined (reading 'id')",
      expect.stringMatching(/^Trace: node, in the response body; \d+ frames: 1 in the project, \d+ in dependencies or the runtime \(skipped\)/),
      'Likely cause: `user` is undefined where `.id` is read. Usual causes: a lookup that found nothing (answer 404), a missing argument, or an `await` left out.',
    ]);
    expect(output).toContain('In the project, innermost first:\n1. src/users.mjs:10:');
    expect(output).toContain(' in describeUser');
    expect(output).toContain('   > 10    return { id: user.id, name: user.name };');
    expect(output).toContain("      2  const apiKey = '[masked]';");
    expect(output).not.toContain('sk-live');
    // The test's own frames are outside the project: reported, never read.
    expect(output).toMatch(/Not found in the project: .*analyze-failure\.test\.ts/);
  });

  it('says when the body has no trace and points at find_handler with the method and path', async () => {
    api = await startTestApi();
    await request(`${api.url}/nowhere?x=1`);
    const output = await analyzeFailureTool.run({}, ctx);
    expect(output).toBe(
      [
        'HTTP 404 Not Found for GET /nowhere',
        'No stack trace in the response body: {"error":"not found"}',
        'The server does not send its traces here; its console or log may have one (pass it as `error`).',
        'To read the code that serves this request: ACTION: find_handler({"method":"GET","path":"/nowhere"})',
      ].join('\n'),
    );
  });

  it('reports an error message without frames and still points at the handler', async () => {
    api = await startTestApi();
    await request(`${api.url}/boom`, 'boom');
    await request(`${api.url}/users/1`);
    const output = await analyzeFailureTool.run({ response: 'boom' }, ctx);
    expect(output).toContain('Error: TypeError: Cannot read properties of undefined (reading "id")');
    expect(output).toContain('Trace: node error in the response body, without stack frames.');
    expect(output).toContain('ACTION: find_handler({"method":"GET","path":"/boom"})');
  });

  it('analyses error text alone, ignoring a last response that succeeded', async () => {
    api = await startTestApi();
    await request(`${api.url}/users/1`);
    await project.write('app/views.py', 'def show(request, pk):\n    return USERS[pk]\n');
    const error = 'Traceback (most recent call last):\n  File "/code/app/views.py", line 2, in show\n    return USERS[pk]\nKeyError: 9';
    const output = await analyzeFailureTool.run({ error }, ctx);
    expect(output.startsWith('Error: KeyError: 9\nTrace: python, in the error text; 1 frame: 1 in the project')).toBe(true);
    expect(output).toContain('1. app/views.py:2 in show\n     1  def show(request, pk):\n   > 2      return USERS[pk]');
  });

  it('adds the model explanation, labelled, in one call; a failing model leaves the analysis', async () => {
    await project.write('app/views.py', 'x = {}\nx["a"]\n');
    const error = 'Traceback (most recent call last):\n  File "app/views.py", line 2, in <module>\nKeyError: \'a\'';
    const model = new ScriptedModel(['The dict `x` is empty, so `x["a"]` at app/views.py:2 fails; use x.get("a").']);
    const output = await analyzeFailureTool.run({ error }, { ...ctx, model });
    expect(output).toContain(
      '\n\nThe model\'s explanation (script; not checked against the code):\nThe dict `x` is empty, so `x["a"]` at app/views.py:2 fails; use x.get("a").',
    );
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0]?.[1]?.content).toContain('> 2  x["a"]');

    const failing = new ScriptedModel([new Error('model unreachable')]);
    const fallback = await analyzeFailureTool.run({ error }, { ...ctx, model: failing });
    expect(fallback).toContain("Likely cause: The key 'a' is missing");
    expect(fallback.endsWith('(No model explanation: model unreachable)')).toBe(true);
  });

  it('does not ask the model when there is nothing to explain', async () => {
    const model = new ScriptedModel([]);
    const output = await analyzeFailureTool.run({ error: 'it broke' }, { ...ctx, model });
    expect(output).toBe('No stack trace in the error text (looked for Python, Node, Go, Java, Ruby, Rust and .NET traces).');
    expect(model.seen).toHaveLength(0);
  });

  it('says what to do when there is nothing to analyze or the name is unknown', async () => {
    await expect(analyzeFailureTool.run({}, ctx)).rejects.toThrow(/nothing to analyze: no response in this session and no error text/);
    await expect(analyzeFailureTool.run({ response: 'login' }, ctx)).rejects.toThrow(
      'no stored response named "login"; none is stored yet: send the request with http_request first',
    );
    api = await startTestApi();
    await request(`${api.url}/users/1`, 'user');
    await expect(analyzeFailureTool.run({ response: 'login' }, ctx)).rejects.toThrow('stored: last, user');
  });

  it('rejects unknown arguments', () => {
    expect(analyzeFailureTool.schema.safeParse({ trace: 'x' }).success).toBe(false);
    expect(path.isAbsolute(project.root)).toBe(true);
  });
});
