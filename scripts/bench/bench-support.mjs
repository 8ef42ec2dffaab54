// What several benchmarks need: Falcon's TypeScript modules as importable JavaScript, and ripgrep's version.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `source` (module text, its imports relative to the repository) with esbuild, as the CLI
 * build does, into `folder/name.mjs`, and imports it.
 */
export async function importTypeScript(folder, name, source) {
  const outfile = path.join(folder, `${name}.mjs`);
  await build({
    stdin: { contents: source, resolveDir: repo, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/** The first line of `rg --version`, or undefined when ripgrep is not installed. */
export function ripgrepVersion() {
  return new Promise((resolve) => {
    const child = spawn('rg', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? out.split('\n')[0] : undefined));
  });
}
