// `falcon perf` beside autocannon (the reference) and, when installed, wrk, against the same local
// server (perf-server.mjs, in its own process) with the same connections and duration, measured in
// the same run. The tools take turns in rounds, the order rotated each round; figures are medians
// over the rounds. Aim (issue 16): falcon's req/s ≥ 1.0× autocannon's.
//   npm run build && node scripts/bench/perf.mjs [--connections 10] [--duration 10s] [--rounds 3] [--pipelining 1] [--no-pin]
// FALCON_BENCH_BIN names another build of bin/falcon.js (e.g. a copy taken while the tree is rebuilt).
// No tool gets a warm-up of its own: each starts cold in a fresh process, as a user runs it. The
// server alone is warmed once (2 s of autocannon) so that the first tool does not pay for its JIT.
// With taskset and 2 CPUs or more, the server is pinned to CPU 0 and each tool to CPU 1: unpinned on
// 2 cores, while other work runs, one tool's figure swung from 30k to 85k req/s between runs.
import { execFile, fork, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10s' },
    rounds: { type: 'string', default: '3' },
    pipelining: { type: 'string', default: '1' },
    'no-pin': { type: 'boolean', default: false },
  },
});
const connections = positive('connections', args.connections);
const seconds = durationSeconds(args.duration);
const rounds = positive('rounds', args.rounds);
const pipelining = positive('pipelining', args.pipelining);

const falcon = process.env.FALCON_BENCH_BIN ?? fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));
const autocannon = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
const wrkVersion = await firstLine('wrk', ['-v']);
const AUTOCANNON = 'autocannon (reference)';
const WRK = 'wrk -t1';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'falcon-bench-perf-'));
const server = fork(fileURLToPath(new URL('./perf-server.mjs', import.meta.url)), { stdio: 'ignore' });
const pinned = !args['no-pin'] && os.availableParallelism() >= 2 && (await succeeds('taskset', ['-a', '-pc', '0', String(server.pid)]));
try {
  const { port } = await nextMessage(server);
  const url = `http://127.0.0.1:${port}/`;
  const tools = [
    { name: 'falcon perf', run: runFalcon },
    { name: AUTOCANNON, run: runAutocannon },
    ...(wrkVersion && pipelining === 1 ? [{ name: WRK, run: runWrk }] : []),
  ];
  console.log(`falcon perf against a local node:http server: ${connections} connections, ${seconds} s, pipelining ${pipelining}, median of ${rounds} rounds`);
  console.log(
    `Node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}); autocannon ${await packageVersion('autocannon')}; ${wrkVersion ?? 'wrk not installed'}`,
  );
  console.log(
    pinned
      ? 'pinned with taskset: the server on CPU 0, each tool on CPU 1'
      : 'not pinned: the server and the tools share every CPU (expect the figures to swing)',
  );
  if (!wrkVersion) console.log('wrk is NOT installed (apt-get install -y wrk): compared with autocannon only.');
  else if (pipelining > 1) console.log('wrk is skipped: it pipelines only through a Lua script, which would not be the same load.');

  await runAutocannon(url, 2);
  await mark();
  const runs = new Map(tools.map((tool) => [tool.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[(i + round) % tools.length];
      const figures = await tool.run(url, seconds);
      const { cpuMs } = await mark();
      figures.serverCpu = cpuMs / (figures.seconds * 1000);
      runs.get(tool.name).push(figures);
      console.log(
        `  round ${round + 1}: ${tool.name.padEnd(22)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(figures.p50, tool.name)} ms  p99 ${ms(figures.p99, tool.name)} ms  errors ${figures.errors}  server CPU ${percent(figures.serverCpu)}`,
      );
    }
  }

  const summary = new Map([...runs].map(([name, list]) => [name, summarize(list)]));
  const reference = summary.get(AUTOCANNON);
  const wrk = summary.get(WRK);
  console.log(
    `\n  ${'tool'.padEnd(22)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'server CPU'.padStart(10)}   ratio`,
  );
  for (const [name, s] of summary) {
    const ratios = [`${(s.rps / reference.rps).toFixed(2)}× autocannon`, ...(wrk ? [`${(s.rps / wrk.rps).toFixed(2)}× wrk`] : [])];
    console.log(
      `  ${name.padEnd(22)} ${s.rps.toFixed(0).padStart(8)} ${ms(s.p50, name).padStart(8)} ${ms(s.p99, name).padStart(8)} ${String(s.errors).padStart(7)} ${percent(s.serverCpu).padStart(10)}   ${ratios.join(', ')}`,
    );
  }
  const ratio = summary.get('falcon perf').rps / reference.rps;
  console.log(`\naim, falcon ≥ 1.00× autocannon's req/s: ${ratio >= 1 ? 'MET' : 'NOT met'} (${ratio.toFixed(2)}×)`);
  console.log('autocannon keeps latencies in whole milliseconds (<1 is 0 in its histogram); falcon and wrk in microseconds.');
  console.log("server CPU is its CPU time over the run's length: near 100%, the server set the pace, not the tool.");
} finally {
  server.disconnect();
  await rm(scratch, { recursive: true, force: true });
}

/** Runs a load generator, on CPU 1 when the run is pinned, and resolves with its output. */
function runTool(command, commandArgs, options) {
  return pinned ? output('taskset', ['-c', '1', command, ...commandArgs], options) : output(command, commandArgs, options);
}

async function runFalcon(url, duration) {
  const json = path.join(scratch, 'falcon.json');
  const flags = ['-c', connections, '-d', `${duration}s`, ...(pipelining > 1 ? ['--pipelining', pipelining] : [])];
  // A scratch folder as home and working folder: no user config is read and no report lands in a project.
  await runTool(process.execPath, [falcon, 'perf', url, ...flags.map(String), '--json', json], {
    cwd: scratch,
    env: { PATH: process.env.PATH, HOME: scratch, FALCON_HOME: scratch },
  });
  const result = JSON.parse(await readFile(json, 'utf8'));
  return { rps: result.rps, p50: result.latency_ms.p50, p99: result.latency_ms.p99, errors: result.requests.failed, seconds: result.duration_s };
}

async function runAutocannon(url, duration) {
  const flags = ['-c', connections, '-d', duration, '-p', pipelining].map(String);
  const result = JSON.parse(await runTool(process.execPath, [autocannon, ...flags, '-n', '-j', url]));
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, errors, seconds: result.duration };
}

