// Spec ingest and `falcon test`, each beside its reference measured in the same run.
//   node scripts/bench/spec.mjs [runs] [large-spec-file]     (build first: npm run build)
// (a) `falcon spec ingest` of a large public OpenAPI document through the built binary, beside
//     swagger-parser's dereference of the same file alone in Node (the floor ingest builds on) and
//     its validate (what ingest calls: schema validation + dereference). Every row is a new Node
//     process per run. Then reading the written .falcon/spec.yaml back, which every test run pays.
//     The large spec is the given file, else GitHub's REST API description (13 MB, 1,223
//     operations), fetched once from the npm registry with `npm pack @octokit/openapi@23.0.2` into
//     node_modules/.cache/falcon-bench/ (it is no dependency: the package is 404 MB unpacked, and
//     only one file of it is kept), else, offline, the largest sample of @readme/oas-examples.
// (b) `falcon test --spec petstore.json --base-url <Prism mock of it>` beside the same requests
//     (read back from Falcon's JSON report; a fuzz case's recorded request once for every request
//     it sent, inputs and shrinking) sent by a minimal Node loop, as many at a time as Falcon's
//     workers: what is left is the cost of generating cases, checking responses, reporting.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTypeScript } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 5);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const falcon = path.join(repo, 'bin/falcon.js');
const samples = path.join(repo, 'node_modules/@readme/oas-examples');
const benchCache = path.join(repo, 'node_modules/.cache/falcon-bench');
const GITHUB_SPEC_PACKAGE = '@octokit/openapi@23.0.2';
const GITHUB_SPEC_MEMBER = 'package/generated/api.github.com.json';
const testedSpec = path.join(samples, '3.0/json/petstore.json');
const WORKERS = 4;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const scratch = await mkdtemp(path.join(tmpdir(), 'falcon-bench-spec-'));
const env = { PATH: process.env.PATH, HOME: scratch, FALCON_HOME: path.join(scratch, 'home'), NO_COLOR: '1' };
try {
  await mkdir(env.FALCON_HOME);
  console.log(`spec bench, median of ${runs} runs (Node ${process.version})`);
  await benchIngest(await largeSpec());
  await benchTestRun();
} finally {
  await rm(scratch, { recursive: true, force: true });
}

async function benchIngest(file) {
  const project = path.join(scratch, 'ingest');
  await mkdir(project);
  const copy = path.join(project, path.basename(file));
  await copyFile(file, copy);
  const document = JSON.parse(await readFile(file, 'utf8'));
  const operations = Object.values(document.paths ?? {}).reduce((sum, item) => sum + Object.keys(item).filter((key) => METHODS.has(key)).length, 0);
  const megabytes = (await stat(file)).size / 1e6;
  console.log(
    `\n(a) ingest ${shown(file)}: ${megabytes.toFixed(1)} MB, ${document.openapi ? `OpenAPI ${document.openapi}` : `Swagger ${document.swagger}`}, ${operations} operations`,
  );

  const dereference = await measure(() => timeNode(['--input-type=module', '-e', swaggerParserScript('dereference', copy)], project));
  const validate = await measure(() => timeNode(['--input-type=module', '-e', swaggerParserScript('validate', copy)], project));
  const ingest = await measure(() => timeNode([falcon, 'spec', 'ingest', path.basename(copy)], project));
  row('swagger-parser dereference (reference)', dereference, dereference);
  row('swagger-parser validate (what ingest calls)', validate, dereference);
  row('falcon spec ingest (ours)', ingest, dereference);

  const written = path.join(project, '.falcon/spec.yaml');
  const { readIngestedSpec } = await loadModule('src/engines/spec/read-ingested-spec.ts');
  const parseSource = await measure(async () => timed(async () => JSON.parse(await readFile(file, 'utf8'))));
  const readBack = await measure(async () => timed(() => readIngestedSpec(project)));
  console.log(`\n    reading it back, in this process (${((await stat(written)).size / 1e6).toFixed(1)} MB of spec.yaml):`);
  row('JSON.parse of the source (reference)', parseSource, parseSource);
  row('readIngestedSpec of spec.yaml (ours)', readBack, parseSource);
}

async function benchTestRun() {
  const project = path.join(scratch, 'test-run');
  await mkdir(project);
  const prism = await startPrism(testedSpec);
  try {
    console.log(`\n(b) falcon test of ${shown(testedSpec)} against a Prism mock of it (${prism.url}), ${WORKERS} at a time`);
    const report = path.join(scratch, 'report.json');
    const args = [falcon, 'test', '--spec', testedSpec, '--base-url', prism.url, '--workers', String(WORKERS), '--report', report];
    const first = await timeNode(args, project, [0, 1, 2]);
    const written = first.code === 2 ? undefined : await readFile(report, 'utf8').catch(() => undefined);
    if (written === undefined) {
      console.log(`    falcon test did not run (exit ${first.code}): ${first.stderr.trim().split('\n')[0] ?? ''}`);
      return;
    }
    // A fuzz case records one request of the many it sent: the loop sends that one as often.
    const times = (result) => (result.fuzz ? result.fuzz.inputs + result.fuzz.shrinkRequests : 1);
    const requests = JSON.parse(written).results.flatMap((result) => (result.request ? Array(times(result)).fill(result.request) : []));
    const requestsFile = path.join(scratch, 'requests.json');
    await writeFile(requestsFile, JSON.stringify(requests));
    const ours = await measure(() => timeNode(args, project, [0, 1]));
    const loop = await measure(() => timeNode(['--input-type=module', '-e', requestLoopScript(requestsFile)], project));
    console.log(`    ${requests.length} requests each way; falcon exit code ${first.code} (${first.code === 1 ? 'findings' : 'no findings'})`);
    row('minimal Node loop, same requests (reference)', loop, loop);
    row('falcon test (ours)', ours, loop);
  } finally {
    await prism.close();
  }
}

