import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';

const OPENAPI = 'openapi: 3.0.3\ninfo:\n  title: Shop\n  version: "1"\npaths: {}\n';
const DOWN = '\x1b[B';
const ENTER = '\r';

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

async function writeProject(files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(sandbox.project, relative)), { recursive: true });
    await writeFile(path.join(sandbox.project, relative), content);
  }
}

async function expressApp(): Promise<void> {
  await writeProject({
    'package.json': JSON.stringify({ name: 'shop', scripts: { start: 'node server.js --port 4000' }, dependencies: { express: '^4.19.0' } }),
    'server.js': "require('express')().listen(4000);\n",
    'docs/openapi.yaml': OPENAPI,
  });
}

async function withProvider(): Promise<void> {
  await sandbox.writeConfig({ default_provider: 'ollama', providers: { ollama: { model: 'llama3.2' } } });
}

const readProject = (relative: string) => readFile(path.join(sandbox.project, relative), 'utf8');
const projectConfig = async () => parse(await readProject('.falcon/config.yaml')) as Record<string, unknown>;
const falconDirExists = () =>
  stat(path.join(sandbox.project, '.falcon')).then(
    () => true,
    () => false,
  );
const init = (args: string[]) => runFalcon(['init', ...args], { cwd: sandbox.project, env: sandbox.env() });

