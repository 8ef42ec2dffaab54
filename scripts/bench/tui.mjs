// The interactive session's time to its first frame and CPU while streaming a long answer, each
// beside a bare Ink app doing the same (scripts/bench/ink-reference.mjs), measured in the same run.
//   npm run build && node scripts/bench/tui.mjs [runs]
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import { startFakeModelServer } from '../../test/support/fake-model-server.mjs';

const runs = Number(process.argv[2] ?? 7);
const falcon = fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));
const reference = fileURLToPath(new URL('./ink-reference.mjs', import.meta.url));
const STREAM = { chars: 20_000, chunkSize: 20, chunkDelayMs: 5 };
const CLOCK_TICKS = 100; // USER_HZ on Linux

const root = await mkdtemp(path.join(tmpdir(), 'falcon-bench-tui-'));
const home = path.join(root, 'home');
const project = path.join(root, 'project');
await mkdir(home);
await mkdir(path.join(project, '.falcon'), { recursive: true });
const models = await startFakeModelServer();
await writeFile(
  path.join(home, 'config.yaml'),
  `default_provider: openai\nproviders:\n  openai: {model: bench, config: {api_key: sk-bench, base_url: "${models.openaiBaseUrl}"}}\n`,
  { mode: 0o600 },
);
const env = { PATH: process.env.PATH, HOME: root, FALCON_HOME: home, TERM: 'xterm-256color' };
const words = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(STREAM.chars / 27)).slice(0, STREAM.chars);

try {
  const firstFrame = {
    falcon: await median(() => timeToText([falcon], 'Ask about your API')),
    ink: await median(() => timeToText([reference, ...streamArgs()], 'Ask about your API')),
  };
  const streaming = {
    falcon: await median(() => falconStreamingCpu()),
    ink: await median(() => timeToExitCpu([reference, ...streamArgs()], { BENCH_STREAM: '1' })),
  };
  console.log(`interactive session, median of ${runs} runs (Node ${process.version})`);
  console.log(`  first frame                falcon ${firstFrame.falcon.toFixed(0).padStart(5)} ms   bare ink ${firstFrame.ink.toFixed(0).padStart(5)} ms   ${(firstFrame.falcon / firstFrame.ink).toFixed(2)}×`);
  console.log(`  CPU while streaming ${STREAM.chars / 1000}k chars  falcon ${pct(streaming.falcon)}   bare ink ${pct(streaming.ink)}   ${(streaming.falcon / streaming.ink).toFixed(2)}×`);
} finally {
  await models.close();
  await rm(root, { recursive: true, force: true });
}

function streamArgs() {
  return [STREAM.chars, STREAM.chunkSize, STREAM.chunkDelayMs].map(String);
}

function pct(share) {
  return `${(share * 100).toFixed(0).padStart(3)}% of a core`;
}

async function median(once) {
  const values = [];
  for (let i = 0; i < runs; i++) values.push(await once());
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

function spawn(args, extraEnv = {}) {
  let output = '';
  const child = pty.spawn(process.execPath, args, { cwd: project, env: { ...env, ...extraEnv }, cols: 120, rows: 40 });
  child.onData((data) => (output += data));
  const exited = new Promise((resolve) => child.onExit(resolve));
  return { child, exited, output: () => output };
}

async function timeToText(args, text) {
  const started = performance.now();
  const session = spawn(args);
  while (!session.output().includes(text)) await new Promise((resolve) => setTimeout(resolve, 2));
  const elapsed = performance.now() - started;
  session.child.kill();
  await session.exited;
  return elapsed;
}

async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function timeToExitCpu(args, extraEnv) {
  const session = spawn(args, extraEnv);
  while (!session.output().includes('Ask about your API')) await new Promise((resolve) => setTimeout(resolve, 5));
  const cpuBefore = await cpuSeconds(session.child.pid);
  const started = performance.now();
  let cpuAfter = cpuBefore;
  const poll = setInterval(() => cpuSeconds(session.child.pid).then((cpu) => (cpuAfter = cpu), () => {}), 20);
  await session.exited;
  clearInterval(poll);
  return (cpuAfter - cpuBefore) / ((performance.now() - started) / 1000);
}

async function falconStreamingCpu() {
  models.reset();
  models.script([{ text: `Final Answer: ${words} [end]`, chunkSize: STREAM.chunkSize, chunkDelayMs: STREAM.chunkDelayMs }]);
  const session = spawn([falcon]);
  while (!session.output().includes('Ask about your API')) await new Promise((resolve) => setTimeout(resolve, 5));
  // Enter in its own read: text and Enter in one read is a paste, which does not send.
  session.child.write('stream please');
  await new Promise((resolve) => setTimeout(resolve, 100));
  session.child.write('\r');
  while (models.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  const cpuBefore = await cpuSeconds(session.child.pid);
  const started = performance.now();
  while (!session.output().includes('[end]')) await new Promise((resolve) => setTimeout(resolve, 5));
  const share = ((await cpuSeconds(session.child.pid)) - cpuBefore) / ((performance.now() - started) / 1000);
  session.child.kill();
  await session.exited;
  return share;
}
