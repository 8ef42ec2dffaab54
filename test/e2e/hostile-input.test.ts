import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Hostile input through the built binary: a model that calls with arguments nested 10,000 deep or
// through symlinks out of the project, and an API answering JSON nested 10,000 deep. The run goes
// on to its answer and what the model is sent next names the problem, never the secret.

const DEPTH = 10_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const SECRET = 'the-outside-secret-4242';

let models: FakeModelServer;
let api: Server;
let apiUrl: string;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"tree": ${deepArray}}`);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await models.close();
  await new Promise((resolve) => api.close(resolve));
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 131_072 } },
    },
  });
});
afterEach(async () => {
  await sandbox.cleanup();
});

const falcon = (task: string, env: Record<string, string> = {}) =>
  runFalcon(['-p', task, '--yes', '--output-format', 'json'], { cwd: sandbox.project, env: sandbox.env(env) });
/** What the model was sent after its call, i.e. the observation of the call. */
const observationOf = (request: number) => models.requests[request]!.messages.at(-1)!.content;

describe('arguments nested 10,000 levels deep', () => {
  it('are a bad call the model reads about, and the run goes on to its answer', async () => {
    await writeFile(path.join(sandbox.project, 'a.txt'), 'hello\n');
    models.script([`ACTION: read_file({"path": "a.txt", "x": ${deepArray}})`, 'ACTION: read_file({"path": "a.txt"})', 'Final Answer: read it']);
    const result = await falcon('read a.txt');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ answer: 'read it', reason: 'answer', toolCalls: 2 });
    expect(observationOf(1)).toBe('Observation: Error: could not read the arguments of read_file: arguments nest 10,001 levels deep; the most is 64');
    expect(observationOf(2)).toContain('hello');
  });
});

describe('a response body nested 10,000 levels deep', () => {
  it('is shown and checked with a clear word, and the run goes on', async () => {
    models.script([
      `ACTION: http_request({"method": "GET", "url": "${apiUrl}/tree"})`,
      'ACTION: extract_value({"json_path": "$..tree", "save_as": "tree"})',
      'ACTION: assert_response({"json_path": {"$.tree": {"exists": true}}})',
      'ACTION: validate_json_schema({"schema": {"type": "object"}})',
      'Final Answer: the API answers a very deep tree',
    ]);
    const result = await falcon('check the tree');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ answer: 'the API answers a very deep tree', reason: 'answer' });
    const tooDeep = 'the body is JSON nested 10,001 levels deep; Falcon reads JSON up to 256 levels';
    expect(observationOf(1)).toMatch(/^Observation: HTTP 200 OK/);
    expect(observationOf(1)).toContain('(JSON nested 10,001 levels deep, shown as it came)');
    expect(observationOf(2)).toContain(tooDeep);
    expect(observationOf(3)).toContain(tooDeep);
    expect(observationOf(4)).toContain(tooDeep);
    for (const request of models.requests) {
      for (const message of request.messages) expect(message.content).not.toMatch(/Maximum call stack|RangeError/);
    }
  });
});

// search_code through ripgrep, and through the JavaScript search when ripgrep is not on PATH.
describe.each([
  { engine: 'ripgrep', PATH: process.env.PATH ?? '' },
  { engine: 'javascript', PATH: '/nonexistent' },
])('symlinks out of the project ($engine)', ({ PATH }) => {
  it('are not followed by search_code or glob, and the model is told', async () => {
    const outside = path.join(path.dirname(sandbox.project), 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), `${SECRET}\n`);
    await symlink(outside, path.join(sandbox.project, 'link'));
    await writeFile(path.join(sandbox.project, 'readme.md'), 'nothing secret here\n');
    models.script([
      'ACTION: search_code({"pattern": "secret", "file_pattern": "link/secret.txt"})',
      'ACTION: search_code({"pattern": "secret", "file_pattern": "link/**"})',
      'ACTION: glob({"pattern": "link/**"})',
      'ACTION: list_files({})',
      'Final Answer: nothing outside',
    ]);
    const result = await falcon('look for secrets', { PATH });
    expect(result.code).toBe(0);
    const skipped = '(skipped 1 link that leads outside the project: link)';
    expect(observationOf(1)).toBe(`Observation: No matches for "secret" ${skipped}`);
    expect(observationOf(2)).toBe(`Observation: No matches for "secret" ${skipped}`);
    expect(observationOf(3)).toBe(`Observation: No files in the project matching link/** ${skipped}`);
    expect(observationOf(4)).toContain(skipped);
    for (const request of models.requests) {
      for (const message of request.messages) expect(message.content).not.toContain(SECRET);
    }
    const sessions = path.join(sandbox.project, '.falcon', 'sessions');
    const { readdir } = await import('node:fs/promises');
    for (const file of await readdir(sessions)) expect(await readFile(path.join(sessions, file), 'utf8')).not.toContain(SECRET);
  });
});

// A name that is not UTF-8 emptied list_files and glob; a line break in a name split its line.
describe.each([
  { engine: 'ripgrep', PATH: process.env.PATH ?? '' },
  { engine: 'javascript', PATH: '/nonexistent' },
])('file names that are not UTF-8 or hold a line break ($engine)', ({ PATH }) => {
  it('are listed and found escaped, and every other file with them', async () => {
    const src = path.join(sandbox.project, 'src');
    await mkdir(src);
    await writeFile(path.join(src, 'a.txt'), 'hello plain\n');
    await writeFile(Buffer.from(`${src}/bad-\xff\xfe.txt`, 'latin1'), 'hello bytes\n');
    await writeFile(path.join(src, 'new\nline.txt'), 'hello newline\n');
    await writeFile(path.join(src, 'back\\x0aslash.txt'), 'hello backslash\n');
    models.script([
      'ACTION: list_files({})',
      'ACTION: glob({"pattern": "src/*.txt"})',
      'ACTION: search_code({"pattern": "hello"})',
      'Final Answer: four files',
    ]);
    const result = await falcon('list the files', { PATH });
    expect(result.code).toBe(0);
    const escaped = ['src/a.txt', 'src/back\\\\x0aslash.txt', 'src/bad-\\xff\\xfe.txt', 'src/new\\nline.txt'];
    const listed = (observation: string) => observation.split('\n').slice(1).sort();
    expect(observationOf(1).split('\n')[0]).toBe('Observation: 4 files in the project, newest first:');
    expect(listed(observationOf(1))).toEqual(escaped);
    expect(observationOf(2).split('\n')[0]).toBe('Observation: 4 files in the project matching src/*.txt, newest first:');
    expect(listed(observationOf(2))).toEqual(escaped);
    expect(observationOf(3)).toBe(
      [
        'Observation: 4 matches for "hello":',
        'src/a.txt:1: hello plain',
        'src/back\\\\x0aslash.txt:1: hello backslash',
        'src/bad-\\xff\\xfe.txt:1: hello bytes',
        'src/new\\nline.txt:1: hello newline',
      ].join('\n'),
    );
  });
});
