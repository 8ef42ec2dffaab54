// What a newcomer does: clones the repository, runs the README's first block as it is written, in
// an empty HOME, and gets a `falcon` on PATH; and what a machine without the clone installs: the
// packed tarball, whose global install prints no npm warning and runs with nothing else installed.
// One clone serves both. npm reads only the local cache (what `npm ci` filled) unless something is
// missing from it, and installs into prefixes of the test's own, never the machine's.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox } from '../support/falcon-binary.js';
import { startInPty } from '../support/pty-session.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
/** npm installing a few hundred packages from the cache takes a minute on a quiet machine; a busy one may take many. */
const NPM_TIME = 900_000;

interface FirstBlock {
  install: string[];
  run: string[];
  test: string[];
}

/** The README's first fenced block, its lines as they are written, sorted by what they do. */
function firstBlock(readme: string): FirstBlock {
  const body = /^```\w*\n([\s\S]*?)^```/m.exec(readme)?.[1] ?? '';
  const lines = body.split('\n').filter((line) => line.trim() !== '');
  const command = (line: string) => line.replace(/\s+#.*$/, '').trim();
  return {
    test: lines.filter((line) => /^npm (?:run )?test\b/.test(command(line))),
    run: lines.filter((line) => /^falcon\b/.test(command(line))),
    install: lines.filter((line) => !/^npm (?:run )?test\b|^falcon\b/.test(command(line))),
  };
}

/**
 * A shell's environment with nothing of this one's npm: an empty HOME (no ~/.npmrc, no ~/.falcon),
 * npm's global prefix the test's own, its bin first on PATH, and the machine's npm cache.
 */
function cleanEnvironment(home: string, prefix: string, npmCache: string): NodeJS.ProcessEnv {
  const outsidePath = (process.env.PATH ?? '').split(path.delimiter).filter((entry) => entry !== '' && !entry.includes('node_modules'));
  return {
    PATH: [path.join(prefix, 'bin'), path.dirname(process.execPath), ...outsidePath].join(path.delimiter),
    HOME: home,
    LANG: 'C.UTF-8',
    npm_config_prefix: prefix,
    npm_config_cache: npmCache,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
  };
}

/** Runs a command line in bash as a user would type it; its exit code and everything it printed, in order. */
async function shell(line: string, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('bash', ['-c', `${line}\n`], { ...options, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

const npmWarnings = (output: string) => output.split('\n').filter((line) => /^npm warn/i.test(line));

let root: string;
let clone: string;
let block: FirstBlock;
let npmCache: string;
let manifest: { name: string; version: string };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-package-'));
  clone = path.join(root, 'clone');
  await run('git', ['clone', '--quiet', repo, clone]);
  block = firstBlock(await readFile(path.join(clone, 'README.md'), 'utf8'));
  manifest = JSON.parse(await readFile(path.join(clone, 'package.json'), 'utf8')) as typeof manifest;
  npmCache = (await run('npm', ['config', 'get', 'cache'])).stdout.trim();
});
afterAll(() => rm(root, { recursive: true, force: true }));

it("the README's first block installs, runs and tests Falcon", () => {
  expect(block.install.length).toBeGreaterThan(0);
  expect(block.run.length).toBeGreaterThan(0);
  expect(block.test).toHaveLength(1);
});

describe("the README's first block, run as written in a fresh clone with an empty HOME", () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  const installed: { code: number; output: string }[] = [];

  beforeAll(async () => {
    home = path.join(root, 'home');
    await mkdir(home);
    env = cleanEnvironment(home, path.join(root, 'prefix'), npmCache);
    for (const line of block.install) {
      const result = await shell(line, { cwd: clone, env });
      installed.push(result);
      if (result.code !== 0) break;
    }
  }, NPM_TIME);

  it('installs without an npm warning, and puts a `falcon` that runs on PATH', async () => {
    for (const [index, result] of installed.entries()) {
      expect(result.code, `${block.install[index]}\n${result.output}`).toBe(0);
      expect(npmWarnings(result.output), block.install[index]).toEqual([]);
    }
    expect(installed).toHaveLength(block.install.length);
    const version = await shell('command -v falcon && falcon --version', { cwd: home, env });
    expect(version.output.trim().split('\n')).toEqual([path.join(root, 'prefix', 'bin', 'falcon'), manifest.version]);
  });

  it("runs Falcon in an API's folder: the first run starts setting the project up", async () => {
    const api = path.join(root, 'api');
    await mkdir(api);
    for (const line of block.run) {
      const falcon = startInPty('bash', ['-c', line], { cwd: api, env });
      try {
        await falcon.waitForText('Framework of this API');
        falcon.write('\x03');
        await falcon.exited;
      } finally {
        falcon.kill();
      }
    }
  });

  it('has the test command the package defines', async () => {
    const scripts = (JSON.parse(await readFile(path.join(clone, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(
      scripts[
        block.test[0]!.replace(/\s+#.*$/, '')
          .trim()
          .replace(/^npm (?:run )?/, '')
      ],
    ).toBeDefined();
  });
});

describe('the packed tarball', () => {
  let packedFiles: string[];
  let tarball: string;
  let install: { code: number; output: string };
  let prefix: string;

  beforeAll(async () => {
    const home = path.join(root, 'pack-home');
    await mkdir(home);
    // Packed from the clone: prepack builds the clone's dist/, never this checkout's, which other e2e files run.
    const packEnv = cleanEnvironment(home, path.join(root, 'pack-prefix'), npmCache);
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', root], { cwd: clone, env: packEnv, maxBuffer: 64 * 1024 * 1024 });
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    packedFiles = packed!.files.map((file) => file.path);
    tarball = packed!.filename;
    prefix = path.join(root, 'tarball-prefix');
    install = await shell(`npm install --global --offline ./${tarball}`, { cwd: root, env: cleanEnvironment(home, prefix, npmCache) });
  }, NPM_TIME);

  it('is named after the package, as the README names it', async () => {
    expect(tarball).toBe(`${manifest.name}-${manifest.version}.tgz`);
    const readme = await readFile(path.join(clone, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/[\w.-]+-\d+\.\d+\.\d+\.tgz/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([tarball]));
  });

  it('ships the bundle, the prompts and the launcher, without source maps or sources', () => {
    expect(packedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(packedFiles).toEqual(expect.arrayContaining(['bin/falcon.js', 'dist/falcon.js', 'package.json', 'schemas/falcon-flow.schema.json']));
    expect(packedFiles.some((file) => file.startsWith('prompts/'))).toBe(true);
    expect(packedFiles.filter((file) => file.startsWith('src/') || file.startsWith('test/'))).toEqual([]);
  });

  it('installs globally without an npm warning and without fetching anything', async () => {
    expect(install.code, install.output).toBe(0);
    expect(npmWarnings(install.output)).toEqual([]);
    expect(await readdir(path.join(prefix, 'lib', 'node_modules', manifest.name))).not.toContain('node_modules');
  });

  it('runs a task with nothing else installed', async () => {
    const models = await startFakeModelServer();
    const sandbox = await createSandbox();
    try {
      await sandbox.writeConfig({ default_provider: 'local', providers: { local: { model: 'm', config: { base_url: models.openaiBaseUrl } } } });
      models.script(['ACTION: list_files({})', 'Final Answer: installed and working']);
      const bin = path.join(prefix, 'bin', 'falcon');
      expect((await run(bin, ['version'])).stdout.trim()).toBe(manifest.version);
      const task = await run(bin, ['-p', 'list the files'], { cwd: sandbox.project, env: sandbox.env() });
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
      const bin = path.join(prefix, 'bin', 'falcon');
      const task = await run(bin, ['-p', 'clean up', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
      expect(task.stdout).toBe('tried\n');
      expect(models.requests[1]!.messages.at(-1)!.content).toMatch(/^Observation: Denied by the permission rule bash\(rm \*\)/);
      expect(await readFile(path.join(sandbox.project, 'keep.txt'), 'utf8')).toBe('keep\n');
    } finally {
      await models.close();
      await sandbox.cleanup();
    }
  });
});
