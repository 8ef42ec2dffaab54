import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { environmentTool } from '../../../../src/capabilities/falcon-folder/tools/environment.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let ctx: ToolContext;
const DEV = '# Secrets never in clear: API_TOKEN: "{{env:API_TOKEN}}"\nBASE_URL: http://localhost:3000 # the dev server\nUSER_ID: 7\n';

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', DEV);
  await project.write('.falcon/environments/staging.yml', 'BASE_URL: https://staging.example.com\nPASSWORD: hunter22\nTOKEN: "{{env:STAGING_TOKEN}}"\n');
  ctx = toolContext(project.root);
});
afterEach(() => project.remove());

type Args = Parameters<typeof environmentTool.run>[0];
const call = (args: Args) => environmentTool.run(environmentTool.schema.parse(args), ctx);
const environmentsDir = () => path.join(project.root, '.falcon', 'environments');
const read = (file: string) => readFile(path.join(environmentsDir(), file), 'utf8');

describe('environment', () => {
  it('lists the environments and marks the active one', async () => {
    expect(await call({ action: 'list' })).toBe('2 environments:\n- dev\n- staging\nNo environment is active: switch with action "use".');
    await ctx.variables.useEnvironment('dev');
    expect(await call({ action: 'list' })).toBe('2 environments:\n- dev (active)\n- staging');
  });

  it('shows an environment with secret values masked and placeholders kept', async () => {
    expect(await call({ action: 'get', name: 'staging' })).toBe(
      'Environment "staging": 3 variables\nBASE_URL: https://staging.example.com\nPASSWORD: [masked]\nTOKEN: {{env:STAGING_TOKEN}}',
    );
    await expect(call({ action: 'get' })).rejects.toThrow('No environment is active; give a name (see action "list").');
    await ctx.variables.useEnvironment('dev');
    expect(await call({ action: 'get' })).toMatch(/^Environment "dev" \(active\): 2 variables\nBASE_URL: http:\/\/localhost:3000\nUSER_ID: 7$/);
  });

  it('switches the session to another environment, which changes {{VAR}} resolution', async () => {
    expect(await call({ action: 'use', name: 'staging' })).toMatch(/^Active environment: staging/);
    expect(ctx.variables.environment).toBe('staging');
    expect(await ctx.variables.resolve('{{BASE_URL}}')).toBe('https://staging.example.com');
    await expect(call({ action: 'use', name: 'prod' })).rejects.toThrow(/No environment "prod"/);
    expect(ctx.variables.environment).toBe('staging');
  });

  it('merges variables into a file, keeping its comments, order and other values; null removes one', async () => {
    const output = await call({ action: 'set', name: 'dev', variables: { USER_ID: 8, NEW_ONE: 'x y', BASE_URL: null } });
    expect(output).toBe('Updated environment "dev" (.falcon/environments/dev.yaml):\n- USER_ID: 8\n- NEW_ONE: x y\n- BASE_URL removed');
    expect(await read('dev.yaml')).toBe('# Secrets never in clear: API_TOKEN: "{{env:API_TOKEN}}"\nUSER_ID: "8"\nNEW_ONE: x y\n');
    expect((await readdir(environmentsDir())).sort()).toEqual(['dev.yaml', 'staging.yml']);
  });

  it('creates an environment, masks secrets it echoes and advises {{env:NAME}} for them', async () => {
    const output = await call({ action: 'set', name: 'prod', variables: { BASE_URL: 'https://api.example.com', API_TOKEN: 'tok-1234567890' } });
    expect(output).toContain('Created environment "prod" (.falcon/environments/prod.yaml):');
    expect(output).toContain('- API_TOKEN: [masked]');
    expect(output).toContain('prefer API_TOKEN: "{{env:API_TOKEN}}"');
    expect(output).not.toContain('tok-1234567890');
    expect(await read('prod.yaml')).toBe('BASE_URL: https://api.example.com\nAPI_TOKEN: tok-1234567890\n');
  });

  it('deletes an environment, but not the active one', async () => {
    await ctx.variables.useEnvironment('dev');
    await expect(call({ action: 'delete', name: 'dev' })).rejects.toThrow(/"dev" is the active environment/);
    expect(await call({ action: 'delete', name: 'staging' })).toBe('Deleted environment "staging" (.falcon/environments/staging.yml).');
    expect(await readdir(environmentsDir())).toEqual(['dev.yaml']);
  });

  it('refuses bad arguments with a clear message and writes nothing', async () => {
    const before = await read('dev.yaml');
    const cases: Array<[Args, string | RegExp]> = [
      [{ action: 'set', name: 'dev' }, 'environment: set needs variables'],
      [{ action: 'set', name: 'dev', variables: {} }, /set needs at least one variable/],
      [{ action: 'set', name: '../outside', variables: { A: '1' } }, /"\.\.\/outside" cannot be an environment name/],
      [{ action: 'set', name: 'dev', variables: { 'BAD NAME': '1' } }, /"BAD NAME" cannot be a variable name/],
      [{ action: 'use' }, 'environment: use needs name'],
      [{ action: 'list', variables: { A: '1' } }, /list does not use variables/],
      [{ action: 'delete', name: 'nope' }, /No environment "nope"/],
    ];
    for (const [args, message] of cases) {
      const error = await call(args).catch((e: unknown) => e);
      expect(error, JSON.stringify(args)).toBeInstanceOf(ToolError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await read('dev.yaml')).toBe(before);
    expect((await readdir(environmentsDir())).sort()).toEqual(['dev.yaml', 'staging.yml']);
    expect(await project.snapshotOutside()).toEqual(await project.snapshotOutside());
  });

  it('reports a malformed environment file instead of overwriting it', async () => {
    await project.write('.falcon/environments/broken.yaml', 'BASE_URL: [unclosed\n');
    await expect(call({ action: 'set', name: 'broken', variables: { A: '1' } })).rejects.toThrow(/broken\.yaml/);
    expect(await read('broken.yaml')).toBe('BASE_URL: [unclosed\n');
  });
});
