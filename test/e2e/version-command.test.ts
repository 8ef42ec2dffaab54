import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

  it('loads none of what runs programs, serves or talks to the network, for --version or --help', async () => {
    // Node's own record of the built-in modules a process loaded, written as it exits (net is stdout's: a pipe).
    const preload = path.join(sandbox.home, 'loaded-modules.cjs');
    const record = path.join(sandbox.home, 'loaded-modules.txt');
    await writeFile(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n')));\n`,
    );
    for (const args of [['--version'], ['--help']]) {
      const result = await runFalcon(args, { cwd: sandbox.project, env: sandbox.env({ NODE_OPTIONS: `--require ${preload}` }) });
      expect(result.code, args[0]).toBe(0);
      const loaded = (await readFile(record, 'utf8')).split('\n');
      expect(loaded, args[0]).toContain('fs');
      expect(
        loaded.filter((name) => /^(child_process|http|https|tls|zlib|worker_threads|readline|crypto)$/.test(name)),
        args[0],
      ).toEqual([]);
    }
  });
});
