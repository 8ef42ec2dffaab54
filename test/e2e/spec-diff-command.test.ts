import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpecDiffReport } from '../../src/capabilities/spec-tests/engine/spec-diff/spec-diff-report.js';
import { SPEC_FIXTURES } from '../engines/spec/spec-project.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Needs the built binary: `npm run build` (npm test does it first).
let sandbox: Sandbox;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const newer = await readFile(path.join(SPEC_FIXTURES, 'diff-users-v2.yaml'), 'utf8');
  server = createServer((request, response) => {
    if (request.url === '/openapi.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(newer);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, 'specs'));
  await copyFile(path.join(SPEC_FIXTURES, 'diff-users-v1.yaml'), path.join(sandbox.project, 'specs/v1.yaml'));
  await copyFile(path.join(SPEC_FIXTURES, 'diff-users-v2.yaml'), path.join(sandbox.project, 'specs/v2.yaml'));
});
afterEach(() => sandbox.cleanup());

const falcon = (...args: string[]) => runFalcon(['spec', 'diff', ...args], { cwd: sandbox.project, env: sandbox.env() });

/** v1 with one line changed: a new version whose only changes are the ones that line makes. */
async function v1With(from: string, to: string): Promise<string> {
  const text = await readFile(path.join(sandbox.project, 'specs/v1.yaml'), 'utf8');
  expect(text).toContain(from);
  await writeFile(path.join(sandbox.project, 'specs/next.yaml'), text.replace(from, to));
  return 'specs/next.yaml';
}

describe('falcon spec diff', () => {
  it('lists the changes by operation, breaking first, and exits 1 on a breaking one', async () => {
    const result = await falcon('specs/v1.yaml', `${baseUrl}/openapi.yaml`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`Users API 1.0.0 (specs/v1.yaml) → Users API 2.0.0 (${baseUrl}/openapi.yaml)`);
    expect(result.stdout).toContain(
      [
        'GET /users/{userId}',
        '  breaking      response 200 › body › email: removed (it was required)',
        '  breaking      security: authentication now required: bearerAuth',
        '  warning       response 200 › body › nickname: removed',
        '  warning       response 200 › body › role: enum value "guest" added',
        '  warning       response 404: status removed',
        '  non-breaking  path userId: renamed from "id" to "userId"',
      ].join('\n'),
    );
    expect(result.stdout).toContain('\nDELETE /users/{id}\n  breaking      operation removed\n');
    expect(result.stdout).toContain('\nPOST /users\n  breaking      request body › name: maxLength lowered from 100 to 50\n');
    expect(lines.at(-2)).toBe('8 breaking changes, 9 warnings, 10 non-breaking');
  });

  it('prints the same changes as JSON', async () => {
    const result = await falcon('--json', 'specs/v1.yaml', 'specs/v2.yaml');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as SpecDiffReport;
    expect(report).toMatchObject({
      format: 'falcon-spec-diff/1',
      old: { source: 'specs/v1.yaml', title: 'Users API', version: '1.0.0' },
      new: { source: 'specs/v2.yaml', version: '2.0.0' },
      counts: { breaking: 8, warning: 9, 'non-breaking': 10 },
      failOn: 'breaking',
      failed: true,
    });
    expect(report.changes).toContainEqual({
      rule: 'response-required-property-removed',
      severity: 'breaking',
      operation: 'GET /users/{userId}',
      location: ['response 200', 'body', 'email'],
      message: 'removed (it was required)',
      at: 'GET /users/{userId} › response 200 › body › email',
    });
    expect(report.changes.map((change) => change.severity)).toEqual(expect.arrayContaining(['breaking', 'warning', 'non-breaking']));
  });

  it('exits 0 on warnings alone, and 1 with --fail-on warning', async () => {
    const next = await v1With('        nickname: {type: string}\n', '');
    const lenient = await falcon('specs/v1.yaml', next);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('0 breaking changes, 4 warnings, 0 non-breaking');
    const strict = await falcon('--fail-on', 'warning', 'specs/v1.yaml', next);
    expect(strict.code).toBe(1);
    expect(JSON.parse((await falcon('--json', '--fail-on', 'warning', 'specs/v1.yaml', next)).stdout)).toMatchObject({ failOn: 'warning', failed: true });
  });

  it('says when nothing changed, and reads a spec outside the project and the ingested copy', async () => {
    const same = await falcon('specs/v1.yaml', path.join(SPEC_FIXTURES, 'diff-users-v1.yaml'));
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/\n\nNo changes\.\n$/);
    expect((await runFalcon(['spec', 'ingest', 'specs/v1.yaml'], { cwd: sandbox.project, env: sandbox.env() })).code).toBe(0);
    const ingested = await falcon('.falcon/spec.yaml', 'specs/v1.yaml');
    expect(ingested.stdout).toContain('No changes.');
    expect(ingested.code).toBe(0);
  });

  it('shows what a spec names in it without letting it drive the terminal', async () => {
    const next = await v1With('nickname: {type: string}', '"nick\\e]0;pwned\\u0007name": {type: string}');
    const result = await falcon('specs/v1.yaml', next);
    expect(result.stdout).toContain('response 200 › body › nick␛]0;pwned^Gname: added');
    expect(result.stdout).not.toContain('\u001b');
    const json = await falcon('--json', 'specs/v1.yaml', next);
    expect(json.stdout).not.toContain('\u001b');
    expect((JSON.parse(json.stdout) as SpecDiffReport).changes.map((change) => change.at)).toContain(
      'GET /users › response 200 › body[] › nick\u001b]0;pwned\u0007name',
    );
  });

  it('exits 2 with one line when a spec cannot be read, and on bad usage', async () => {
    const missing = await falcon('specs/v1.yaml', 'specs/nope.yaml');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('falcon: specs/nope.yaml: no such file\n');
    expect(missing.stdout).toBe('');
    const notFound = await falcon(`${baseUrl}/missing.yaml`, 'specs/v1.yaml');
    expect(notFound.code).toBe(2);
    expect(notFound.stderr).toMatch(/^falcon: http:\/\/127\.0\.0\.1:\d+\/missing\.yaml: the server answered 404/);
    expect((await falcon('specs/v1.yaml')).code).toBe(2);
    const badOption = await falcon('--fail-on', 'never', 'specs/v1.yaml', 'specs/v2.yaml');
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain("argument 'never' is invalid");
  });
});
