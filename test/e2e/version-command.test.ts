import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

describe('falcon version', () => {
  it('prints what --version and -v print: the version of the package', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const args of [['version'], ['--version'], ['-v']]) {
      expect(await runFalcon(args, { cwd: sandbox.project, env: sandbox.env() })).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('is listed in help beside the other commands', async () => {
    const help = await runFalcon(['--help'], { cwd: sandbox.project, env: sandbox.env() });
    expect(help.stdout).toMatch(/\n {2}version \[options\] +print the version\n/);
  });
});
