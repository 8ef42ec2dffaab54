// Memory over a long session: the V8 heap after a full GC at points of a 200-turn scripted run, for
// Falcon's agent (real SDK, fake server on loopback, an 8k window so it compacts) beside the same
// number of bare openai-SDK calls on one signal, measured in the same run; and the warnings printed.
//   node scripts/bench/long-session.mjs [turns]
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleEntry, linkWorkingTree } from './bundle-source.mjs';

// Runs in its own process with --expose-gc: `falcon` drives the agent, `bare` the SDK alone.
const ENTRY = `
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import { openAgent } from './src/agent/open-agent.js';
import { startFakeModelServer } from './test/support/fake-model-server.mjs';

const [mode, project, turnsText] = process.argv.slice(2);
const turns = Number(turnsText);
const samples = new Set([1, 25, 50, 100, 150, 200, turns].filter((turn) => turn <= turns));
const heapMb: Record<number, number> = {};
const warnings: string[] = [];
process.on('warning', (warning) => warnings.push(String(warning)));
const sample = (turn: number) => {
  if (!samples.has(turn)) return;
  (globalThis as { gc?: () => void }).gc?.();
  heapMb[turn] = process.memoryUsage().heapUsed / 2 ** 20;
};

const server = await startFakeModelServer({ models: [{ name: 'bench', contextLength: 8192 }], flavor: 'vllm' });
let turn = 0;
server.script(Array(turns * 3).fill((request: { messages: { content: string }[] }) => {
  if (/<summary>/.test(request.messages.at(-1)?.content ?? '')) return '<summary>Reading the notes again.</summary>';
  turn += 1;
  // The server keeps what it was sent; only Falcon's own memory is measured.
  server.requests.length = 0;
  server.metadataRequests.length = 0;
  sample(turn);
  return turn > turns ? 'Final Answer: done' : { text: 'ACTION: read_file({"path": "notes.txt"})', thinking: 'once more' };
}));

let compactions = 0;
if (mode === 'falcon') {
  const home = process.env.FALCON_HOME!;
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, 'config.yaml'), \`default_provider: local\\nproviders:\\n  local: {model: bench, config: {base_url: "\${server.openaiBaseUrl}"}}\\n\`);
  const { agent } = await openAgent({ projectRoot: project, env: process.env, modelChoice: {}, maxTurns: turns + 5 });
  agent.subscribe((event) => { if (event.type === 'compaction') compactions += 1; });
  await agent.send('read the notes again and again');
  await agent.dispose();
} else {
  const client = new OpenAI({ apiKey: 'none', baseURL: server.openaiBaseUrl, maxRetries: 0 });
  const signal = new AbortController().signal;
  const messages = [{ role: 'user' as const, content: 'read the notes' }];
  for (let i = 0; i <= turns; i++) {
    const stream = await client.chat.completions.create({ model: 'bench', messages, stream: true }, { signal });
    for await (const chunk of stream) void chunk;
  }
}
await server.close();
process.stdout.write(JSON.stringify({ heapMb, warnings, compactions }));
`;

const turns = Number(process.argv[2] ?? 200);
const root = await mkdtemp(path.join(tmpdir(), 'falcon-bench-long-'));
try {
  const dir = await linkWorkingTree(root, ['src', 'prompts', 'package.json', 'node_modules', 'test']);
  const project = path.join(root, 'project');
  await mkdir(path.join(project, '.falcon'), { recursive: true });
  await writeFile(path.join(project, 'notes.txt'), 'GET /items answers 200 with a list of items\n'.repeat(60));
  const script = await bundleEntry(dir, 'long-session', ENTRY);
  const run = (mode) =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', script, mode, project, String(turns)], {
        encoding: 'utf8',
        env: { ...process.env, FALCON_HOME: path.join(root, 'home') },
      }),
    );
  const falcon = run('falcon');
  const bare = run('bare');
  console.log(`heap after a full GC, MB (${turns} turns, Node ${process.version})`);
  console.log(`  ${'turn'.padEnd(8)} ${'falcon'.padStart(8)} ${'bare openai SDK (reference)'.padStart(30)}`);
  for (const turn of Object.keys(falcon.heapMb)) {
    console.log(`  ${turn.padEnd(8)} ${falcon.heapMb[turn].toFixed(1).padStart(8)} ${bare.heapMb[turn].toFixed(1).padStart(30)}`);
  }
  const growth = (r) => r.heapMb[turns] - r.heapMb[Math.min(50, turns)];
  console.log(`  growth from turn 50: falcon ${growth(falcon).toFixed(1)} MB, bare SDK ${growth(bare).toFixed(1)} MB`);
  console.log(`  warnings: falcon ${falcon.warnings.length}, bare SDK ${bare.warnings.length}; compactions: ${falcon.compactions}`);
  for (const warning of [...falcon.warnings, ...bare.warnings]) console.log(`    ${warning}`);
} finally {
  await rm(root, { recursive: true, force: true });
}
