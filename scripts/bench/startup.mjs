// Start-up time of the built CLI beside bare Node (the reference), measured in the same run.
//   node scripts/bench/startup.mjs [runs]     (build first: npm run build)
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModelServer } from '../../test/support/fake-model-server.mjs';

const runs = Number(process.argv[2] ?? 15);
const falcon = fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));

const root = await mkdtemp(path.join(tmpdir(), 'falcon-bench-'));
const home = path.join(root, 'home');
const project = path.join(root, 'project');
await mkdir(home);
await mkdir(project);
const models = await startFakeModelServer();
await writeFile(
  path.join(home, 'config.yaml'),
  `default_provider: openai\nproviders:\n  openai: {model: bench, config: {api_key: sk-bench, base_url: "${models.openaiBaseUrl}"}}\n`,
  { mode: 0o600 },
);
const env = { PATH: process.env.PATH, HOME: root, FALCON_HOME: home };

try {
  const reference = () => timeToExit(['-e', '0']);
  const [node] = await measureBeside(reference, reference);
  const version = await measureBeside(reference, () => timeToExit([falcon, '--version']));
  const help = await measureBeside(reference, () => timeToExit([falcon, '--help']));
  const firstRequest = await measureBeside(reference, () => timeToFirstModelRequest());
  const rows = [
    ['node -e 0 (reference)', node, 1],
    ['falcon --version', ...version],
    ['falcon --help', ...help],
    ['falcon -p → first model request', ...firstRequest],
  ];
  console.log(`startup, median of ${runs} runs, each right after a run of the reference (Node ${process.version})`);
  for (const [name, ms, ratio] of rows) {
    console.log(`  ${name.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms   ${ratio.toFixed(2)}× node`);
  }
} finally {
  await models.close();
  await rm(root, { recursive: true, force: true });
}

/**
 * The median time of `once` and the median of its ratios to the reference run just before it: a
 * machine whose speed drifts during the bench (a shared VM) slows both sides of each pair alike.
 */
async function measureBeside(reference, once) {
  await once(); // warm the file cache
  const times = [];
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    const before = await reference();
    const time = await once();
    times.push(time);
    ratios.push(time / before);
  }
  return [median(times), median(ratios)];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeToExit(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: project, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

function timeToFirstModelRequest() {
  models.reset();
  models.script(['Final Answer: ok']);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstRequestAt;
    const poll = setInterval(() => {
      if (firstRequestAt === undefined && models.requests.length > 0) firstRequestAt = performance.now();
    }, 1);
    const child = spawn(process.execPath, [falcon, '-p', 'hello'], { cwd: project, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0 || firstRequestAt === undefined) reject(new Error(`falcon -p exited with ${code}`));
      else resolve(firstRequestAt - started);
    });
  });
}
