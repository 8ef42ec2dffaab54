import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh folder under the system temp dir, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'falcon-config-test-'));
  created.push(dir);
  return dir;
}

/** Writes a file, private by default as Falcon's own config files are. */
export async function writeText(path: string, text: string, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, { mode });
}

/** Runs `load`, expects it to reject, and checks the file it read is byte-for-byte as it was. */
export async function expectRejectsLeavingFile(path: string, load: () => Promise<unknown>): Promise<Error> {
  const before = await readFile(path);
  const error = await load().then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  expect(error, 'expected the load to fail').toBeInstanceOf(Error);
  expect((await readFile(path)).equals(before)).toBe(true);
  return error!;
}
