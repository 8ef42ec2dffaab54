import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a k6 script did in Node with stand-ins for k6's modules. */
export interface K6ScriptRun {
  options: Record<string, unknown>;
  /** Each http.request call's arguments. */
  requests: Array<{ method: string; url: string; body: string | null; params: { headers: Record<string, string>; tags: { name: string }; timeout: string } }>;
  /** What the script added to each custom counter. */
  counters: Record<string, number[]>;
}

// k6's modules as far as an exported script uses them; every request is answered with `status`.
const STAND_INS: Record<string, string> = {
  'k6/http':
    'export default { request(method, url, body, params) { globalThis.falconCalls.push({ method, url, body, params }); return { status: globalThis.falconStatus }; } };',
  k6: 'export function check(value, checks) { return Object.values(checks).every((test) => test(value)); }',
  'k6/encoding': "export default { b64encode: (text) => Buffer.from(text, 'utf8').toString('base64') };",
  'k6/metrics':
    'export class Counter { constructor(name) { this.name = name; globalThis.falconCounters[name] = []; } add(value) { globalThis.falconCounters[this.name].push(value); } }',
};

const HOOKS = `
const STAND_INS = ${JSON.stringify(STAND_INS)};
export async function resolve(specifier, context, next) {
  if (specifier in STAND_INS) return { url: 'data:text/javascript,' + encodeURIComponent(STAND_INS[specifier]), shortCircuit: true };
  return next(specifier, context);
}
`;

// Iteration i draws (i + 0.5) / n: the weighted choice sees evenly spread numbers and its counts are exact.
const RUNNER = `
globalThis.__ENV = JSON.parse(process.env.FALCON_K6_ENV);
globalThis.falconCalls = [];
globalThis.falconCounters = {};
globalThis.falconStatus = Number(process.env.FALCON_K6_STATUS);
const script = await import(process.env.FALCON_K6_SCRIPT);
const iterations = Number(process.env.FALCON_K6_ITERATIONS);
for (let i = 0; i < iterations; i += 1) {
  Math.random = () => (i + 0.5) / iterations;
  script.default();
}
process.stdout.write(JSON.stringify({ options: script.options, requests: globalThis.falconCalls, counters: globalThis.falconCounters }));
`;

/**
 * Runs an exported script's init code with `env` as `__ENV`, then its default function `iterations`
 * times, in a Node child process whose resolve hook hands it stand-ins for k6's modules.
 */
export async function runK6Script(script: string, options: { env: Record<string, string>; iterations: number; status?: number }): Promise<K6ScriptRun> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'falcon-k6-'));
  try {
    await writeFile(path.join(folder, 'script.mjs'), script);
    await writeFile(path.join(folder, 'hooks.mjs'), HOOKS);
    await writeFile(path.join(folder, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    await writeFile(path.join(folder, 'runner.mjs'), RUNNER);
    const { stdout } = await run(process.execPath, ['--import', './register.mjs', 'runner.mjs'], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        FALCON_K6_ENV: JSON.stringify(options.env),
        FALCON_K6_SCRIPT: './script.mjs',
        FALCON_K6_ITERATIONS: String(options.iterations),
        FALCON_K6_STATUS: String(options.status ?? 200),
      },
    });
    return JSON.parse(stdout) as K6ScriptRun;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Whether Node parses the script as a module (imports are not resolved). */
export async function checkSyntax(script: string): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'falcon-k6-'));
  try {
    await writeFile(path.join(folder, 'script.mjs'), script);
    await run(process.execPath, ['--check', path.join(folder, 'script.mjs')]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
