import { Worker } from 'node:worker_threads';

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

/** Thrown first by a script that is only checked: it was parsed and linked, and none of it ran. */
const PARSED = 'falcon: parsed';

// Each script is a module of its own (a run number keeps the same text from being taken from the
// module cache). Iteration i draws (i + 0.5) / n: the weighted choice sees evenly spread numbers and
// its counts are exact.
const RUNNER = `
import { register } from 'node:module';
import { parentPort } from 'node:worker_threads';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
const load = (source, run) => import('data:text/javascript,' + encodeURIComponent(source + '\\n// run ' + run));
parentPort.on('message', async ({ run, script, checkOnly, env, iterations, status }) => {
  try {
    if (checkOnly) {
      const stopped = await load('throw new Error(${JSON.stringify(PARSED)});\\n' + script, run).then(() => undefined, (error) => error);
      if (stopped?.message !== ${JSON.stringify(PARSED)}) throw stopped;
      return parentPort.postMessage({ run });
    }
    globalThis.__ENV = env;
    globalThis.falconCalls = [];
    globalThis.falconCounters = {};
    globalThis.falconStatus = status;
    const random = Math.random;
    const module = await load(script, run);
    try {
      for (let i = 0; i < iterations; i += 1) {
        Math.random = () => (i + 0.5) / iterations;
        module.default();
      }
    } finally {
      Math.random = random;
    }
    parentPort.postMessage({ run, result: JSON.parse(JSON.stringify({ options: module.options, requests: globalThis.falconCalls, counters: globalThis.falconCounters })) });
  } catch (error) {
    parentPort.postMessage({ run, error: String(error?.stack ?? error) });
  }
});
`;

interface RunnerReply {
  run: number;
  result?: K6ScriptRun;
  error?: string;
}

let worker: Worker | undefined;
let runs = 0;
const waiting = new Map<number, { resolve: (reply: RunnerReply) => void; reject: (error: Error) => void }>();

/** One Node thread runs every script of a test file (a process each would cost more than the scripts): its own globals, k6's modules stood in by a resolve hook. */
function runner(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL(`data:text/javascript,${encodeURIComponent(RUNNER)}`));
  started.unref();
  started.on('message', (reply: RunnerReply) => {
    waiting.get(reply.run)?.resolve(reply);
    waiting.delete(reply.run);
  });
  started.on('error', (error) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    worker = undefined;
  });
  worker = started;
  return started;
}

function ask(message: Record<string, unknown>): Promise<RunnerReply> {
  const run = ++runs;
  return new Promise<RunnerReply>((resolve, reject) => {
    waiting.set(run, { resolve, reject });
    runner().postMessage({ ...message, run });
  }).then((reply) => {
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply;
  });
}

/**
 * Runs an exported script's init code with `env` as `__ENV`, then its default function `iterations`
 * times, as a module of Node's with stand-ins for k6's modules.
 */
export async function runK6Script(script: string, options: { env: Record<string, string>; iterations: number; status?: number }): Promise<K6ScriptRun> {
  const reply = await ask({ script, env: options.env, iterations: options.iterations, status: options.status ?? 200 });
  return reply.result!;
}

/** Whether Node parses the script as a module and links its imports, running none of it. */
export async function checkSyntax(script: string): Promise<void> {
  await ask({ script, checkOnly: true });
}

/** Ends the thread the scripts ran in. */
export async function stopK6Runner(): Promise<void> {
  const running = worker;
  worker = undefined;
  await running?.terminate();
}
