// Tokens (characters / 4) of each part of the first request's system prompt, beside the same
// figures for the prompt before issue 11 (commit e92ad37), both built from their own sources.
//   node scripts/bench/prompt.mjs   (npm run bench:prompt)
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleEntry, linkWorkingTree, repo } from './bundle-source.mjs';

const BEFORE = 'e92ad37';
/** The empty project's first request may take this many tokens (test/agent/system-prompt.test.ts). */
const BUDGET_TOKENS = 3_300;

const root = await mkdtemp(path.join(tmpdir(), 'falcon-bench-prompt-'));
try {
  const empty = await makeProject('empty', { notes: '', facts: 0 });
  const full = await makeProject('full', { notes: largeNotes(), facts: 200 });
  const before = await bundlePrompt(await checkOut(BEFORE));
  const now = await bundlePrompt(await linkWorkingTree(root));
  const rows = mergeRows(await measure(before, empty), await measure(now, empty));
  const beforeFull = buildPrompt(before, full).length;
  const nowFull = buildPrompt(now, full).length;
  rows.push(['first request, 20 KB falcon.md and 200 facts', beforeFull, nowFull]);

  console.log(`first request, tokens = characters / 4 (${BEFORE} is the prompt before issue 11; budget ${BUDGET_TOKENS})`);
  console.log(`  ${'part'.padEnd(48)} ${'before'.padStart(7)} ${'now'.padStart(7)}   now/before`);
  for (const [name, old, current] of rows) {
    const ratio = old && current ? `${(current / old).toFixed(2)}×` : '';
    console.log(`  ${name.padEnd(48)} ${tokens(old).padStart(7)} ${tokens(current).padStart(7)}   ${ratio}`);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

function tokens(characters) {
  return characters === undefined ? '—' : String(Math.round(characters / 4));
}

/** The sources of a commit, with this repository's node_modules. */
async function checkOut(commit) {
  const dir = path.join(root, commit);
  await mkdir(dir);
  const archive = execFileSync('git', ['archive', '--format=tar', commit, 'src', 'prompts', 'package.json'], { cwd: repo, maxBuffer: 256 << 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** A script that prints the tree's system prompt. */
async function bundlePrompt(dir) {
  // The tools came from one registry until the capabilities (issue 29) brought their own.
  const fromCapabilities = await readFile(path.join(dir, 'src/agent/default-tools.ts')).then(
    () => true,
    () => false,
  );
  const tools = fromCapabilities
    ? { line: "import { loadDefaultTools } from './src/agent/default-tools.js';", call: 'await loadDefaultTools()' }
    : { line: "import { createDefaultTools } from './src/tools/registry.js';", call: 'createDefaultTools()' };
  const script = await bundleEntry(
    dir,
    'print-prompt',
    `import { buildSystemPrompt } from './src/agent/system-prompt.js';
${tools.line}
const [projectRoot, falconHome] = process.argv.slice(2);
const prompt = await buildSystemPrompt({ tools: ${tools.call}, projectRoot, falconHome, now: new Date('2026-01-01T00:00:00Z') });
process.stdout.write(prompt);
`,
  );
  return { dir, script };
}

function buildPrompt(bundle, { project, home }) {
  return execFileSync(process.execPath, [bundle.script, project, home], { encoding: 'utf8', env: { ...process.env, FALCON_HOME: home } });
}

/** Characters per part: each prompts/*.md, the tool reference (core, deferred), the session context, the whole. */
async function measure(bundle, projectFiles) {
  const prompt = buildPrompt(bundle, projectFiles);
  const parts = new Map();
  const promptsDir = path.join(bundle.dir, 'prompts');
  for (const name of (await readdir(promptsDir)).filter((file) => file.endsWith('.md')).sort()) {
    parts.set(`prompts/${name}`, (await readFile(path.join(promptsDir, name), 'utf8')).trim().length);
  }
  const toolsAt = prompt.indexOf('# Tools\n');
  const sessionAt = prompt.indexOf('# This session\n');
  const tools = prompt.slice(toolsAt, sessionAt);
  // The heading system-prompt.ts puts above the deferred tools; the prompt before had none.
  const deferredAt = tools.indexOf('\n## More tools');
  parts.set('tool reference, core tools in full', deferredAt < 0 ? tools.length : deferredAt);
  parts.set('deferred tools: names, by group', deferredAt < 0 ? 0 : tools.length - deferredAt);
  // What stays the same every turn of every session, so a server can cache it; the session's facts follow.
  parts.set('stable part, before the session context', sessionAt);
  parts.set('session context (empty falcon.md, no facts)', prompt.length - sessionAt);
  parts.set('first request (the whole system prompt)', prompt.length);
  return parts;
}

/** [name, before, now] rows: the prompts/ files of either tree in name order, then the other parts. */
function mergeRows(before, now) {
  const files = [...new Set([...before.keys(), ...now.keys()].filter((name) => name.startsWith('prompts/')))].sort();
  const others = [...now.keys()].filter((name) => !name.startsWith('prompts/'));
  return [...files, ...others].map((name) => [name, before.get(name), now.get(name)]);
}

async function makeProject(name, { notes, facts }) {
  const project = path.join(root, name, 'project');
  const home = path.join(root, name, 'home');
  await mkdir(path.join(project, '.falcon'), { recursive: true });
  await mkdir(home);
  await writeFile(path.join(project, '.falcon', 'falcon.md'), notes);
  const remembered = Array.from({ length: facts }, (_, index) => ({
    id: `f${index + 1}`,
    text: `GET /items/${index + 1} answers 200 with an ETag header; PUT needs If-Match`,
    project,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
  }));
  if (facts > 0) await writeFile(path.join(home, 'memory.json'), JSON.stringify({ version: 1, facts: remembered }));
  return { project, home };
}

function largeNotes() {
  const section = (index) => `## Endpoint group ${index}\n\n${'- GET /items/{id}: answers 200 with the item, 404 when unknown.\n'.repeat(5)}`;
  return `# Items API: what Falcon knows about this API\n\n${Array.from({ length: 60 }, (_, index) => section(index)).join('\n')}`;
}
