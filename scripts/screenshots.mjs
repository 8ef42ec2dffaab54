// `npm run screenshots`: the README's pictures of the dashboard (docs/images/dashboard-*.png), taken
// of a sample project that the built binary's own runs fill: sessions through the scripted fake
// model, then `falcon test`, `perf`, `scan` and `flow run` (test/support/dashboard-sample/, the same
// project test/e2e/dashboard.test.ts drives). Needs Debian's chromium (apt-get install chromium).
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMAGES = path.join(ROOT, 'docs', 'images');
const BUNDLE = path.join(ROOT, 'node_modules', '.cache', 'falcon-screenshots');

/** Each picture: the page, the link (in the row named `row`, if given) that reaches it from its list, and whether to take the whole page or the window. */
const SHOTS = [
  { name: 'overview', path: '/', theme: 'light' },
  { name: 'session', path: '/sessions', row: /Why does GET \/notes\/0/, theme: 'light', fullPage: true },
  { name: 'test-run', path: '/tests', link: 'Notes API 1.0.0', theme: 'light' },
  { name: 'load-run', path: '/load', link: /\/notes$/, theme: 'light', fullPage: true },
  { name: 'security', path: '/security', link: /Account API/, theme: 'dark' },
  { name: 'flow', path: '/flows', link: 'notes', theme: 'dark' },
];

execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
// The sample's helpers are TypeScript test support: bundled here, their packages left to node_modules.
await build({
  entryPoints: {
    sample: path.join(ROOT, 'test/support/dashboard-sample/build-dashboard-sample.ts'),
    ui: path.join(ROOT, 'test/support/dashboard-sample/falcon-ui.ts'),
    browser: path.join(ROOT, 'test/support/report-browser.ts'),
  },
  outdir: BUNDLE,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
// The bundle lives elsewhere than the helper that finds the binary from its own place.
process.env.FALCON_TEST_BIN = path.join(ROOT, 'bin', 'falcon.js');
const { buildDashboardSample } = await import(pathToFileURL(path.join(BUNDLE, 'sample.mjs')).href);
const { startFalconUi } = await import(pathToFileURL(path.join(BUNDLE, 'ui.mjs')).href);
const { launchChromium } = await import(pathToFileURL(path.join(BUNDLE, 'browser.mjs')).href);

const sample = await buildDashboardSample();
const ui = await startFalconUi(['--port', '0'], { cwd: sample.sandbox.project, env: { ...sample.env, TZ: 'UTC' } });
const browser = await launchChromium();
try {
  await mkdir(IMAGES, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: shot.theme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(ui.url);
    await page.goto(`${ui.origin}${shot.path}`);
    if (shot.row) await page.getByRole('row', { name: shot.row }).getByRole('link').click();
    if (shot.link) await page.getByRole('link', { name: shot.link }).first().click();
    await page.waitForLoadState('load');
    const file = path.join(IMAGES, `dashboard-${shot.name}.png`);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
    process.stdout.write(`${path.relative(ROOT, file)}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await ui.stop();
  await sample.close();
  await rm(BUNDLE, { recursive: true, force: true });
}
