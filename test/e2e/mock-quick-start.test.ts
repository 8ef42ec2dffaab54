// The README's path with no API of one's own, run as written: the mock of the shipped example spec
// in the background, then `falcon test` against it, which must pass. The lines are read from the
// README; `falcon` on PATH is the built binary.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FALCON_BIN } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The fenced block under "No API of your own yet", its command lines as written. */
function quickStartLines(readme: string): string[] {
  const section = readme.slice(readme.indexOf('### No API of your own yet'));
  const body = /^```\w*\n([\s\S]*?)^```/m.exec(section)?.[1] ?? '';
  return body.split('\n').filter((line) => line.trim() !== '');
}

let folder: string;
let env: NodeJS.ProcessEnv;
let mock: ChildProcess | undefined;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-quick-start-'));
  await writeFile(path.join(folder, 'falcon'), `#!/bin/sh\nexec "${process.execPath}" "${FALCON_BIN}" "$@"\n`);
  await chmod(path.join(folder, 'falcon'), 0o755);
  env = { PATH: `${folder}${path.delimiter}${process.env.PATH ?? ''}`, HOME: folder, FALCON_HOME: path.join(folder, 'home'), NO_COLOR: '1' };
});

afterAll(async () => {
  if (mock?.pid !== undefined && mock.exitCode === null) process.kill(-mock.pid, 'SIGTERM');
  await rm(folder, { recursive: true, force: true });
});

it('the README quick start with no API of its own serves the example spec and tests it, exiting 0', async () => {
  const [mockLine, testLine, ...rest] = quickStartLines(await readFile(path.join(repo, 'README.md'), 'utf8'));
  expect(rest).toEqual([]);
  expect(mockLine).toMatch(/^falcon mock examples\/petstore\.yaml\b.*&/);
  expect(testLine).toMatch(/^falcon test --spec examples\/petstore\.yaml --base-url http:\/\/127\.0\.0\.1:4010\b/);

  // As a user does: the first line runs in the background, the second once the mock says it listens.
  mock = spawn('bash', ['-c', `${mockLine!}\nwait`], { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  mock.stdout!.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  mock.stderr!.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  await until(() => said.includes('Listening on http://127.0.0.1:4010'), `the mock's "Listening on" line (it said: ${said})`);

  const tested = await run('bash', ['-c', testLine!], { cwd: repo, env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect('code' in tested ? tested.code : 0, tested.stdout + tested.stderr).toBe(0);
  expect(tested.stdout).toMatch(/✓ no failures in \d+ cases/);
  expect(tested.stdout).toContain('Operations: 5/5 covered');
  // The mock logged the requests it answered, valid and refused.
  expect(said).toMatch(/^POST \/pets 201 createPet$/m);
  expect(said).toMatch(/^GET \/pets\/\S+ 404 showPetById: /m);
}, 120_000);
