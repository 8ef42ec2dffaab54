// What Falcon loads before it does anything, read from the bundle esbuild makes of an entry with its
// `await import()`s left out: the files and packages every start pays for. Timing is the
// benchmark's part (npm run bench:startup); this holds the structure that makes it fast.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLI_BUNDLE } from '../../scripts/cli-bundle.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A dynamic import stays out of the bundle: it is loaded when that path runs, not at start-up. */
const lazyImportsLeftOut: Plugin = {
  name: 'lazy-imports-left-out',
  setup(build) {
    build.onResolve({ filter: /.*/ }, ({ kind, path }) => (kind === 'dynamic-import' ? { path, external: true } : undefined));
  },
};

/** The source files and the packages loading `entry` loads before any `await import()`, and what each of them imports. */
async function loadedAtStart(entry: string): Promise<{ files: string[]; packages: string[]; imports: Record<string, string[]> }> {
  const { metafile } = await build({
    ...CLI_BUNDLE,
    plugins: [...CLI_BUNDLE.plugins, lazyImportsLeftOut],
    entryPoints: [entry],
    absWorkingDir: ROOT,
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(metafile.inputs);
  const packages = inputs.map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]).filter((name) => name !== undefined);
  return {
    files: inputs.filter((input) => input.startsWith('src/')).sort(),
    packages: [...new Set(packages)].sort(),
    imports: Object.fromEntries(Object.entries(metafile.inputs).map(([input, { imports }]) => [input, imports.map((imported) => imported.path)])),
  };
}

describe('start-up', () => {
  it('answers --version from the entry alone: no program, no command, no package', async () => {
    expect(await loadedAtStart('src/cli/entry.ts')).toMatchObject({ files: ['src/cli/entry.ts', 'src/cli/stdio-errors.ts', 'src/version.ts'], packages: [] });
  });

  it('loads commander and the commands for the rest, no front end, model, session or engine behind them', async () => {
    const { files, packages } = await loadedAtStart('src/cli/main.ts');
    expect(packages).toEqual(['commander']);
    expect(files).toContain('src/capabilities/index.ts');
    const heavy = /^src\/(tui|llm|mcp|dashboard|agent\/(?!approval\/permissions\/permission-mode\.ts$)|headless\/(?!output-format\.ts$))/;
    expect(files.filter((file) => heavy.test(file))).toEqual([]);
    // A wing's commands load their work when they run: at start-up only manifests, commands and the names they list.
    expect(files.filter((file) => /^src\/capabilities\/[^/]+\/(engine|tools|slash|served|pages)\//.test(file))).toEqual([
      'src/capabilities/scan/engine/checks/all-checks.ts',
      'src/capabilities/scan/engine/severity.ts',
    ]);
  });

  it('gives commander a stand-in for child_process, which it would load with net and streams for subcommands Falcon has none of', async () => {
    const { imports } = await loadedAtStart('src/cli/main.ts');
    const childProcess = Object.entries(imports)
      .filter(([input]) => /node_modules\/commander\//.test(input))
      .flatMap(([, paths]) => paths.filter((path) => path.includes('child_process')));
    expect(childProcess).toEqual(['on-first-use:node:child_process']);
  });
});
