// What users install: the packed tarball holds the bundle and nothing it does not run (no source
// maps, no runtime dependencies to fetch), and the installed `falcon` works on its own.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox } from '../support/falcon-binary.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
let root: string;
let packedFiles: string[];
let installedPackage: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-package-'));
  // --ignore-scripts: packs the dist/ the run built first (npm test, test:e2e) instead of rebuilding it
  // through `prepare`, which empties dist/ for a while under the other e2e files running beside this one.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', root], { cwd: repo });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  packedFiles = packed!.files.map((file) => file.path);
  const prefix = path.join(root, 'prefix');
  await run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', path.join(root, packed!.filename)]);
  installedPackage = path.join(prefix, 'lib', 'node_modules', 'falcon');
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

it('ships the bundle, the prompts and the launcher, without source maps or sources', () => {
  expect(packedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
  expect(packedFiles).toEqual(expect.arrayContaining(['bin/falcon.js', 'dist/falcon.js', 'package.json']));
  expect(packedFiles.some((file) => file.startsWith('prompts/'))).toBe(true);
  expect(packedFiles.filter((file) => file.startsWith('src/') || file.startsWith('test/'))).toEqual([]);
});

it('installs without fetching anything and runs a task with nothing else installed', async () => {
  expect(await readdir(installedPackage)).not.toContain('node_modules');
  const models = await startFakeModelServer();
  const sandbox = await createSandbox();
  try {
    await sandbox.writeConfig({ default_provider: 'local', providers: { local: { model: 'm', config: { base_url: models.openaiBaseUrl } } } });
    models.script(['ACTION: list_files({})', 'Final Answer: installed and working']);
    const bin = path.join(installedPackage, 'bin', 'falcon.js');
    expect((await run(process.execPath, [bin, 'version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const task = await run(process.execPath, [bin, '-p', 'list the files'], { cwd: sandbox.project, env: sandbox.env() });
    expect(task.stdout).toBe('installed and working\n');
  } finally {
    await models.close();
    await sandbox.cleanup();
  }
});

it('reads commands with the shell parser it ships, when a deny rule on commands is in force', async () => {
  expect(packedFiles).toContain('dist/sh-syntax.wasm');
  const models = await startFakeModelServer();
  const sandbox = await createSandbox();
  try {
    await sandbox.writeConfig({ default_provider: 'local', providers: { local: { model: 'm', config: { base_url: models.openaiBaseUrl } } } });
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'permissions:\n  deny:\n    - bash(rm *)\n');
    await writeFile(path.join(sandbox.project, 'keep.txt'), 'keep\n');
    models.script(['ACTION: bash({"command": "timeout 5 rm -f keep.txt"})', 'Final Answer: tried']);
    const bin = path.join(installedPackage, 'bin', 'falcon.js');
    const task = await run(process.execPath, [bin, '-p', 'clean up', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(task.stdout).toBe('tried\n');
    expect(models.requests[1]!.messages.at(-1)!.content).toMatch(/^Observation: Denied by the permission rule bash\(rm \*\)/);
    expect(await readFile(path.join(sandbox.project, 'keep.txt'), 'utf8')).toBe('keep\n');
  } finally {
    await models.close();
    await sandbox.cleanup();
  }
});