// One thread: the server already has one of the two cores, and falcon and autocannon each send from one.
async function runWrk(url, duration) {
  const text = await runTool('wrk', ['-t1', '-c', String(connections), '-d', `${duration}s`, '--latency', url]);
  const find = (pattern) => {
    const match = text.match(pattern);
    if (!match) throw new Error(`wrk's output has no ${pattern}:\n${text}`);
    return match;
  };
  const socketErrors =
    text
      .match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
      ?.slice(1)
      .map(Number) ?? [];
  const non2xx = Number(text.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  return {
    rps: Number(find(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: wrkTimeMs(find(/^\s+50%\s+(\S+)/m)[1]),
    p99: wrkTimeMs(find(/^\s+99%\s+(\S+)/m)[1]),
    errors: non2xx + socketErrors.reduce((sum, count) => sum + count, 0),
    seconds: wrkTimeMs(find(/requests in ([\d.]+\w+),/)[1]) / 1000,
  };
}

/** wrk's times: 412.00us, 1.20ms, 5.00s, 1.50m. */
function wrkTimeMs(text) {
  const [, number, unit] = text.match(/^([\d.]+)(us|ms|s|m|h)$/) ?? [];
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit];
  if (scale === undefined) throw new Error(`unexpected wrk time: ${text}`);
  return Number(number) * scale;
}

function summarize(list) {
  const median = (pick) => {
    const sorted = list.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return {
    rps: median((r) => r.rps),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    serverCpu: median((r) => r.serverCpu),
  };
}

/** autocannon's histogram keeps whole milliseconds: its 0 means under 1 ms. */
function ms(value, name) {
  if (name !== AUTOCANNON) return value.toFixed(3);
  return value === 0 ? '<1' : String(value);
}

function percent(fraction) {
  return `${(fraction * 100).toFixed(0)}%`;
}

/** The server's CPU time since the last mark: each run's own, as the tools run one at a time. */
function mark() {
  const reply = nextMessage(server);
  server.send('mark');
  return reply;
}

function nextMessage(child) {
  return new Promise((resolve, reject) => {
    const exited = (code) => reject(new Error(`the server exited (${code})`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message);
    });
  });
}

function output(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${path.basename(command)} ${commandArgs.join(' ')} exited with ${code}:\n${stderr || stdout}`)),
    );
  });
}

/** The first line `command` prints (wrk -v exits 1 after printing its version), or undefined when it is not installed. */
function firstLine(command, commandArgs) {
  return new Promise((resolve) => {
    execFile(command, commandArgs, (error, stdout) =>
      resolve(
        error?.code === 'ENOENT'
          ? undefined
          : stdout
              .split('\n')[0]
              .replace(/\s+Copyright.*/, '')
              .trim() || undefined,
      ),
    );
  });
}

function succeeds(command, commandArgs) {
  return new Promise((resolve) => execFile(command, commandArgs, (error) => resolve(!error)));
}

async function packageVersion(name) {
  return JSON.parse(await readFile(fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url)), 'utf8')).version;
}

function positive(name, text) {
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1) usage(`--${name} must be a whole number ≥ 1, not ${text}`);
  return number;
}

/** 10s, 2m or 10 (seconds), in whole seconds: autocannon takes nothing finer. */
function durationSeconds(text) {
  const match = /^(\d+)(s|m)?$/.exec(text);
  if (!match || Number(match[1]) < 1) usage(`--duration must be whole seconds or minutes (10s, 2m), not ${text}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

function usage(message) {
  console.error(message);
  process.exit(2);
}
