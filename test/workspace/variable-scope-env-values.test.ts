import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VariableScope } from '../../src/workspace/variable-scope.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-vars-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
  // As falcon init advises: the secret stays in the shell or .env, the file names it.
  await writeFile(path.join(project, '.falcon', 'environments', 'dev.yaml'), 'API_TOKEN: "{{env:DEV_TOKEN}}"\nLABEL: "{{OTHER}}"\n');
});
afterEach(() => rm(project, { recursive: true, force: true }));

describe('VariableScope with {{env:NAME}} inside values', () => {
  it('fills an environment value that names a process variable', async () => {
    const scope = await VariableScope.open(project, { DEV_TOKEN: 't0k3n' });
    expect(await scope.resolve('Bearer {{API_TOKEN}}')).toBe('Bearer t0k3n');
  });

  it('says which process variable is missing', async () => {
    const scope = await VariableScope.open(project, {});
    await expect(scope.resolve('Bearer {{API_TOKEN}}')).rejects.toThrow(
      'unknown variable {{env:DEV_TOKEN}}: not set in the environment (export it, or add it to the .env of a trusted folder)',
    );
  });

  it('leaves other placeholders inside values as they are (values are not resolved again)', async () => {
    const scope = await VariableScope.open(project, {});
    expect(await scope.resolve('{{LABEL}}')).toBe('{{OTHER}}');
  });
});
