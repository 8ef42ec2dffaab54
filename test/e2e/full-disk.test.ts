import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPEC_FIXTURES } from '../engines/spec/spec-project.js';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { requirePlatform, requireRoot } from '../support/required-tools.js';

// A disk that is really full: a 64 KB tmpfs, filled up, holding the project. Falcon says so in one
// line (no ENOSPC stack trace) and leaves no empty or half-written file behind.

let models: FakeModelServer;
let sandbox: Sandbox;
let disk: string;
let project: string;

/** Writes until the file system refuses: what is left is too little for any file. */
async function fillUp(folder: string): Promise<void> {
  for (let index = 0; ; index++) {
    try {
      await writeFile(path.join(folder, `filler-${index}`), Buffer.alloc(4096));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw error;
    }
  }
}

const ONE_LINE = (what: string) => new RegExp(`^falcon: ${what}: no space left on the disk \\(ENOSPC\\); free some space and try again\\n$`);

describe('a full disk', { ...requirePlatform('linux', 'mounts a tmpfs'), ...requireRoot('mounts a 64 KB tmpfs and fills it') }, () => {
  beforeAll(async () => {
    models = await startFakeModelServer({ models: ['gpt-test'] });
  });
  afterAll(() => models?.close());
  beforeEach(async () => {
    sandbox = await createSandbox();
    models.reset();
    disk = await mkdtemp(path.join(tmpdir(), 'falcon-full-disk-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk], { encoding: 'utf8' });
    if (mounted.status !== 0) throw new Error(`cannot mount a tmpfs at ${disk}: ${mounted.stderr}`);
    project = path.join(disk, 'project');
    await mkdir(path.join(project, '.falcon'), { recursive: true });
  });
  afterEach(async () => {
    spawnSync('umount', [disk]);
    await rm(disk, { recursive: true, force: true });
    await sandbox.cleanup();
  });

  it('ends falcon -p with one line naming the session file, and leaves no empty session file', async () => {
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: {
        openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 131_072 } },
      },
    });
    models.script(['Final Answer: hello']);
    await fillUp(disk);
    const result = await runFalcon(['-p', 'hi'], { cwd: project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      ONE_LINE(`cannot save the session to ${path.join(project, '.falcon', 'sessions').replaceAll('/', '\\/')}\\/[\\w.-]+\\.jsonl`),
    );
    expect(await readdir(path.join(project, '.falcon', 'sessions')).catch(() => [])).toEqual([]);
  });

  it('ends falcon spec ingest with one line naming the file, and leaves no file behind', async () => {
    await copyFile(path.join(SPEC_FIXTURES, 'petstore-3.0.yaml'), path.join(project, 'openapi.yaml'));
    await fillUp(disk);
    const result = await runFalcon(['spec', 'ingest', 'openapi.yaml'], { cwd: project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(ONE_LINE(`cannot write ${path.join(project, '.falcon', 'spec.yaml').replaceAll('/', '\\/').replaceAll('.', '\\.')}`));
    expect(await readdir(path.join(project, '.falcon'))).toEqual([]);
  });
});
