// search_code's engine beside ripgrep (the reference) on a large tree, measured in the same run.
//   node scripts/bench/search.mjs [runs] [folder]     (default: 5 runs over this project's node_modules)
// Rows: rg as a user runs it (the reference); rg with --sort path (what the engine asks of it, for
// a stable order); searchCode through ripgrep; searchCode's JavaScript fallback. Every row skips
// the same folders (SKIPPED_FOLDERS, inside the tree) and caps nothing but the
// matches kept (100), so all of them read the same files.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTypeScript, ripgrepVersion } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 5);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const tree = path.resolve(process.argv[3] ?? path.join(repo, 'node_modules'));
const patterns = [
  { name: 'common word', pattern: 'function' },
  { name: 'rare literal', pattern: 'xyzzy_not_here', literal: true },
  { name: 'regex', pattern: String.raw`\b(get|post)\(['"]/` },
  { name: 'ignore case', pattern: 'todo:', ignoreCase: true },
];

const scratch = await mkdtemp(path.join(tmpdir(), 'falcon-bench-search-'));
try {
  const { searchCode, SKIPPED_FOLDERS } = await importTypeScript(
    scratch,
    'search-code',
    "export * from './src/engines/code/search-code.ts'; export { SKIPPED_FOLDERS } from './src/safety/skipped-folders.ts';",
  );
  const skipGlobs = SKIPPED_FOLDERS.flatMap((name) => ['--glob', `!${name}`]);
  const hasRipgrep = await ripgrepVersion();
  console.log(`search_code on ${tree}, median of ${runs} runs (Node ${process.version})`);
  if (!hasRipgrep) {
    console.log('ripgrep (rg) is NOT installed: no reference to compare with, and search_code itself uses its JavaScript');
    console.log('fallback. Install it (e.g. apt-get install -y ripgrep, brew install ripgrep) and run again.');
  } else {
    console.log(`reference: ${hasRipgrep}`);
  }
  for (const spec of patterns) {
    const options = { pattern: spec.pattern, literal: spec.literal, ignoreCase: spec.ignoreCase, maxMatches: 100 };
    const fallback = await measure(() => searchCode(tree, { ...options, preferRipgrep: false }));
    console.log(`\n${spec.name}: ${JSON.stringify(spec.pattern)}${spec.literal ? ' (literal)' : ''}${spec.ignoreCase ? ' (ignore case)' : ''}`);
    if (!hasRipgrep) {
      row('search_code (JavaScript fallback)', fallback);
      continue;
    }
    const ours = await measure(() => searchCode(tree, { ...options, preferRipgrep: true }));
    const flags = [...(spec.literal ? ['--fixed-strings'] : []), ...(spec.ignoreCase ? ['--ignore-case'] : [])];
    const common = [...flags, '--hidden', '--no-require-git', '--no-config', ...skipGlobs];
    const rg = await measure(() => runRipgrep(spec.pattern, common));
    const rgSorted = await measure(() => runRipgrep(spec.pattern, ['--sort', 'path', ...common]));
    row('rg (reference)', rg, rg);
    row('rg --sort path', rgSorted, rg);
    row('search_code via rg (ours)', ours, rg);
    row('search_code JavaScript fallback', fallback, rg);
    console.log(`  ratios: ours/rg ${(ours.ms / rg.ms).toFixed(2)}×, fallback/rg ${(fallback.ms / rg.ms).toFixed(2)}×`);
    if (ours.matches !== rg.matches || fallback.matches !== rg.matches) {
      console.log(`  note: match counts differ (rg ${rg.matches}, ours ${ours.matches}, fallback ${fallback.matches});`);
      console.log("  rg also reads .ignore files and git's global excludes, and the regex dialects differ slightly");
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/** rg printing `path:line:text` into a pipe that is read to the end, as any caller would. */
function runRipgrep(pattern, args) {
  return new Promise((resolve, reject) => {
    const child = spawn('rg', ['--line-number', ...args, '--regexp', pattern, '--', '.'], { cwd: tree });
    let lines = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', () => resolve({ totalMatches: lines }));
  });
}

async function measure(once) {
  const first = await once(); // warm the file cache
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], matches: first.totalMatches };
}

function row(name, result, reference) {
  const ratio = reference ? `${(result.ms / reference.ms).toFixed(2)}× rg` : '';
  console.log(`  ${name.padEnd(34)} ${result.ms.toFixed(1).padStart(8)} ms  ${String(result.matches).padStart(7)} matches  ${ratio}`.trimEnd());
}
