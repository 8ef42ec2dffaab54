import { copyFile, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPEC_FIXTURES } from '../engines/spec/spec-project.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Needs the built binary: `npm run build` (npm test does it first).
let sandbox: Sandbox;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const spec = await readFile(path.join(SPEC_FIXTURES, 'petstore-2.0.json'), 'utf8');
  server = createServer((request, response) => {
    if (request.url === '/openapi.json') response.writeHead(200, { 'content-type': 'application/json' }).end(spec);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

describe('falcon spec ingest', () => {
  it('ingests a project file and prints the summary', async () => {
    await copyFile(path.join(SPEC_FIXTURES, 'petstore-3.0.yaml'), path.join(sandbox.project, 'openapi.yaml'));
    const result = await runFalcon(['spec', 'ingest', 'openapi.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Wrote \.falcon\/spec\.yaml\n\nPetstore 1\.0\.0\n\d+ operations from openapi\.yaml \(OpenAPI 3\.0\.\d\)\n\nServers  \S+\nAuth     .+\n\nOperations by tag:\n  pets +\d+\n$/,
    );
    // Text, not the Markdown the model reads.
    expect(result.stdout).not.toMatch(/^#|\|/m);
    expect(await readFile(path.join(sandbox.project, '.falcon/spec.yaml'), 'utf8')).toContain('"format": "falcon-spec/1"');
  });

  it('ingests a spec served at a URL', async () => {
    const result = await runFalcon(['spec', 'ingest', `${baseUrl}/openapi.json`], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('4 operations from');
    expect(result.stdout).toContain('Servers  http://localhost:3000/v1\n');
    expect(result.stdout).toContain('Operations by tag:\n  pets        3\n  (untagged)  1\n');
  });

  it('reports a bad file in one line with exit 1, and a 404 URL the same way', async () => {
    const missing = await runFalcon(['spec', 'ingest', 'nope.yaml'], { cwd: sandbox.project, env: sandbox.env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('falcon: nope.yaml: no such file: nope.yaml\n');
    const notFound = await runFalcon(['spec', 'ingest', `${baseUrl}/missing.json`], { cwd: sandbox.project, env: sandbox.env() });
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toMatch(/^falcon: http:\/\/127\.0\.0\.1:\d+\/missing\.json: the server answered 404/);
  });

  it('exits 2 on bad usage', async () => {
    const result = await runFalcon(['spec', 'ingest'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
  });
});
