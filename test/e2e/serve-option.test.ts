// `--serve` in CI mode, through the built binary: the configured server is started before the run and
// stopped after it (its whole tree, on SIGTERM too); a failure carries the server's log lines of its
// request; a server that exits before it is ready ends the run with exit 2 and its last lines.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, startFalcon, type Sandbox } from '../support/falcon-binary.js';
import { NODE_BUG_LINE, freePort, writeNodeApp } from '../apis/planted-bug-apps.js';
import { killMentioning, processesMentioning } from '../support/processes-mentioning.js';
import { requirePlatform } from '../support/required-tools.js';

let sandbox: Sandbox;
let tag: string;
let port: number;

beforeEach(async () => {
  sandbox = await createSandbox();
  tag = `tag-${randomBytes(4).toString('hex')}`;
  port = await freePort();
  await sandbox.testApiAt(`http://127.0.0.1:${port}`);
  await writeNodeApp(sandbox.project);
});
afterEach(async () => {
  killMentioning(tag);
  await sandbox.cleanup();
});

async function configureServer(command: string, extra = ''): Promise<void> {
  await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), `server:\n  command: ${command}\n  env: {PORT: "${port}"}\n${extra}`);
}

const USERS_SPEC = `openapi: 3.0.3
info: {title: Users, version: "1"}
paths:
  /users/{id}:
    get:
      operationId: getUser
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer, enum: [2]}}
      responses:
        "200":
          description: the user
          content:
            application/json:
              schema: {type: object, required: [name, city], properties: {name: {type: string}, city: {type: string}}}
`;

describe('--serve', requirePlatform('linux', 'reads /proc for the process tree'), () => {
  it('flow run --serve: starts the API, the failing step carries app.js:LINE from its log, and stops it after', async () => {
    await configureServer(`node app.js ${tag}`, '  ready: {url: "{{BASE_URL}}/health"}\n');
    await mkdir(path.join(sandbox.project, '.falcon', 'flows'), { recursive: true });
    await writeFile(
      path.join(sandbox.project, '.falcon', 'flows', 'user.yaml'),
      'steps:\n  - name: bob\n    request: {method: GET, url: "{{BASE_URL}}/users/2"}\n',
    );
    const result = await runFalcon(['flow', 'run', 'user', '--serve'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`starting the API (--serve): node app.js ${tag}`);
    expect(result.stdout).toContain("TypeError: Cannot read properties of undefined (reading 'city')");
    expect(result.stdout).toContain(`Where it broke: app.js:${NODE_BUG_LINE}`);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it("test --serve: the failing case in the summary carries the server's lines of its request", async () => {
    await configureServer(`node --watch app.js ${tag}`);
    await writeFile(path.join(sandbox.project, 'openapi.yaml'), USERS_SPEC);
    const result = await runFalcon(['test', '--spec', 'openapi.yaml', '--serve', '--strategies', 'happy', '--report', 'report.json', '--junit', 'junit.xml'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain(`Where it broke: app.js:${NODE_BUG_LINE}`);
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'report.json'), 'utf8')) as {
      results: { request?: { method: string }; response?: { status: number; serverLog?: string[] } }[];
    };
    const failed = report.results.find((entry) => entry.request?.method === 'GET' && entry.response?.status === 500)!;
    const lines = failed.response!.serverLog!;
    expect(lines).toContain(`Where it broke: app.js:${NODE_BUG_LINE} ← app.js:16`);
    // Cases go four at a time: the lines other requests led (PUT, POST, PATCH /users/2 failed) are not its own.
    expect(lines.filter((line) => /^\s*(PUT|POST|PATCH) /.test(line))).toEqual([]);
    expect(await readFile(path.join(sandbox.project, 'junit.xml'), 'utf8')).toContain(`at app.js:${NODE_BUG_LINE}  return user.profile.city;`);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('a server that exits before it is ready ends the run with exit 2 and its last lines', async () => {
    await configureServer(`node -e "console.log('${tag} cannot open the database'); process.exit(3)"`);
    await mkdir(path.join(sandbox.project, '.falcon', 'flows'), { recursive: true });
    await writeFile(
      path.join(sandbox.project, '.falcon', 'flows', 'user.yaml'),
      'steps:\n  - name: bob\n    request: {method: GET, url: "{{BASE_URL}}/users/2"}\n',
    );
    const result = await runFalcon(['flow', 'run', 'user', '--serve'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/exited before it was ready \(exit code 3\)/);
    expect(result.stderr).toContain(`${tag} cannot open the database`);
    expect(result.stdout).not.toContain('bob');
  });

  it('SIGTERM during a --serve run stops the server and every process it started', async () => {
    await configureServer(`node --watch app.js ${tag}`);
    const { child, result } = startFalcon(['perf', '{{BASE_URL}}/health', '-d', '5m', '-c', '1', '--serve'], { cwd: sandbox.project, env: sandbox.env() });
    child.stdin!.end();
    let stderr = '';
    await new Promise<void>((resolve) =>
      child.stderr!.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), stderr.includes('the API is ready') && resolve())),
    );
    expect(processesMentioning(tag).length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const ended = await result;
    expect(ended.code).toBe(143);
    expect(processesMentioning(tag)).toEqual([]);
  });
});
