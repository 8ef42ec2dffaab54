import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listEnvironments } from '../../src/workspace/environments.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-vars-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(project, '.falcon', 'environments', 'dev.yaml'), 'BASE_URL: http://localhost:3000\nUSER_ID: 7\n');
  await writeFile(path.join(project, '.falcon', 'environments', 'staging.yml'), 'BASE_URL: https://staging.example.com\n');
  await writeFile(path.join(project, '.falcon', 'variables.json'), JSON.stringify({ USER_ID: '1', TENANT: 'acme' }));
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe('VariableScope', () => {
  it('starts in dev and resolves session, environment, global and process variables in that order', async () => {
    const scope = await VariableScope.open(project, { API_TOKEN: 't0k' });
    expect(scope.environment).toBe('dev');
    expect(await scope.resolve('{{BASE_URL}}/users/{{USER_ID}}?t={{ TENANT }}&k={{env:API_TOKEN}}')).toBe('http://localhost:3000/users/7?t=acme&k=t0k');
    scope.session.set('USER_ID', '42');
    expect(await scope.resolve('{{USER_ID}}')).toBe('42');
  });

  it('layers values over the session for one use, leaving the scope as it was', async () => {
    const scope = await VariableScope.open(project, {});
    scope.session.set('TENANT', 'session-tenant');
    const row = scope.withValues({ USER_ID: '99', name: 'Ada' });
    expect(await row.resolve('{{BASE_URL}}/users/{{USER_ID}}?t={{TENANT}}&n={{name}}')).toBe('http://localhost:3000/users/99?t=session-tenant&n=Ada');
    expect(row.environment).toBe('dev');
    expect(await scope.resolve('{{USER_ID}}')).toBe('7');
    await expect(scope.resolve('{{name}}')).rejects.toThrow('unknown variable {{name}}');
  });

  it('switches environment, which changes resolution', async () => {
    const scope = await VariableScope.open(project, {});
    await scope.useEnvironment('staging');
    expect(await scope.resolve('{{BASE_URL}}/health')).toBe('https://staging.example.com/health');
    await expect(scope.useEnvironment('prod')).rejects.toThrow(/No environment "prod"/);
    expect(scope.environment).toBe('staging');
    expect(await listEnvironments(project)).toEqual(['dev', 'staging']);
  });

  it('names every unknown placeholder in one error', async () => {
    const scope = await VariableScope.open(project, {});
    await expect(scope.resolve('{{NOPE}} and {{ALSO_NOPE}} and {{BASE_URL}}')).rejects.toThrow(
      'unknown variables {{NOPE}}, {{ALSO_NOPE}}: not set in the session, environment "dev" or .falcon/variables.json',
    );
  });

  it('resolves inside objects and arrays, keeping their shape', async () => {
    const scope = await VariableScope.open(project, {});
    expect(await scope.resolveDeep({ id: '{{USER_ID}}', tags: ['{{TENANT}}', 3], nested: { ok: true } })).toEqual({
      id: '7',
      tags: ['acme', 3],
      nested: { ok: true },
    });
  });

  it('names every unknown placeholder of a whole object in one error', async () => {
    const scope = await VariableScope.open(project, {});
    await expect(scope.resolveDeep({ url: '{{NOPE}}', headers: { a: '{{ALSO_NOPE}}' } })).rejects.toThrow('unknown variables {{NOPE}}, {{ALSO_NOPE}}');
  });

  it('reports a malformed variables.json instead of ignoring it', async () => {
    await writeFile(path.join(project, '.falcon', 'variables.json'), '{ not json');
    const scope = await VariableScope.open(project, {});
    await expect(scope.resolve('{{TENANT}}')).rejects.toThrow(/variables\.json is not valid JSON/);
  });
});
