// The interactive session's time to its first frame and CPU while streaming a long answer, each
// beside a bare Ink chat showing the same (scripts/bench/ink-reference.mjs), measured in the same
// run: one that appends each chunk as it comes, as a minimal chat does, and one that appends them
// once a frame, as Falcon does. Two answers: 20k characters of words in one paragraph (the
// Markdown renderer's least work, its longest open block) and 20k of Markdown as models write it
// (fences, tables, lists), which bare Ink shows as raw text.
//   npm run build && node scripts/bench/tui.mjs [runs]
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from '@lydell/node-pty';
import { startFakeModelServer } from '../../test/support/fake-model-server.mjs';
import { longMarkdownAnswer } from '../../test/support/long-markdown-answer.mjs';

const runs = Number(process.argv[2] ?? 7);
const falcon = fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));
const reference = fileURLToPath(new URL('./ink-reference.mjs', import.meta.url));
const STREAM = { chars: 20_000, chunkSize: 20, chunkDelayMs: 5 };
const FALCON_FRAME_MS = 40;
const CLOCK_TICKS = 100; // USER_HZ on Linux
const READY = 'Ask about your API';
const END = '[end]';

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
const answers = {
  words: 'lorem ipsum dolor sit amet '.repeat(Math.ceil(STREAM.chars / 27)).slice(0, STREAM.chars),
  markdown: longMarkdownAnswer(STREAM.chars).slice(0, STREAM.chars),
};

try {
  const files = { words: await answerFile('words'), markdown: await answerFile('markdown') };
  const firstFrame = {
    falcon: await median(() => timeToText([falcon], READY)),
    ink: await median(() => timeToText([reference, files.words, ...streamArgs()], READY)),
  };
  console.log(`interactive session, median of ${runs} runs (Node ${process.version})`);
  console.log(
    `  first frame                        falcon ${firstFrame.falcon.toFixed(0).padStart(5)} ms   bare ink ${firstFrame.ink.toFixed(0).padStart(5)} ms   ${ratio(firstFrame.falcon, firstFrame.ink)}`,
  );
  for (const [kind, file] of Object.entries(files)) {
    const cpu = {
      falcon: await median(() => falconStreamingCpu(answers[kind])),
      eachChunk: await median(() => referenceStreamingCpu([reference, file, ...streamArgs()])),
      eachFrame: await median(() => referenceStreamingCpu([reference, file, ...streamArgs(), String(FALCON_FRAME_MS)])),
    };
    console.log(`  CPU while streaming 20k chars of ${kind.padEnd(8)} falcon ${pct(cpu.falcon)}`);
    console.log(`    bare ink appending each chunk      ${pct(cpu.eachChunk)}   falcon ${ratio(cpu.falcon, cpu.eachChunk)}`);
    console.log(`    bare ink appending once a frame    ${pct(cpu.eachFrame)}   falcon ${ratio(cpu.falcon, cpu.eachFrame)}`);
  }
} finally {
  await models.close();
  await rm(root, { recursive: true, force: true });
}

async function answerFile(kind) {
  const file = path.join(root, `${kind}.txt`);
  await writeFile(file, `${answers[kind]} ${END}`);
  return file;
}

function streamArgs() {
  return [STREAM.chunkSize, STREAM.chunkDelayMs].map(String);
}

function pct(share) {
  return `${(share * 100).toFixed(0).padStart(3)}% of a core`;
}

function ratio(value, base) {
  return `${(value / base).toFixed(2)}×`;
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

async function until(condition, pollMs) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, pollMs));
}

async function timeToText(args, text) {
  const started = performance.now();
  const session = spawn(args);
  await until(() => session.output().includes(text), 2);
  const elapsed = performance.now() - started;
  session.child.kill();
  await session.exited;
  return elapsed;
}

async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU share of a core from `start()` until the end of the answer is on screen; the session is then ended. */
async function streamingCpu(session, start) {
  await until(() => session.output().includes(READY), 5);
  await start();
  const cpuBefore = await cpuSeconds(session.child.pid);
  const started = performance.now();
  await until(() => session.output().includes(END), 5);
  const share = ((await cpuSeconds(session.child.pid)) - cpuBefore) / ((performance.now() - started) / 1000);
  session.child.kill();
  await session.exited;
  return share;
}

function referenceStreamingCpu(args) {
  return streamingCpu(spawn(args, { BENCH_STREAM: '1' }), async () => {});
}

function falconStreamingCpu(answer) {
  models.reset();
  models.script([{ text: `Final Answer: ${answer} ${END}`, chunkSize: STREAM.chunkSize, chunkDelayMs: STREAM.chunkDelayMs }]);
  const session = spawn([falcon]);
  return streamingCpu(session, async () => {
    // Enter in its own read: text and Enter in one read is a paste, which does not send.
    session.child.write('stream please');
    await new Promise((resolve) => setTimeout(resolve, 100));
    session.child.write('\r');
    await until(() => models.requests.length > 0, 1);
  });
}
