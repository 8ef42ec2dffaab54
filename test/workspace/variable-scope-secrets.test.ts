import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-vars-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
  await writeFile(
    path.join(project, '.falcon', 'environments', 'dev.yaml'),
    'BASE_URL: http://localhost:3000\nAPI_TOKEN: "{{env:DEV_TOKEN}}"\nCLIENT_SECRET: cs-Literal-9f8e7d\nTENANT: acme-Corp-42\n',
  );
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe('VariableScope registers the secrets it fills in', () => {
  it("registers the active environment's secrets as soon as it opens or switches, before any use", async () => {
    await writeFile(path.join(project, '.falcon', 'environments', 'prod.yaml'), 'BASE_URL: https://api.example.com\nPROD_PASSWORD: Pr0d-Passw0rd-x\n');
    const secrets = new SecretRegistry();
    const scope = await VariableScope.open(project, { DEV_TOKEN: 'Zq8Lm3vNx0Tk' }, undefined, secrets);
    expect(secrets.maskValues('pasted Zq8Lm3vNx0Tk and cs-Literal-9f8e7d')).toBe('pasted [masked:DEV_TOKEN] and [masked:CLIENT_SECRET]');
    await scope.useEnvironment('prod');
    expect(secrets.maskValues('Pr0d-Passw0rd-x')).toBe('[masked:PROD_PASSWORD]');
  });

  it('registers a {{env:NAME}} value under its name, also inside an environment value', async () => {
    const secrets = new SecretRegistry();
    const scope = await VariableScope.open(project, { DEV_TOKEN: 'Zq8Lm3vNx0Tk', OTHER: 'Other-Value-77' }, undefined, secrets);
    await scope.resolve('{{BASE_URL}}/x?a={{API_TOKEN}}&b={{env:OTHER}}');
    expect(secrets.maskValues('Zq8Lm3vNx0Tk Other-Value-77 http://localhost:3000')).toBe('[masked:DEV_TOKEN] [masked:OTHER] http://localhost:3000');
  });

  it('registers the literal value of a secret-named variable, not that of other variables', async () => {
    const secrets = new SecretRegistry();
    const scope = await VariableScope.open(project, {}, undefined, secrets);
    await scope.resolveDeep({ headers: { 'X-Secret': '{{CLIENT_SECRET}}', 'X-Tenant': '{{TENANT}}' } });
    expect(secrets.maskValues('cs-Literal-9f8e7d acme-Corp-42')).toBe('[masked:CLIENT_SECRET] acme-Corp-42');
  });

  it('registers nothing for a name it cannot fill, and shares the registry with the scopes it makes', async () => {
    const secrets = new SecretRegistry();
    const scope = await VariableScope.open(project, {}, undefined, secrets);
    const known = secrets.size; // CLIENT_SECRET, registered as the environment opened
    await expect(scope.resolve('{{API_TOKEN}}')).rejects.toThrow(/DEV_TOKEN/);
    expect(secrets.size).toBe(known);
    await scope.withValues({ password: 'row-Passw0rd' }).resolve('{{password}}');
    expect(secrets.maskValues('row-Passw0rd')).toBe('[masked:password]');
  });
});
