import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RecordedRequest, startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Falcons run at once — two terminals, a CI matrix, sub-agents — each change a shared file by
// reading it, changing it and writing it back. Under the file's lock every change is kept; before,
// each process wrote back what it had read, and most changes were lost while every one said "saved".

const WRITERS = 12;
const SESSIONS = 6;

let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ models: ['gpt-test'] });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
});
afterEach(() => sandbox.cleanup());

const indexes = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Every session's model, whichever of the scripted replies it gets: its task names a number, the
 * first reply calls `action(n)`, the reply to the observation answers.
 */
function scriptSessions(action: (n: number) => string): void {
  const reply = (request: RecordedRequest) => {
    const last = request.messages.at(-1)!.content;
    if (last.startsWith('Observation:')) return 'Final Answer: done';
    const n = Number(/task number (\d+)/.exec(request.messages.map((message) => message.content).join('\n'))![1]);
    return `ACTION: ${action(n)}`;
  };
  models.script(indexes(SESSIONS * 2).map(() => reply));
}

async function runSessions(): Promise<void> {
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 131_072 } },
    },
  });
  await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
  const results = await Promise.all(indexes(SESSIONS).map((n) => runFalcon(['-p', `task number ${n}`, '--yes'], { cwd: sandbox.project, env: sandbox.env() })));
  for (const result of results) expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
}

describe('processes changing the same file at once', () => {
  it(`${WRITERS} falcon config set at once keep all ${WRITERS} providers`, async () => {
    const results = await Promise.all(
      indexes(WRITERS).map((n) =>
        runFalcon(['config', 'set', `local${n}`, '--base-url', `http://127.0.0.1:${9000 + n}/v1`, '--model', `model-${n}`], {
          cwd: sandbox.project,
          env: sandbox.env(),
        }),
      ),
    );
    for (const result of results) expect(result.code).toBe(0);
    const config = parse(await readFile(path.join(sandbox.home, 'config.yaml'), 'utf8')) as { providers: Record<string, { model: string }> };
    expect(Object.keys(config.providers).sort()).toEqual(
      indexes(WRITERS)
        .map((n) => `local${n}`)
        .sort(),
    );
    for (const n of indexes(WRITERS)) expect(config.providers[`local${n}`]!.model).toBe(`model-${n}`);
  }, 120_000);

  it('take over a lock left by a process that died', async () => {
    const lock = path.join(sandbox.home, 'config.yaml.lock');
    await mkdir(lock);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(lock, aMinuteAgo, aMinuteAgo);
    const result = await runFalcon(['config', 'set', 'ollama', '--model', 'llama3.2'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(parse(await readFile(path.join(sandbox.home, 'config.yaml'), 'utf8'))).toMatchObject({ providers: { ollama: { model: 'llama3.2' } } });
  });

  it(`${SESSIONS} sessions saving a fact each to memory keep all ${SESSIONS}`, async () => {
    scriptSessions((n) => `memory({"action": "save", "fact": "fact number ${n} about the API"})`);
    await runSessions();
    const memory = JSON.parse(await readFile(path.join(sandbox.home, 'memory.json'), 'utf8')) as { facts: { id: string; text: string }[] };
    expect(memory.facts.map((fact) => fact.text).sort()).toEqual(
      indexes(SESSIONS)
        .map((n) => `fact number ${n} about the API`)
        .sort(),
    );
    expect(new Set(memory.facts.map((fact) => fact.id)).size).toBe(SESSIONS);
  }, 120_000);

  it(`${SESSIONS} sessions setting a global variable each keep all ${SESSIONS}`, async () => {
    scriptSessions((n) => `variable({"action": "set", "name": "ITEM_${n}", "value": "value-${n}", "scope": "global"})`);
    await runSessions();
    const variables = JSON.parse(await readFile(path.join(sandbox.project, '.falcon', 'variables.json'), 'utf8')) as Record<string, string>;
    expect(variables).toEqual(Object.fromEntries(indexes(SESSIONS).map((n) => [`ITEM_${n}`, `value-${n}`])));
  }, 120_000);

  it(`${SESSIONS} sessions setting a variable each in one environment keep all ${SESSIONS}`, async () => {
    await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), '# the local API\nBASE_URL: http://127.0.0.1:9\n');
    scriptSessions((n) => `environment({"action": "set", "name": "dev", "variables": {"ITEM_${n}": "value-${n}"}})`);
    await runSessions();
    const environment = parse(await readFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), 'utf8')) as Record<string, string>;
    expect(environment).toEqual({ BASE_URL: 'http://127.0.0.1:9', ...Object.fromEntries(indexes(SESSIONS).map((n) => [`ITEM_${n}`, `value-${n}`])) });
  }, 120_000);
});