describe('falcon init --yes', () => {
  it('detects the framework, the base URL and the spec, and creates .falcon/', async () => {
    await expressApp();
    await withProvider();
    const result = await init(['--yes']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Framework: express (package.json dependency "express")');
    expect(result.stdout).toContain('Base URL:  http://localhost:4000 (package.json script "start": --port 4000)');
    expect(result.stdout).toContain('Spec:      docs/openapi.yaml (OpenAPI 3.0.3)');
    expect(result.stdout).toContain('created .falcon/config.yaml');
    expect(result.stdout).toContain('Ingested 0 operations of docs/openapi.yaml into .falcon/spec.yaml');
    expect(result.stdout).not.toContain('No model provider');
    expect(result.stdout).toContain('Server:    npm run start (reload: restart; package.json script "start": node server.js --port 4000)');
    expect(await projectConfig()).toEqual({
      framework: 'express',
      base_url: 'http://localhost:4000',
      spec: 'docs/openapi.yaml',
      server: { command: 'npm run start', reload: 'restart' },
    });
    expect(parse(await readProject('.falcon/environments/dev.yaml'))).toEqual({ BASE_URL: 'http://localhost:4000' });
    expect(await readProject('.falcon/falcon.md')).toContain('# project: what Falcon knows about this API');
  });

  it('warns when the spec it found cannot be ingested, and still sets up .falcon/', async () => {
    await expressApp();
    await withProvider();
    await writeProject({ 'docs/openapi.yaml': 'openapi: 3.0.3\ninfo: {title: Broken}\npaths:\n  /a:\n    get:\n      responses: nope\n' });
    const result = await init(['--yes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: could not ingest the spec; \.falcon\/ is ready without it\. docs\/openapi\.yaml: /);
    expect(await projectConfig()).toMatchObject({ spec: 'docs/openapi.yaml' });
    expect(
      await stat(path.join(sandbox.project, '.falcon/spec.yaml')).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
  });

  it('finds a watching dev script and writes server: with reload: watch', async () => {
    await writeProject({
      'package.json': JSON.stringify({ name: 'notes', scripts: { start: 'node app.js', dev: 'node --watch app.js' } }),
      'pnpm-lock.yaml': '',
    });
    await withProvider();
    const result = await init(['--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Server:    pnpm run dev (reload: watch; package.json script "dev": node --watch app.js)');
    expect((await projectConfig()).server).toEqual({ command: 'pnpm run dev', reload: 'watch' });
    const doctor = await runFalcon(['doctor'], { cwd: sandbox.project, env: sandbox.env() });
    expect(doctor.stdout).toMatch(/server.*pnpm run dev/);
  });

  it('finds how a FastAPI app starts', async () => {
    await writeProject({ 'requirements.txt': 'fastapi==0.115\nuvicorn\n', 'main.py': 'from fastapi import FastAPI\napp = FastAPI()\n' });
    await withProvider();
    const result = await init(['--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect((await projectConfig()).server).toEqual({ command: 'uvicorn main:app --reload', reload: 'watch' });
  });

  it('uses the options given', async () => {
    await writeProject({ 'api/contract.json': JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }) });
    await withProvider();
    const result = await init(['--yes', '--framework', 'fastapi', '--base-url', 'http://127.0.0.1:9000/', '--spec', './api/contract.json']);
    expect(result.code).toBe(0);
    expect(await projectConfig()).toEqual({ framework: 'fastapi', base_url: 'http://127.0.0.1:9000', spec: 'api/contract.json' });
  });

  it('keeps what is there on a second run and adds only what is missing', async () => {
    await expressApp();
    await withProvider();
    await init(['--yes']);
    const notes = '# Shop API\n\nLogin: POST /auth with {"user", "password"}.\n';
    await writeFile(path.join(sandbox.project, '.falcon/falcon.md'), notes);
    await writeFile(path.join(sandbox.project, '.falcon/config.yaml'), 'framework: express\nmax_turns: 20\n');
    const result = await init(['--yes', '--framework', 'koa']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('kept    .falcon/falcon.md');
    expect(result.stdout).toContain('Nothing to add');
    expect(await readProject('.falcon/falcon.md')).toBe(notes);
    expect(await readProject('.falcon/config.yaml')).toBe('framework: express\nmax_turns: 20\n');
  });

  it('says how to set up a provider when none is configured', async () => {
    await expressApp();
    const result = await init(['--yes']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No model provider is configured yet: run `falcon config` to set one up.');
  });

  it("reads the port from the project's .env and leaves the file as it was", async () => {
    const env = 'PORT=5050\nAPI_TOKEN=secret-token\n';
    await writeProject({ '.env': env, 'requirements.txt': 'flask\n' });
    await withProvider();
    const result = await init(['--yes']);
    expect(result.code).toBe(0);
    expect(await projectConfig()).toMatchObject({ framework: 'flask', base_url: 'http://localhost:5050' });
    expect(await readProject('.env')).toBe(env);
  });

  it.each([
    [['--framework', 'flaks'], /^falcon: unknown framework "flaks" for --framework; choose one of: express, fastify, .*, axum, other\n$/],
    [['--base-url', 'localhost:3000'], /^falcon: --base-url: "localhost:3000" is not an http:\/\/ or https:\/\/ URL\n$/],
    [['--spec', 'missing.yaml'], /^falcon: no such file: missing\.yaml\n$/],
    [['--spec', 'package.json'], /^falcon: package\.json is not an OpenAPI, Swagger, Postman collection or GraphQL schema file\n$/],
    [['--spec', '../outside.yaml'], /^falcon: path escapes the project: \.\.\/outside\.yaml\n$/],
    [['--bogus'], /^error: unknown option '--bogus'\n$/],
  ])('refuses %j with one line and exit 2, writing nothing', async (args, message) => {
    await expressApp();
    const result = await init(['--yes', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(await falconDirExists()).toBe(false);
  });
});

describe('falcon init without --yes', () => {
  it('stops with one line when there is no terminal to ask in', async () => {
    await expressApp();
    const result = await init([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('falcon: no terminal to ask questions in; run: falcon init --yes [--framework F] [--base-url U] [--spec PATH]\n');
    expect(await falconDirExists()).toBe(false);
  });

  it('asks with the detected answers preselected and writes what was chosen', async () => {
    await expressApp();
    await withProvider();
    const falcon = startFalconInPty(['init'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText('Framework of this API');
    expect(falcon.screen()).toMatch(/❯ Express \(Node\.js\)/);
    expect(falcon.screen()).toContain('detected: package.json dependency "express"');
    await falcon.press(DOWN);
    await falcon.waitForText(/❯ Fastify/);
    await falcon.press(ENTER);
    await falcon.waitForText('Base URL in development (package.json script "start": --port 4000)');
    await falcon.press(ENTER);
    await falcon.waitForText('API spec of this project');
    expect(falcon.screen()).toContain('docs/openapi.yaml (OpenAPI 3.0.3)');
    await falcon.press(ENTER);
    await falcon.waitForText(/❯ npm run start \(reload: restart\)/);
    expect(falcon.screen().replace(/\s+/g, ' ')).toContain(
      'Command that starts the API, for Falcon to run (found: package.json script "start": node server.js --port 4000)',
    );
    await falcon.press(ENTER);
    await falcon.waitForText('Ingest docs/openapi.yaml into .falcon/spec.yaml now?');
    await falcon.press(ENTER);
    expect((await falcon.exited).exitCode).toBe(0);
    expect(falcon.screen()).toContain('Ingested 0 operations of docs/openapi.yaml into .falcon/spec.yaml');
    expect(falcon.screen()).toContain('created .falcon/config.yaml');
    expect(await projectConfig()).toEqual({
      framework: 'fastify',
      base_url: 'http://localhost:4000',
      spec: 'docs/openapi.yaml',
      server: { command: 'npm run start', reload: 'restart' },
    });
  });

  it('takes a typed base URL and no spec', async () => {
    await expressApp();
    await withProvider();
    const falcon = startFalconInPty(['init', '--framework', 'express'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText('Base URL in development');
    await falcon.press('http://localhost:7000/v1' + ENTER);
    await falcon.waitForText('API spec of this project');
    await falcon.press(DOWN);
    await falcon.waitForText(/❯ none for now/);
    await falcon.press(ENTER);
    // The server found is left out: the user starts it.
    await falcon.waitForText('Command that starts the API');
    await falcon.press(DOWN);
    await falcon.press(DOWN);
    await falcon.waitForText(/❯ none: I start it myself/);
    await falcon.press(ENTER);
    expect((await falcon.exited).exitCode).toBe(0);
    expect(await projectConfig()).toEqual({ framework: 'express', base_url: 'http://localhost:7000/v1' });
  });

  it('cancels on Ctrl-C without writing anything', async () => {
    await expressApp();
    const falcon = startFalconInPty(['init'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText('Framework of this API');
    await falcon.press('\x03');
    expect((await falcon.exited).exitCode).toBe(130);
    expect(falcon.screen()).toContain('Cancelled; nothing was changed.');
    expect(await falconDirExists()).toBe(false);
  });

  it('runs the provider setup when no provider exists yet', async () => {
    await expressApp();
    const falcon = startFalconInPty(['init', '--framework', 'express', '--base-url', 'http://localhost:4000'], {
      cwd: sandbox.project,
      env: sandbox.env(),
    });
    await falcon.waitForText('API spec of this project');
    await falcon.press(ENTER);
    await falcon.waitForText('Command that starts the API');
    await falcon.press(ENTER);
    await falcon.waitForText('Ingest docs/openapi.yaml');
    await falcon.press(ENTER);
    await falcon.waitForText('Now a model provider');
    await falcon.waitForText('Which provider?');
    await falcon.press('\x03');
    expect((await falcon.exited).exitCode).toBe(130);
    expect(falcon.screen()).toContain('Cancelled the provider setup; .falcon/ is ready.');
    expect(await projectConfig()).toMatchObject({ framework: 'express' });
  });
});
