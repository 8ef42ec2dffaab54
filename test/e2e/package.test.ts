// What users install: the packed tarball holds the bundle and nothing it does not run (no source
// maps, no runtime dependencies to fetch), and the installed `falcon` works on its own.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
