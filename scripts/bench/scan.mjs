// `falcon scan` against Corner Shop, the deliberately vulnerable API of test/apis/vulnerable-api/,
// scored against its manifest (the reference: the bugs planted in it and the controls protected
// correctly), and against its secure twin. Aim (issue 17): recall ≥ 0.9, no control reported, and
// nothing high or critical in the twin.
//   npm run build && node scripts/bench/scan.mjs [--rate 20]
// FALCON_BENCH_BIN names another build of bin/falcon.js. Without --rate the scan runs at its default.
// Both APIs are served by this process; each scan is the built binary in a process of its own, as
// users run it, the two at once: a scan waits on its pace and on the sleeps it asks for, not on a CPU.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importTypeScript } from './bench-support.mjs';

const { values: args } = parseArgs({ options: { rate: { type: 'string' } } });
const falcon = process.env.FALCON_BENCH_BIN ?? fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));
// Not the API's own specFile: bundled, it is resolved from the scratch folder.
const specFile = fileURLToPath(new URL('../../test/fixtures/specs/vulnerable-api.yaml', import.meta.url));

const scratch = await mkdtemp(path.join(os.tmpdir(), 'falcon-bench-scan-'));
try {
  const shop = await importTypeScript(
    scratch,
    'corner-shop',
    "export * from './test/apis/vulnerable-api/vulnerable-api.ts'; export * from './test/apis/vulnerable-api/manifest.ts'; export { RULE_NAMES } from './src/capabilities/scan/engine/checks/all-checks.ts';",
  );
  console.log(`falcon scan against Corner Shop (test/apis/vulnerable-api/) as alice, bob and admin, --allow-destructive, rate ${args.rate ?? 'the default'}`);
  console.log(`Node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'})\n`);
  const [vulnerable, twin] = await Promise.all([scanShop(shop, false), scanShop(shop, true)]);
  const score = shop.scoreFindings(vulnerable.report.findings);
  printRules(shop, score);

  const { PLANTED, CONTROLS } = shop;
  const found = PLANTED.length - score.missed.length;
  console.log(`\n  ${''.padEnd(20)} ${'falcon scan'.padStart(12)}   the reference (the manifest)`);
  console.log(`  ${'recall'.padEnd(20)} ${score.recall.toFixed(2).padStart(12)}   ${found} of ${PLANTED.length} planted bugs found`);
  console.log(`  ${'precision'.padEnd(20)} ${score.precision.toFixed(2).padStart(12)}   ${score.falsePositives.length} false positives`);
  console.log(`  ${'controls reported'.padEnd(20)} ${String(score.controlsReported.length).padStart(12)}   of ${CONTROLS.length} controls`);
  console.log(`  ${'requests'.padEnd(20)} ${String(vulnerable.report.requests).padStart(12)}   ${vulnerable.throttled} answered 429`);
  console.log(`  ${'time'.padEnd(20)} ${`${vulnerable.seconds.toFixed(1)} s`.padStart(12)}`);
  for (const entry of score.missed) console.log(`  missed: ${entry.rule} ${entry.method} ${entry.path}`);
  for (const finding of score.falsePositives) console.log(`  false positive: ${finding.rule} ${finding.method} ${finding.path}`);

  const serious = twin.report.findings.filter((finding) => finding.severity === 'high' || finding.severity === 'critical');
  console.log(
    `\nsecure twin: ${twin.report.findings.length} findings, ${serious.length} high or critical; ${twin.report.requests} requests (${twin.throttled} answered 429) in ${twin.seconds.toFixed(1)} s`,
  );
  for (const finding of twin.report.findings) console.log(`  ${finding.severity} ${finding.rule} ${finding.method} ${finding.path}: ${finding.title}`);

  const met = score.recall >= 0.9 && score.controlsReported.length === 0;
  console.log(
    `\naim, recall ≥ 0.9 and no control reported: ${met ? 'MET' : 'NOT met'} (recall ${score.recall.toFixed(2)}, ${score.controlsReported.length} controls reported)`,
  );
  console.log(`aim, nothing high or critical in the secure twin: ${serious.length === 0 ? 'MET' : 'NOT met'}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/** Starts the API (or its twin) and scans it with the built binary; its --json report, its time and the 429s the API answered. */
async function scanShop(shop, secure) {
  const api = await shop.startVulnerableApi({ secure });
  // A scratch folder as home and working folder: no user config is read and no report lands in a project.
  const folder = path.join(scratch, secure ? 'twin' : 'vulnerable');
  await mkdir(folder);
  const json = path.join(folder, 'findings.json');
  const users = Object.values(api.users).flatMap(({ username, password }) => ['--user', `${username}:${password}`]);
  const flags = ['--spec', specFile, '--base-url', api.url, ...users, '--json', json, '--allow-destructive', ...(args.rate ? ['--rate', args.rate] : [])];
  try {
    const started = performance.now();
    await runScan(flags, folder);
    const seconds = (performance.now() - started) / 1000;
    return { report: JSON.parse(await readFile(json, 'utf8')), seconds, throttled: api.log.filter((line) => line.endsWith(' 429')).length };
  } finally {
    await api.close();
  }
}

/** Runs `falcon scan`: exit 1 is findings at or above --fail-on, which the vulnerable API has; anything else but 0 is a failure. */
function runScan(flags, cwd) {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, HOME: cwd, FALCON_HOME: cwd, NO_COLOR: '1' };
    execFile(process.execPath, [falcon, 'scan', ...flags], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && error.code !== 1) reject(new Error(`falcon scan failed (${error.code ?? error.signal}): ${stderr}`));
      else resolve();
    });
  });
}

function printRules(shop, score) {
  console.log(`  ${'rule'.padEnd(24)} ${'planted'.padStart(7)} ${'found'.padStart(5)} ${'missed'.padStart(6)} ${'false positives'.padStart(15)}`);
  for (const rule of shop.RULE_NAMES) {
    const planted = shop.PLANTED.filter((entry) => entry.rule === rule).length;
    const missed = score.missed.filter((entry) => entry.rule === rule).length;
    const falsePositives = score.falsePositives.filter((finding) => finding.rule === rule).length;
    // The GraphQL-only rules have nothing planted in the REST shop.
    if (planted === 0 && falsePositives === 0) continue;
    console.log(
      `  ${rule.padEnd(24)} ${String(planted).padStart(7)} ${String(planted - missed).padStart(5)} ${String(missed).padStart(6)} ${String(falsePositives).padStart(15)}`,
    );
  }
}
