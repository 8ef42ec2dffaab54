// A long scripted session through the built binary: 200 model turns on one run's AbortSignal must
// print no warning (an abort listener left per call used to trip Node's limit after ten), and the
// process must not grow with the turns.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest, type ScriptedAnswer } from '../support/fake-model-server.mjs';
import { createSandbox, startFalcon, type Sandbox } from '../support/falcon-binary.js';

const TURNS = 200;
/** Resident memory the process may gain between turn 50 and turn 200: far below what 150 turns of history would hold. */
const MAX_GROWTH_MB = 40;

let sandbox: Sandbox;
let server: FakeModelServer;
beforeEach(async () => {
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, '.falcon'));
  await writeFile(path.join(sandbox.project, 'notes.txt'), 'a line of notes\n'.repeat(100));
  server = await startFakeModelServer({ models: [{ name: 'qwen3:8b', contextLength: 16_384 }] });
});
afterEach(async () => {
  await server.close();
  await sandbox.cleanup();
});

it.each(['ollama', 'openai'] as const)('runs 200 turns through %s with no warning and flat memory', async (protocol) => {
  await sandbox.writeConfig({
    default_provider: protocol,
    providers: {
      ollama: { model: 'qwen3:8b', config: { mode: 'local', url: server.ollamaUrl } },
      openai: { model: 'qwen3:8b', config: { base_url: server.openaiBaseUrl, context_window: 16_384 } },
    },
  });
  const rssMb: Record<number, number> = {};
  let pid: number | undefined;
  let turn = 0;
  const reply = (request: RecordedRequest): ScriptedAnswer => {
    if (/<summary>/.test(request.messages.at(-1)?.content ?? '')) return '<summary>Reading notes.</summary>';
    turn += 1;
    if ((turn === 50 || turn === TURNS) && pid) rssMb[turn] = residentMb(pid);
    return turn > TURNS ? 'Final Answer: read it 200 times' : { text: 'ACTION: read_file({"path": "notes.txt"})', thinking: `turn ${turn}` };
  };
  server.script(Array(TURNS * 2).fill(reply));

  const { child, result } = startFalcon(['-p', 'read the notes again and again', '--max-turns', String(TURNS + 5)], {
    cwd: sandbox.project,
    env: sandbox.env(),
  });
  pid = child.pid;
  child.stdin!.end();
  const { code, stdout, stderr } = await result;
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toBe('read it 200 times\n');
  expect(turn).toBe(TURNS + 1);
  expect(rssMb[TURNS]! - rssMb[50]!).toBeLessThan(MAX_GROWTH_MB);
});

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
