// Bundles the CLI into dist/falcon.js. Heavy parts are split out and loaded lazily by dynamic import.
import { build } from 'esbuild';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

await rm(new URL('../dist/', import.meta.url), { recursive: true, force: true });

await build({
  // perf-worker: the thread `falcon perf --workers N` starts (src/engines/perf/run-load-in-workers.ts);
  // yaml-worker: the thread a large YAML spec is parsed in (src/safety/yaml-off-thread.ts).
  entryPoints: { falcon: 'src/cli/main.ts', 'perf-worker': 'src/engines/perf/load-worker.ts', 'yaml-worker': 'src/safety/yaml-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  jsx: 'automatic',
  external: ['react-devtools-core'],
  define: { FALCON_VERSION: JSON.stringify(pkg.version) },
  banner: {
    // Some bundled CommonJS dependencies call require(); give ESM output one.
    js: "import { createRequire as __falconCreateRequire } from 'node:module'; const require = __falconCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
});

// The bash parser permission rules read commands with (src/agent/approval/permissions/shell/shell-syntax.ts)
// is WebAssembly: shipped beside the bundle, read on its first use.
await copyFile(createRequire(import.meta.url).resolve('sh-syntax/main.wasm'), new URL('../dist/sh-syntax.wasm', import.meta.url));
