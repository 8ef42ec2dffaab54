import { execFile } from 'node:child_process';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendRequest } from '../../src/engines/http/send-request.js';
import { toStoredResponse } from '../../src/engines/http/stored-response.js';
import { createTestFileTool } from '../../src/capabilities/code/tools/create-test-file.js';
import { editFileTool } from '../../src/capabilities/code/tools/edit-file.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { type TestApi, startTestApi } from '../apis/test-api-server.js';
import { type TempProject, createTempProject, toolContext } from '../tools/temp-project.js';

const run = promisify(execFile);

let project: TempProject;
let ctx: ToolContext;
let api: TestApi;

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
  api = await startTestApi();
});
afterEach(async () => {
  await api.close();
  await project.remove();
});

/** Sends a real request and keeps its response in the session, as http_request does. */
async function remember(pathname: string): Promise<void> {
  ctx.session.responses.remember(toStoredResponse(await sendRequest({ method: 'GET', url: `${api.url}${pathname}` })));
}

const fileText = (relative: string) => readFile(path.join(project.root, relative), 'utf8');

describe('create_test_file for Node', () => {
  it('copies an existing vitest + supertest test: imports, setup, folder, naming; body shape from the session', async () => {
    await project.write(
      'package.json',
      JSON.stringify({ type: 'module', dependencies: { express: '5' }, devDependencies: { vitest: '4', supertest: '7', typescript: '5' } }),
    );
    await project.write('tsconfig.json', '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext" } }');
    await project.write('src/app.ts', "import express from 'express';\nexport const app = express();\n");
    await project.write(
      'test/health.test.ts',
      [
        "import request from 'supertest';",
        "import { describe, it } from 'vitest';",
        "import { app } from '../src/app.js';",
        '',
        "describe('health', () => {",
        "  it('answers ok', async () => {",
        "    await request(app).get('/health').expect(200);",
        '  });',
        '',
        "  it('answers 404 elsewhere', async () => {",
        "    await request(app).get('/nope').expect(404);",
        '  });',
        '});',
        '',
      ].join('\n'),
    );
    await remember('/users/7');

    const preview = await createTestFileTool.preview?.({ endpoint: 'GET /users/{id}' }, ctx);
    const expected = [
      "import request from 'supertest';",
      "import { describe, it, expect } from 'vitest';",
      "import { app } from '../src/app.js';",
      '',
      "describe('GET /users/{id}', () => {",
      "  it('answers 200 with the expected body', async () => {",
      "    const res = await request(app).get('/users/7');",
      '    expect(res.status).toBe(200);',
      '    const body = res.body;',
      "    expect(Object.keys(body)).toEqual(expect.arrayContaining(['id', 'name', 'email']));",
      '  });',
      '});',
      '',
    ].join('\n');
    expect(preview).toEqual({
      kind: 'diff',
      path: 'test/get-users-by-id.test.ts',
      isNew: true,
      diff: `--- /dev/null\n+++ b/test/get-users-by-id.test.ts\n@@ -0,0 +1,12 @@\n${expected
        .trimEnd()
        .split('\n')
        .map((line) => `+${line}`)
        .join('\n')}\n`,
    });
    await expect(stat(path.join(project.root, 'test/get-users-by-id.test.ts'))).rejects.toThrow();

    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /users/{id}' }, ctx);
    expect(output).toBe(
      [
        'Created test/get-users-by-id.test.ts (12 lines): vitest + supertest, for GET /users/{id}.',
        'Conventions from test/health.test.ts.',
        'Run it: npx vitest run test/get-users-by-id.test.ts',
        "Note: status and body shape from this session's GET /users/7 (HTTP 200)",
        'Note: imports and setup copied from test/health.test.ts',
      ].join('\n'),
    );
    expect(await fileText('test/get-users-by-id.test.ts')).toBe(expected);
  });

  it('writes a node:test + fetch test that really passes against the running server', async () => {
    await project.write('package.json', JSON.stringify({ type: 'module', dependencies: { express: '5' } }));
    await project.write('server.js', "import express from 'express';\nexpress().listen(3000);\n");
    await remember('/users/3');
    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /users/:id', framework: 'express' }, ctx);
    expect(output).toContain('Created test/get-users-by-id.test.js');
    expect(output).toContain('node:test + fetch against the running server');
    expect(output).toContain('Run it: node --test test/get-users-by-id.test.js');
    expect(output).toContain('the test calls the running server at BASE_URL');
    const file = path.join(project.root, 'test/get-users-by-id.test.js');
    const { stdout } = await run(process.execPath, ['--test', file], { env: { ...process.env, BASE_URL: api.url }, cwd: project.root });
    expect(stdout).toMatch(/# pass 1/);
    expect(api.hits).toContain('GET /users/3');
    // The project names no BASE_URL: the test guesses no port, it says what to set.
    expect(output).toContain('which the project does not set (falcon env set BASE_URL …): set it when running the test');
    expect(await fileText('test/get-users-by-id.test.js')).not.toMatch(/localhost|:3000/);
    const { BASE_URL: _unset, ...withoutBaseUrl } = process.env;
    const failed = await run(process.execPath, ['--test', file], { env: withoutBaseUrl, cwd: project.root }).catch((error: { stdout: string }) => error);
    expect(failed.stdout).toContain('set BASE_URL to the address of the running API first');
  });

  it('sends a test of the running server to the project’s BASE_URL, never a default port', async () => {
    await project.write('package.json', JSON.stringify({ type: 'module', dependencies: { express: '5' } }));
    await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}/\n`);
    ctx = toolContext(project.root, undefined, 'dev');
    await remember('/users/3');
    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /users/:id', framework: 'express' }, ctx);
    expect(output).toContain(`the test calls the running server at BASE_URL (default ${api.url}, the project's BASE_URL); start it first`);
    const text = await fileText('test/get-users-by-id.test.js');
    expect(text).toContain(`const BASE_URL = process.env.BASE_URL ?? '${api.url}';`);
    const { BASE_URL: _unset, ...withoutBaseUrl } = process.env;
    const { stdout } = await run(process.execPath, ['--test', path.join(project.root, 'test/get-users-by-id.test.js')], {
      env: withoutBaseUrl,
      cwd: project.root,
    });
    expect(stdout).toMatch(/# pass 1/);
  });

  it('writes no BASE_URL that holds a secret into a test', async () => {
    await project.write('package.json', JSON.stringify({ type: 'module', dependencies: { express: '5' } }));
    await project.write('.falcon/environments/dev.yaml', `BASE_URL: http://ada:pa55-w0rd-secret@127.0.0.1:4010\n`);
    ctx = toolContext(project.root, undefined, 'dev');
    ctx.secrets.register('pa55-w0rd-secret', 'password');
    const preview = await createTestFileTool.preview?.({ endpoint: 'GET /users', framework: 'express' }, ctx);
    expect(JSON.stringify(preview)).not.toContain('pa55-w0rd-secret');
    expect(JSON.stringify(preview)).toContain('const BASE_URL = process.env.BASE_URL;');
  });

  it('copies a mocha test in CommonJS with a supertest agent, adding the assert import it needs', async () => {
    await project.write('package.json', JSON.stringify({ dependencies: { koa: '2' }, devDependencies: { mocha: '10', supertest: '7' } }));
    await project.write(
      'spec/api.js',
      [
        "const request = require('supertest');",
        "const { createApp } = require('../lib/app');",
        '',
        'const api = request(createApp().callback());',
        '',
        "describe('api', function () {",
        "  it('lists', async function () {",
        "    await api.get('/things').expect(200);",
        '  });',
        '',
        '  after(() => api.app.close());',
        '});',
        '',
      ].join('\n'),
    );
    await createTestFileTool.run({ endpoint: 'GET /users/{id}', framework: 'koa' }, ctx);
    expect(await fileText('spec/get-users-by-id.js')).toBe(
      [
        "const request = require('supertest');",
        "const { createApp } = require('../lib/app');",
        "const assert = require('node:assert/strict');",
        '',
        'const api = request(createApp().callback());',
        '',
        "describe('GET /users/{id}', function () {",
        "  it('answers 200 with the expected body', async () => {",
        "    const res = await api.get('/users/1');",
        '    assert.equal(res.status, 200);',
        "    assert.match(res.headers['content-type'] ?? '', /json/);",
        '  });',
        '',
        '  after(() => api.app.close());',
        '});',
        '',
      ].join('\n'),
    );
  });

  it('builds a NestJS e2e setup when there is no test to copy', async () => {
    await project.write(
      'package.json',
      JSON.stringify({ dependencies: { '@nestjs/core': '10' }, devDependencies: { jest: '29', supertest: '7', typescript: '5' } }),
    );
    await project.write('tsconfig.json', '{}');
    await project.write('src/app.module.ts', 'export class AppModule {}\n');
    await createTestFileTool.run({ endpoint: 'DELETE /users/{id}' }, ctx);
    const text = await fileText('test/delete-users-by-id.test.ts');
    expect(text).toContain("import { AppModule } from '../src/app.module';");
    expect(text).toContain('  beforeAll(async () => {\n    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();');
    expect(text).toContain(
      "    const res = await request(app.getHttpServer()).delete('/users/1');\n    expect(res.status).toBe(204);\n    expect(res.text).toBe('');",
    );
    expect(text).not.toContain("from 'vitest'");
  });
});

describe('create_test_file for pytest', () => {
  it('uses the client fixture of existing tests, and the generated test passes under pytest', async () => {
    await project.write('requirements.txt', 'fastapi\npytest\n');
    // A conftest whose client talks to the real test server, shaped like FastAPI's TestClient.
    await project.write(
      'tests/conftest.py',
      [
        'import json, os, urllib.request',
        'import pytest',
        '',
        'class Response:',
        '    def __init__(self, raw):',
        '        self.status_code = raw.status',
        '        self.text = raw.read().decode()',
        '        self.headers = {k.lower(): v for k, v in raw.headers.items()}',
        '    def json(self):',
        '        return json.loads(self.text)',
        '',
        'class Client:',
        '    def get(self, path):',
        '        return Response(urllib.request.urlopen(os.environ["BASE_URL"] + path))',
        '',
        '@pytest.fixture',
        'def client():',
        '    return Client()',
        '',
      ].join('\n'),
    );
    await project.write('tests/test_health.py', 'def test_health(client):\n    assert client.get("/health").status_code == 200\n');
    await remember('/users/5');
    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /users/{user_id}', framework: 'fastapi' }, ctx);
    expect(output.split('\n').slice(0, 3)).toEqual([
      'Created tests/test_get_users_by_user_id.py (6 lines): pytest + TestClient, for GET /users/{user_id}.',
      'Conventions from tests/test_health.py.',
      'Run it: pytest tests/test_get_users_by_user_id.py',
    ]);
    expect(await fileText('tests/test_get_users_by_user_id.py')).toBe(
      [
        'def test_get_users_by_user_id(client):',
        '    response = client.get("/users/5")',
        '',
        '    assert response.status_code == 200, response.text',
        '    body = response.json()',
        '    assert {"id", "name", "email"} <= body.keys()',
        '',
      ].join('\n'),
    );
    const { stdout } = await run('pytest', ['-q', '-p', 'no:cacheprovider', 'tests/test_get_users_by_user_id.py'], {
      cwd: project.root,
      env: { ...process.env, BASE_URL: api.url },
    });
    expect(stdout).toMatch(/1 passed/);
  });

  it('builds a TestClient from the FastAPI app in the source when there is no test', async () => {
    await project.write('pyproject.toml', '[project]\ndependencies = ["fastapi"]\n');
    await project.write('app/main.py', 'from fastapi import FastAPI\n\napp = FastAPI()\n');
    await createTestFileTool.run({ endpoint: 'POST /users' }, ctx);
    expect(await fileText('tests/test_post_users.py')).toBe(
      [
        'from fastapi.testclient import TestClient',
        '',
        'from app.main import app',
        '',
        'client = TestClient(app)',
        '',
        '',
        'def test_post_users():',
        '    response = client.post("/users", json={})',
        '',
        '    assert response.status_code == 201, response.text',
        '    assert "json" in response.headers["content-type"]',
        '',
      ].join('\n'),
    );
  });
});

describe('create_test_file for Go', () => {
  it('tests through httptest with the function that builds the router, in its package', async () => {
    await project.write('go.mod', 'module example.com/api\n\nrequire github.com/gin-gonic/gin v1.9.1\n');
    await project.write('main.go', 'package main\n\nfunc main() {\n\tsetupRouter().Run()\n}\n');
    await project.write('router.go', 'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc setupRouter() *gin.Engine {\n\treturn gin.Default()\n}\n');
    await remember('/users/2');
    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /users/:id' }, ctx);
    expect(output).toContain("Run it: go test ./ -run '^TestGetUsersById$'");
    expect(await fileText('get_users_by_id_test.go')).toBe(
      [
        'package main',
        '',
        'import (',
        '\t"encoding/json"',
        '\t"net/http"',
        '\t"net/http/httptest"',
        '\t"testing"',
        ')',
        '',
        'func TestGetUsersById(t *testing.T) {',
        '\thandler := setupRouter()',
        '\treq := httptest.NewRequest("GET", "/users/2", nil)',
        '\trec := httptest.NewRecorder()',
        '\thandler.ServeHTTP(rec, req)',
        '\tstatus, raw := rec.Code, rec.Body.Bytes()',
        '',
        '\tif status != 200 {',
        '\t\tt.Fatalf("status = %d, want 200; body: %s", status, raw)',
        '\t}',
        '\tvar body map[string]any',
        '\tif err := json.Unmarshal(raw, &body); err != nil {',
        '\t\tt.Fatalf("body is not a JSON object: %v; body: %s", err, raw)',
        '\t}',
        '\tfor _, key := range []string{"id", "name", "email"} {',
        '\t\tif _, ok := body[key]; !ok {',
        '\t\t\tt.Errorf("no %q in %s", key, raw)',
        '\t\t}',
        '\t}',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('takes the router from an existing handler test, next to it', async () => {
    await project.write('go.mod', 'module example.com/api\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n');
    await project.write('internal/http/routes.go', 'package httpapi\n');
    await project.write(
      'internal/http/health_test.go',
      'package httpapi\n\nfunc TestHealth(t *testing.T) {\n\tr := NewRouter()\n\trec := httptest.NewRecorder()\n\tr.ServeHTTP(rec, httptest.NewRequest("GET", "/health", nil))\n}\n',
    );
    const { text: output } = await createTestFileTool.run({ endpoint: 'GET /health' }, ctx);
    expect(output).toContain('Conventions from internal/http/health_test.go.');
    const text = await fileText('internal/http/get_health_test.go');
    expect(text.startsWith('package httpapi\n')).toBe(true);
    expect(text).toContain('\thandler := NewRouter()\n');
    expect(text).toContain('\tif !json.Valid(raw) {');
  });

  it('says what to change when no function builds the router', async () => {
    await project.write('go.mod', 'module example.com/api\n\nrequire github.com/gin-gonic/gin v1.9.1\n');
    await project.write('main.go', 'package main\n\nfunc main() {\n\tr := gin.Default()\n\tr.Run()\n}\n');
    await expect(createTestFileTool.preview?.({ endpoint: 'GET /x' }, ctx)).rejects.toThrow(/no function that builds the router without arguments/);
  });
});

describe('create_test_file approval and safety', () => {
  it('refuses to overwrite a file, in preview and in run', async () => {
    await project.write('requirements.txt', 'flask\n');
    await project.write('app.py', 'from flask import Flask\napp = Flask(__name__)\n');
    await project.write('tests/test_get_items.py', 'original\n');
    await expect(createTestFileTool.preview?.({ endpoint: 'GET /items' }, ctx)).rejects.toThrow(
      'tests/test_get_items.py already exists; create_test_file never overwrites',
    );
    await expect(createTestFileTool.run({ endpoint: 'GET /items' }, ctx)).rejects.toThrow('already exists');
    expect(await fileText('tests/test_get_items.py')).toBe('original\n');
  });

  it('writes nothing when declined (no run), and the created file can be edited without a read', async () => {
    await project.write('requirements.txt', 'flask\n');
    await project.write('app.py', 'from flask import Flask\napp = Flask(__name__)\n');
    await createTestFileTool.preview?.({ endpoint: 'GET /items' }, ctx);
    expect(await readdir(project.root)).toEqual(['app.py', 'requirements.txt']);
    await createTestFileTool.run({ endpoint: 'GET /items' }, ctx);
    expect(await fileText('tests/test_get_items.py')).toContain('client = app.test_client()');
    await editFileTool.run(
      { path: 'tests/test_get_items.py', old_string: 'response = client.get("/items")', new_string: 'response = client.get("/items?page=1")' },
      ctx,
    );
    expect(await fileText('tests/test_get_items.py')).toContain('/items?page=1');
  });

  it('explains a bad endpoint or an unknown framework', async () => {
    await expect(createTestFileTool.run({ endpoint: 'FETCH /users' }, ctx)).rejects.toThrow(
      'cannot read the endpoint "FETCH /users"; give a method and a path, e.g. "GET /users/{id}"',
    );
    await expect(createTestFileTool.run({ endpoint: 'GET /users' }, ctx)).rejects.toThrow("cannot tell the project's framework; give framework");
    expect(createTestFileTool.schema.safeParse({ endpoint: 'GET /', framework: 'rocket' }).success).toBe(false);
  });

  it('takes the framework from .falcon/config.yaml when none is given, and one given over it', async () => {
    await project.write('.falcon/config.yaml', 'framework: rocket\n');
    await expect(createTestFileTool.run({ endpoint: 'GET /users' }, ctx)).rejects.toThrow('unknown framework "rocket"; one of: express,');
    await project.write('package.json', JSON.stringify({ type: 'module', dependencies: { express: '5' } }));
    const created = await createTestFileTool.run({ endpoint: 'GET /users', framework: 'express' }, ctx);
    expect(created.text).toContain('Created test/get-users.test.js');
    expect(created.details).toMatchObject({ kind: 'file_change', path: 'test/get-users.test.js', created: true, linesRemoved: 0 });
  });
});
