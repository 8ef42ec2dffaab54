// `falcon mock` beside Prism's mock (@stoplight/prism-cli, the reference) on the same spec: req/s of
// a GET whose body each mock generates from the schema (no example in the spec), measured with
// `falcon perf`, the same connections and duration for both, median of the rounds. Aim (issue 37):
// falcon mock ≥ 10,000 req/s on this machine.
//   npm run build && node scripts/bench/mock.mjs [--connections 20] [--duration 10s] [--rounds 3] [--no-pin]
// node:http answering a fixed body is the ceiling: what falcon perf reaches on this machine at all.
// Each mock logs a line per request to /dev/null, as a user's terminal would take them. With taskset
// and 2 CPUs or more, the mock is pinned to CPU 0 and falcon perf to CPU 1.
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10s' },
    rounds: { type: 'string', default: '3' },
    'no-pin': { type: 'boolean', default: false },
  },
});
const connections = positive('connections', args.connections);
const seconds = Number.parseFloat(args.duration);
const rounds = positive('rounds', args.rounds);
const AIM_RPS = 10_000;
const CLOCK_TICKS = Number((await run('getconf', ['CLK_TCK'], {}).catch(() => '100')).trim()) || 100;

const falcon = process.env.FALCON_BENCH_BIN ?? fileURLToPath(new URL('../../bin/falcon.js', import.meta.url));
const prism = createRequire(import.meta.url).resolve('@stoplight/prism-cli');
const pin = !args['no-pin'] && os.availableParallelism() >= 2 && (await succeeds('taskset', ['-V']));

// No example anywhere: both mocks make the body from the schema.
const SPEC = `openapi: 3.0.3
info: {title: Accounts, version: 1.0.0}
paths:
  /accounts/{accountId}:
    get:
      operationId: getAccount
      parameters:
        - {name: accountId, in: path, required: true, schema: {type: integer, minimum: 1}}
      responses:
        "200":
          description: The account
          content:
            application/json:
              schema:
                type: object
                required: [id, email, createdAt, plan, tags]
                properties:
                  id: {type: integer, minimum: 1}
                  email: {type: string, format: email}
                  createdAt: {type: string, format: date-time}
                  plan: {type: string, enum: [free, pro]}
                  tags: {type: array, items: {type: string, maxLength: 12}}
`;

// What falcon perf reaches on this machine at all: node:http answering a fixed body, nothing checked or generated.
const BARE_SERVER = `const body = Buffer.from('{"id":7}');
require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'application/json', 'content-length': body.length}); s.end(body); }).listen(Number(process.argv[1]), '127.0.0.1');`;

const scratch = await mkdtemp(path.join(os.tmpdir(), 'falcon-bench-mock-'));
const specFile = path.join(scratch, 'accounts.yaml');
await writeFile(specFile, SPEC);
const mocks = [
  { name: 'falcon mock', command: (port) => [falcon, 'mock', specFile, '--port', String(port)] },
  { name: 'prism mock (reference)', command: (port) => [prism, 'mock', '--host', '127.0.0.1', '--port', String(port), specFile] },
  { name: 'node:http (ceiling)', command: (port) => ['-e', BARE_SERVER, String(port)] },
];
try {
  console.log(`GET /accounts/7 (body generated from the schema), falcon perf with ${connections} connections, ${seconds} s, median of ${rounds} rounds`);
  console.log(
    `Node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}); prism-cli ${await packageVersion('@stoplight/prism-cli')}`,
  );
  console.log(pin ? 'pinned with taskset: the mock on CPU 0, falcon perf on CPU 1' : 'not pinned: the mock and falcon perf share every CPU');
  const results = new Map(mocks.map((mock) => [mock.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const mock of mocks) {
      const port = await freePort();
      const child = spawn(pin ? 'taskset' : process.execPath, [...(pin ? ['-c', '0', process.execPath] : []), ...mock.command(port)], {
        cwd: scratch,
        env: { PATH: process.env.PATH, HOME: scratch, FALCON_HOME: scratch, FORCE_COLOR: '0' },
        stdio: 'ignore',
      });
      try {
        const url = `http://127.0.0.1:${port}/accounts/7`;
        await answering(url);
        const cpuBefore = await cpuSeconds(child.pid);
        const figures = await load(url);
        const cpu = (await cpuSeconds(child.pid)) - cpuBefore;
        figures.cpuPerRequestUs = figures.requests > 0 && cpu > 0 ? (cpu * 1e6) / figures.requests : NaN;
        results.get(mock.name).push(figures);
        console.log(
          `  round ${round + 1}: ${mock.name.padEnd(24)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(2)} ms  p99 ${figures.p99.toFixed(2)} ms  errors ${figures.errors}`,
        );
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  }
  console.log(
    `\n  ${'mock'.padEnd(24)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU µs/req'.padStart(11)} ${'one core'.padStart(10)}`,
  );
  const medians = new Map(
    [...results].map(([name, list]) => [
      name,
      {
        rps: median(list.map((f) => f.rps)),
        p50: median(list.map((f) => f.p50)),
        p99: median(list.map((f) => f.p99)),
        cpu: median(list.map((f) => f.cpuPerRequestUs)),
      },
    ]),
  );
  for (const [name, m] of medians) {
    const row = [
      m.rps.toFixed(0).padStart(8),
      m.p50.toFixed(2).padStart(8),
      m.p99.toFixed(2).padStart(8),
      m.cpu.toFixed(0).padStart(11),
      (1e6 / m.cpu).toFixed(0).padStart(10),
    ];
    console.log(`  ${name.padEnd(24)} ${row.join(' ')}`);
  }
  console.log(`CPU µs/req is the server's own CPU time per answer; "one core" is 1,000,000 / it, the req/s one idle core could serve whatever else runs.`);
  const ours = medians.get('falcon mock').rps;
  console.log(`\nfalcon mock is ${(ours / medians.get('prism mock (reference)').rps).toFixed(1)}× prism's req/s`);
  console.log(`falcon mock is ${(ours / medians.get('node:http (ceiling)').rps).toFixed(2)}× the ceiling (node:http with a fixed body)`);
  console.log(
    `aim, falcon mock ≥ ${AIM_RPS.toLocaleString('en')} req/s: ${ours >= AIM_RPS ? 'MET' : 'NOT met'} (${ours.toFixed(0)} measured, ${(1e6 / medians.get('falcon mock').cpu).toFixed(0)} for one idle core by its CPU per request)`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}

async function load(url) {
  const json = path.join(scratch, 'perf.json');
  const perf = [falcon, 'perf', url, '-c', String(connections), '-d', `${seconds}s`, '--json', json];
  await run(pin ? 'taskset' : process.execPath, [...(pin ? ['-c', '1', process.execPath] : []), ...perf], {
    cwd: scratch,
    env: { PATH: process.env.PATH, HOME: scratch, FALCON_HOME: scratch },
  });
  const result = JSON.parse(await readFile(json, 'utf8'));
  return { rps: result.rps, p50: result.latency_ms.p50, p99: result.latency_ms.p99, errors: result.requests.failed, requests: result.requests.total };
}

/** Polls until the mock answers 200 (Prism takes seconds to start). */
async function answering(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process's CPU time (user and system) so far, from /proc; NaN where there is none. */
async function cpuSeconds(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

function run(command, commandArgs, options) {
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

function succeeds(command, commandArgs) {
  return new Promise((resolve) => execFile(command, commandArgs, (error) => resolve(!error)));
}

async function packageVersion(name) {
  const file = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return JSON.parse(await readFile(file, 'utf8')).version;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function positive(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number above 0`);
  return number;
}
