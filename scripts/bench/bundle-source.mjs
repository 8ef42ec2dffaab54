// Benchmarks that call Falcon's own functions (not the CLI) bundle a small entry script into a
// source tree, as the CLI itself is bundled, and run it with node.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const repo = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));

/** The working tree as it is, through links, so a bundle finds prompts/ beside its package.json. */
export async function linkWorkingTree(root, names = ['src', 'prompts', 'package.json', 'node_modules']) {
  const dir = path.join(root, 'now');
  await mkdir(dir, { recursive: true });
  for (const name of names) await symlink(path.join(repo, name), path.join(dir, name));
  return dir;
}

/** Writes `source` as `<name>.ts` in `dir`, bundles it, and returns the bundle's path. */
export async function bundleEntry(dir, name, source) {
  const entry = path.join(dir, `${name}.ts`);
  await writeFile(entry, source);
  const outfile = path.join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    define: { FALCON_VERSION: JSON.stringify(pkg.version) },
    banner: { js: "import { createRequire as __falconCreateRequire } from 'node:module'; const require = __falconCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}