async function largeSpec() {
  if (process.argv[3]) return path.resolve(process.argv[3]);
  const github = await githubSpec().catch((error) => {
    console.log(`note: could not fetch ${GITHUB_SPEC_PACKAGE} (${error.message.split('\n')[0]}), so this uses the largest`);
    console.log(`sample at hand; or pass a file: node scripts/bench/spec.mjs ${runs} path/to/openapi.json`);
    return undefined;
  });
  if (github) return github;
  const candidates = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    for (const name of await readdir(path.join(samples, version, 'json'))) {
      if (!name.endsWith('.json')) continue;
      const file = path.join(samples, version, 'json', name);
      candidates.push({ file, size: (await stat(file)).size });
    }
  }
  return candidates.sort((a, b) => b.size - a.size)[0].file;
}

/** GitHub's REST API description from the npm registry, fetched once: the package's tarball is unpacked for that one file. */
async function githubSpec() {
  const file = path.join(benchCache, 'octokit-openapi-23.0.2.api.github.com.json');
  if (await stat(file).catch(() => undefined)) return file;
  console.log(`fetching ${GITHUB_SPEC_PACKAGE} with npm pack (once) into ${shown(benchCache)}/`);
  await mkdir(benchCache, { recursive: true });
  const packed = JSON.parse(await output('npm', ['pack', GITHUB_SPEC_PACKAGE, '--json', '--pack-destination', benchCache], benchCache));
  const tarball = path.join(benchCache, packed[0].filename);
  const unpacked = await mkdtemp(path.join(benchCache, 'unpack-'));
  try {
    await output('tar', ['-xzf', tarball, '-C', unpacked, GITHUB_SPEC_MEMBER], benchCache);
    await rename(path.join(unpacked, GITHUB_SPEC_MEMBER), file);
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await rm(tarball, { force: true });
  }
  return file;
}

/** Runs a command to its exit and gives its stdout; a failure rejects with its stderr. */
function output(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** A Node one-liner running swagger-parser on the file, as ingest does (circular $refs left as they are). */
function swaggerParserScript(method, file) {
  return `import { createRequire } from 'node:module';
const SwaggerParser = createRequire(${JSON.stringify(path.join(repo, 'package.json'))})('@apidevtools/swagger-parser');
await SwaggerParser.${method}(${JSON.stringify(file)}, { dereference: { circular: 'ignore' } });`;
}

/** The floor for a test run: send the recorded requests, as many in flight as Falcon's workers, read each body, check nothing. */
function requestLoopScript(requestsFile) {
  return `import { readFileSync } from 'node:fs';
const requests = JSON.parse(readFileSync(${JSON.stringify(requestsFile)}, 'utf8'));
let next = 0;
async function worker() {
  while (next < requests.length) {
    // The recorded body is masked, so its length may not be the recorded content-length: fetch sets it.
    const { method, url, headers: { 'content-length': _length, ...headers }, body } = requests[next++];
    const response = await fetch(url, { method, headers, body });
    await response.arrayBuffer();
  }
}
await Promise.all(Array.from({ length: ${WORKERS} }, worker));`;
}

async function measure(once) {
  await once(); // warm the file cache
  const times = [];
  for (let i = 0; i < runs; i++) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function timed(work) {
  const started = performance.now();
  await work();
  return { ms: performance.now() - started };
}

/** Runs `node ...args` to its exit; an exit code not in `accepted` stops the bench with its stderr. */
function timeNode(args, cwd, accepted = [0]) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (accepted.includes(code)) resolve({ ms, code, stderr });
      else reject(new Error(`node ${args.filter((arg) => !arg.includes('\n')).join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

function shown(file) {
  return file.startsWith(repo) ? path.relative(repo, file) : file;
}

function row(name, ms, reference) {
  console.log(`    ${name.padEnd(46)} ${ms.toFixed(0).padStart(8)} ms   ${(ms / reference).toFixed(2)}×`);
}

/** Prism's mock server of the spec on a free loopback port, once it says it is listening. */
async function startPrism(spec) {
  const port = await freePort();
  const child = spawn(path.join(repo, 'node_modules/.bin/prism'), ['mock', '--host', '127.0.0.1', '--port', String(port), spec], {
    env: { ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 60 s:\n${output}`)), 60_000);
    const listen = (chunk) => {
      output += chunk;
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.setEncoding('utf8').on('data', listen);
    child.stderr.setEncoding('utf8').on('data', listen);
    child.on('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The engine is TypeScript: bundle the module once, as the CLI build does, and import it. */
function loadModule(entry) {
  return importTypeScript(scratch, path.basename(entry, '.ts'), `export * from './${entry}';`);
}
