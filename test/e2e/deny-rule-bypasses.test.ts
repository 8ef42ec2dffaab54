// Deny rules that could be stepped around (issue 28, finding 5), through the built binary with
// --yes: a command rule against wrappers, runners and shell syntax; a URL rule against host aliases,
// encodings and a redirect; read rules against a symlink and the tools that read many files at once.
import { access, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { FALCON_BIN, runFalcon } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { configurePermissions } from '../support/permission-sandbox.js';

const setup = useFakeModelProject();
const inProject = (file: string) => path.join(setup.sandbox.project, file);
const exists = (file: string) =>
  access(inProject(file)).then(
    () => true,
    () => false,
  );
const falcon = (args: string[], env: Record<string, string> = {}) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env(env) });
/** What the model was sent after each of its calls. */
const observations = () => setup.models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
const call = (tool: string, args: Record<string, unknown>) => `ACTION: ${tool}(${JSON.stringify(args)})`;
/** The project's deny rules, and a window wide enough that a dozen calls need no compaction. */
const denying = (deny: string[]) =>
  configurePermissions(setup.sandbox, setup.models, {
    project: { permissions: { deny } },
    global: {
      providers: {
        openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: setup.models.openaiBaseUrl, context_window: 131_072 } },
      },
    },
  });

describe('bash(rm *)', () => {
  it('holds against wrappers, runners and shell syntax, and refuses a program it cannot name', async () => {
    await denying(['bash(rm *)']);
    await writeFile(inProject('keep.txt'), 'keep\n');
    const shapes = [
      'timeout 5 rm -f keep.txt',
      'env -i PATH=/usr/bin:/bin rm -f keep.txt',
      "sh -c 'rm -f keep.txt'",
      "bash <<< 'rm -f keep.txt'",
      'echo keep.txt | xargs rm -f',
      'find . -name keep.txt -delete',
      "$'\\x72\\x6d' -f keep.txt",
      '>/dev/null rm -f keep.txt',
      'r\\\nm -f keep.txt',
      'x=rm; $x -f keep.txt',
      '$(echo rm) -f keep.txt',
    ];
    setup.models.script([
      ...shapes.map((command) => call('bash', { command })),
      call('bash', { command: 'echo rm -f keep.txt > said.txt' }),
      'Final Answer: done',
    ]);

    const result = await falcon(['-p', 'clean up', '--yes']);

    expect(result.code).toBe(0);
    expect(await exists('keep.txt')).toBe(true);
    const seen = observations();
    for (const [index, command] of shapes.entries()) {
      const expected =
        command.includes('$x') || command.startsWith('$(')
          ? /^Observation: Refused: the permission rule bash\(rm \*\) is in force and Falcon cannot tell every program this command runs — `\$/
          : /^Observation: Denied by the permission rule bash\(rm \*\): bash was not run/;
      expect(seen[index], command).toMatch(expected);
    }
    expect(await readFile(inProject('said.txt'), 'utf8')).toBe('rm -f keep.txt\n');
  });
});

describe('http_request(http://localhost:PORT/admin*)', () => {
  let api: { server: Server; url: string; received: string[] };
  beforeEach(async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      received.push(req.url ?? '');
      if (req.url === '/public') res.writeHead(302, { location: '/admin/users' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    api = { server, url: await listenOnLoopback(server), received };
  });
  afterEach(() => closeServer(api.server));

  it('holds against other names of the host, encodings, and a redirect to what it denies', async () => {
    const port = new URL(api.url).port;
    await denying([`http_request(http://localhost:${port}/admin*)`]);
    await setup.sandbox.testApiAt(api.url);
    setup.models.script([
      call('http_request', { method: 'GET', url: `http://127.0.0.1:${port}/admin` }),
      call('http_request', { method: 'GET', url: `http://127.1:${port}//%61dmin/users` }),
      call('http_request', { method: 'GET', url: `http://LOCALHOST:${port}/ADMIN` }),
      call('http_request', { method: 'GET', url: `http://localhost:${port}/public`, follow_redirects: true }),
      call('http_request', { method: 'GET', url: `http://localhost:${port}/health` }),
      'Final Answer: done',
    ]);

    const result = await falcon(['-p', 'look around', '--yes']);

    expect(result.code).toBe(0);
    expect(api.received).toEqual(['/public', '/health']);
    const [direct, encoded, upper, redirected, health] = observations();
    for (const denied of [direct, encoded, upper]) {
      expect(denied).toMatch(new RegExp(`^Observation: Denied by the permission rule http_request\\(http://localhost:${port}/admin\\*\\)`));
    }
    expect(redirected).toMatch(/^Observation: HTTP 302 Found/);
    expect(redirected).toContain(
      `meaning: a temporary redirect to /admin/users — not followed: Denied by the permission rule http_request(http://localhost:${port}/admin*)`,
    );
    expect(health).toMatch(/^Observation: HTTP 200 OK/);
  });
});

describe('read_file(.env*)', () => {
  it('holds against a symlink to the file, and keeps it out of search_code, glob and list_files', async () => {
    await denying(['read_file(.env*)']);
    await writeFile(inProject('.env'), 'API_TOKEN=from-the-env-file-7731\n');
    await writeFile(inProject('app.js'), 'const token = process.env.API_TOKEN;\n');
    await symlink('.env', inProject('notes.txt'));
    setup.models.script([
      call('read_file', { path: 'notes.txt' }),
      call('search_code', { pattern: 'API_TOKEN' }),
      call('glob', { pattern: '.env*' }),
      call('list_files', {}),
      call('read_file', { path: '.' }),
      'Final Answer: done',
    ]);

    const result = await falcon(['-p', 'find the token', '--yes']);

    expect(result.code).toBe(0);
    const [linked, search, glob, list, folder] = observations();
    expect(linked).toMatch(/^Observation: Denied by the permission rule read_file\(\.env\*\): read_file was not run/);
    expect(search).toBe(
      'Observation: 1 match for "API_TOKEN" (left out 1 file the deny rule read_file(.env*) keeps from being read):\napp.js:1: const token = process.env.API_TOKEN;',
    );
    expect(glob).toBe('Observation: No files in the project matching .env* (left out 1 file the deny rule read_file(.env*) keeps from being read)');
    expect(list).toContain('(left out 1 file the deny rule read_file(.env*) keeps from being read)');
    expect(list).not.toMatch(/^\.env$/m);
    expect(folder).toContain('(left out 2 files the deny rule read_file(.env*) keeps from being read)');
    expect(folder).not.toMatch(/^(\.env|notes\.txt)$/m);
    expect(JSON.stringify(setup.models.requests)).not.toContain('from-the-env-file-7731');
  });
});

describe('the shell parser', () => {
  // Reports each WebAssembly module compiled, by size, on stderr.
  const reportCompiles = `--import=data:text/javascript,${encodeURIComponent(
    'const compile = WebAssembly.compile; WebAssembly.compile = (bytes) => { process.stderr.write(`[wasm ${bytes.byteLength}]\\n`); return compile(bytes); };',
  )}`;

  it('is not loaded to print the version, and is loaded once, from beside the bundle, when rules on commands need it', async () => {
    const parserBytes = (await stat(path.join(path.dirname(FALCON_BIN), '..', 'dist', 'sh-syntax.wasm'))).size;
    const version = await falcon(['--version'], { NODE_OPTIONS: reportCompiles });
    expect(version).toMatchObject({ code: 0, stderr: '' });

    await denying(['bash(rm *)']);
    setup.models.script([call('bash', { command: 'echo one' }), call('bash', { command: 'echo two' }), 'Final Answer: done']);
    const session = await falcon(['-p', 'say two things', '--yes'], { NODE_OPTIONS: reportCompiles });
    expect(session.code).toBe(0);
    expect(session.stderr.split('\n').filter((line) => line === `[wasm ${parserBytes}]`)).toHaveLength(1);
  });
});
