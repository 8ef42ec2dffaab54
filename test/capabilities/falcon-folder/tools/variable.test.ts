import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { variableTool } from '../../../../src/capabilities/falcon-folder/tools/variable.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let ctx: ToolContext;
const globalFile = () => path.join(project.root, '.falcon', 'variables.json');
const globals = async () => JSON.parse(await readFile(globalFile(), 'utf8')) as Record<string, unknown>;

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', 'BASE_URL: http://localhost:3000\nUSER_ID: 7\n');
  await project.write('.falcon/variables.json', JSON.stringify({ TENANT: 'acme', USER_ID: '1', LIMIT: 10 }));
  ctx = toolContext(project.root);
  await ctx.variables.useEnvironment('dev');
});
afterEach(() => project.remove());

type Args = Parameters<typeof variableTool.run>[0];
const call = (args: Args) => variableTool.run(variableTool.schema.parse(args), ctx);

describe('variable in the session', () => {
  it('sets, gets, lists and deletes session variables, which win over the environment', async () => {
    expect(await call({ action: 'get', name: 'USER_ID' })).toBe('USER_ID = 7 (environment dev)');
    expect(await call({ action: 'set', name: 'USER_ID', value: 42 })).toBe('Set USER_ID = 42 for this session.');
    expect(await ctx.variables.resolve('{{USER_ID}}')).toBe('42');
    expect(await call({ action: 'get', name: 'USER_ID' })).toBe('USER_ID = 42 (session)');
    expect(await call({ action: 'list', scope: 'session' })).toBe('Session: 1\n- USER_ID = 42');
    expect(await call({ action: 'delete', name: 'USER_ID' })).toBe('Deleted session variable USER_ID.');
    expect(await call({ action: 'get', name: 'USER_ID', scope: 'global' })).toBe('USER_ID = 1 (global, .falcon/variables.json)');
  });

  it('keeps secrets in the session (memory only), and masks them when showing them', async () => {
    expect(await call({ action: 'set', name: 'API_TOKEN', value: 'tok-1234567890' })).toBe('Set API_TOKEN = [masked] for this session.');
    expect(await call({ action: 'get', name: 'API_TOKEN' })).toBe('API_TOKEN = [masked] (session)');
    expect(await call({ action: 'list' })).not.toContain('tok-1234567890');
    expect(await ctx.variables.resolve('{{API_TOKEN}}')).toBe('tok-1234567890');
  });
});

describe('variable in .falcon/variables.json', () => {
  it('sets a global variable, keeping the other values as they were, in one step', async () => {
    expect(await call({ action: 'set', name: 'REGION', value: 'eu', scope: 'global' })).toBe('Set global REGION = eu (.falcon/variables.json).');
    expect(await globals()).toEqual({ TENANT: 'acme', USER_ID: '1', LIMIT: 10, REGION: 'eu' });
    expect(await readdir(path.dirname(globalFile()))).toEqual(['environments', 'variables.json']);
    expect(await call({ action: 'list', scope: 'global' })).toBe(
      'Global (.falcon/variables.json): 4\n- TENANT = acme\n- USER_ID = 1\n- LIMIT = 10\n- REGION = eu',
    );
    expect(await call({ action: 'delete', name: 'TENANT', scope: 'global' })).toBe('Deleted global variable TENANT (.falcon/variables.json).');
    expect(await globals()).toEqual({ USER_ID: '1', LIMIT: 10, REGION: 'eu' });
  });

  it('creates the file when there is none', async () => {
    await writeFile(globalFile(), '');
    await call({ action: 'set', name: 'REGION', value: 'eu', scope: 'global' });
    expect(await globals()).toEqual({ REGION: 'eu' });
  });

  it('refuses a clear-text secret as a global variable and says what to do instead', async () => {
    const before = await readFile(globalFile(), 'utf8');
    const error = await call({ action: 'set', name: 'API_TOKEN', value: 'tok-1234567890', scope: 'global' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/^Not saved: API_TOKEN looks like a secret/);
    expect((error as Error).message).toContain('API_TOKEN: "{{env:API_TOKEN}}" in .falcon/environments/dev.yaml');
    expect((error as Error).message).toContain('scope "session"');
    expect((error as Error).message).not.toContain('tok-1234567890');
    expect(await readFile(globalFile(), 'utf8')).toBe(before);
    await expect(call({ action: 'set', name: 'HEADER', value: 'Bearer abcdefgh12345678', scope: 'global' })).rejects.toThrow(/^Not saved: HEADER/);
    expect(await readFile(globalFile(), 'utf8')).toBe(before);
    // A placeholder is not a secret.
    await call({ action: 'set', name: 'API_TOKEN', value: '{{env:API_TOKEN}}', scope: 'global' });
    expect(await globals()).toMatchObject({ API_TOKEN: '{{env:API_TOKEN}}' });
  });

  it('lists every scope and points at the active environment', async () => {
    await call({ action: 'set', name: 'ORDER_ID', value: 'o-1' });
    expect(await call({ action: 'list' })).toBe(
      'Session: 1\n- ORDER_ID = o-1\n\nGlobal (.falcon/variables.json): 3\n- TENANT = acme\n- USER_ID = 1\n- LIMIT = 10\n\n' +
        'Environment "dev" is active: see environment {"action": "get"}.',
    );
  });
});

describe('variable arguments', () => {
  it('refuses bad arguments and unknown names clearly, writing nothing', async () => {
    const before = await readFile(globalFile(), 'utf8');
    const cases: Array<[Args, string | RegExp]> = [
      [{ action: 'set', name: 'X' }, 'variable: set needs value'],
      [{ action: 'set', value: '1' }, 'variable: set needs name'],
      [{ action: 'set', name: 'has space', value: '1', scope: 'global' }, /"has space" cannot be a variable name/],
      [{ action: 'set', name: 'env:HOME', value: '1', scope: 'global' }, /cannot be a variable name/],
      [{ action: 'get', name: 'NOPE' }, '{{NOPE}} is not set; see action "list".'],
      [{ action: 'get', name: 'TENANT', scope: 'session' }, '{{TENANT}} is not set in the session scope; see action "list".'],
      [{ action: 'delete', name: 'NOPE' }, 'NOPE is not a session or global variable; nothing was deleted.'],
      [{ action: 'list', value: 'x' }, /list does not use value/],
    ];
    for (const [args, message] of cases) {
      const error = await call(args).catch((e: unknown) => e);
      expect(error, JSON.stringify(args)).toBeInstanceOf(ToolError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await readFile(globalFile(), 'utf8')).toBe(before);
  });

  it('reports a malformed variables.json and leaves it alone', async () => {
    await writeFile(globalFile(), '{ not json');
    await expect(call({ action: 'set', name: 'A', value: '1', scope: 'global' })).rejects.toThrow(/variables\.json is not valid JSON/);
    expect(await readFile(globalFile(), 'utf8')).toBe('{ not json');
  });
});
