// How the CLI is bundled (scripts/build.mjs), shared with the test that holds start-up lazy
// (test/architecture/start-up-imports.test.ts).
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Commander requires child_process as it loads, for the executable subcommands Falcon has none of;
 * that (with net, streams …) was a third of what `falcon --help` loads. Commander gets a stand-in
 * that requires it on first use.
 */
const childProcessOnFirstUse = {
  name: 'child-process-on-first-use',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, ({ importer }) =>
      /[\\/]commander[\\/]/.test(importer) ? { path: 'node:child_process', namespace: 'on-first-use' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'on-first-use' }, ({ path }) => ({
      contents: `let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${JSON.stringify(path)}))[key] });\n`,
      loader: 'js',
    }));
  },
};

/** esbuild's options for the CLI's bundle, entries and output aside. */
export const CLI_BUNDLE = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  jsx: 'automatic',
  external: ['react-devtools-core'],
  plugins: [childProcessOnFirstUse],
  define: { FALCON_VERSION: JSON.stringify(pkg.version) },
  banner: {
    // Some bundled CommonJS dependencies call require(); give ESM output one.
    js: "import { createRequire as __falconCreateRequire } from 'node:module'; const require = __falconCreateRequire(import.meta.url);",
  },
};
