import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A project folder holding `files` (relative path → content), removed after the test. */
export async function fixtureProject(files: Record<string, string> = {}): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-init-test-')));
  created.push(root);
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), content);
  }
  return root;
}

/** A package.json with these dependencies (and optionally dev dependencies and scripts). */
export function packageJson(dependencies: string[], extra: { devDependencies?: string[]; scripts?: Record<string, string> } = {}): string {
  const versions = (names: string[]) => Object.fromEntries(names.map((name) => [name, '*']));
  return JSON.stringify({
    name: 'fixture',
    ...(extra.scripts && { scripts: extra.scripts }),
    dependencies: versions(dependencies),
    ...(extra.devDependencies && { devDependencies: versions(extra.devDependencies) }),
  });
}
