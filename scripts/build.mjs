// Bundles the CLI into dist/falcon.js. Heavy parts are split out and loaded lazily by dynamic import.
import { build } from 'esbuild';
import { copyFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { CLI_BUNDLE } from './cli-bundle.mjs';

await rm(new URL('../dist/', import.meta.url), { recursive: true, force: true });

await build({
  ...CLI_BUNDLE,
  // falcon: the process's entry, which answers --version alone and imports src/cli/main.ts for the rest;
  // perf-worker: the thread `falcon perf --workers N` starts (src/engines/perf/run-load-in-workers.ts);
  // yaml-worker: the thread a large YAML spec is parsed in (src/safety/yaml-off-thread.ts).
  entryPoints: { falcon: 'src/cli/entry.ts', 'perf-worker': 'src/engines/perf/load-worker.ts', 'yaml-worker': 'src/safety/yaml-worker.ts' },
  outdir: 'dist',
  splitting: true,
  sourcemap: 'linked',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
});

// The bash parser permission rules read commands with (src/agent/approval/permissions/shell/shell-syntax.ts)
// is WebAssembly: shipped beside the bundle, read on its first use.
await copyFile(createRequire(import.meta.url).resolve('sh-syntax/main.wasm'), new URL('../dist/sh-syntax.wasm', import.meta.url));
