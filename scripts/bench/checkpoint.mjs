// An incremental checkpoint (what Falcon takes before and after each call that may change files)
// beside `git stash create` (the reference: git's own snapshot of a work tree) on the same tree,
// measured in the same run.
//   node scripts/bench/checkpoint.mjs [runs] [files]     (default: 9 runs, 10,000 files; median shown)
// The tree: `files` files of about 1 KB in 100 folders, a git repository with all of them committed.
// Before each measured run a few files change: 5 edited, 1 added, 1 deleted. Both sides then record
// the tree; the checkpoint also takes the new file (git stash create leaves untracked files out).
// Target: an incremental checkpoint of a 10,000-file project in 300 ms or less.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importTypeScript } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 9);
const fileCount = Number(process.argv[3] ?? 10_000);
const TARGET_MS = 300;

const scratch = await mkdtemp(path.join(tmpdir(), 'falcon-bench-checkpoint-'));
try {
  const { CheckpointStore } = await importTypeScript(scratch, 'checkpoint-store', "export * from './src/engines/checkpoints/checkpoint-store.ts';");
  const project = path.join(scratch, 'project');
  const home = path.join(scratch, 'home');
  await writeTree(project, fileCount);
  await git(project, ['init', '-q']);
  await git(project, ['add', '-A']);
  await git(project, ['commit', '-qm', 'tree']);
  console.log(
    `Checkpoint of a ${fileCount.toLocaleString('en-US')}-file project, median of ${runs} runs (Node ${process.version}, ${(await git(project, ['--version'])).trim()})`,
  );

  const store = await CheckpointStore.forProject(home, project);
  const first = await timed(() => store.snapshot(undefined, 'first'));
  let parent = first.value.commit;
  console.log(`first checkpoint (every file read): ${first.ms.toFixed(0)} ms`);

  const ours = [];
  const unchanged = [];
  const reference = [];
  for (let run = 0; run < runs; run++) {
    await changeSomeFiles(project, run);
    const stash = await timed(() => git(project, ['stash', 'create']));
    reference.push(stash.ms);
    const taken = await timed(() => store.snapshot(parent, `run ${run}`));
    if (!taken.value.changed) throw new Error('the checkpoint did not see the changes');
    parent = taken.value.commit;
    ours.push(taken.ms);
    unchanged.push((await timed(() => store.snapshot(parent, 'same'))).ms);
  }
  const stashMs = median(reference);
  row('git stash create (reference)', stashMs, reference, stashMs);
  row('checkpoint, 7 files changed (ours)', median(ours), ours, stashMs);
  row('checkpoint, nothing changed (ours)', median(unchanged), unchanged, stashMs);
  const verdict = median(ours) <= TARGET_MS ? 'within' : 'OVER';
  console.log(`\ntarget: an incremental checkpoint in ${TARGET_MS} ms or less — median ${median(ours).toFixed(0)} ms: ${verdict} the target`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

async function writeTree(root, count) {
  const folders = 100;
  const line = 'export const value = "lorem ipsum dolor sit amet, consectetur adipiscing elit";\n';
  for (let f = 0; f < folders; f++) {
    const folder = path.join(root, 'src', `module-${String(f).padStart(3, '0')}`);
    await mkdir(folder, { recursive: true });
    const writes = [];
    for (let i = f; i < count; i += folders) writes.push(writeFile(path.join(folder, `file-${i}.ts`), `// file ${i}\n${line.repeat(12)}`));
    await Promise.all(writes);
  }
  await writeFile(path.join(root, '.gitignore'), 'node_modules/\ndist/\n');
}

/** 5 files edited, 1 added, 1 deleted (the one added by the run before). */
async function changeSomeFiles(root, run) {
  for (let i = 0; i < 5; i++) {
    const n = (run * 37 + i * 1013) % fileCount;
    await appendFile(path.join(root, 'src', `module-${String(n % 100).padStart(3, '0')}`, `file-${n}.ts`), `// run ${run}\n`);
  }
  await writeFile(path.join(root, `added-${run}.ts`), `// added in run ${run}\n`);
  if (run > 0) await rm(path.join(root, `added-${run - 1}.ts`));
}

function git(cwd, args) {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@localhost',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@localhost',
    };
    const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`git ${args[0]}: ${err}`))));
  });
}

async function timed(task) {
  const start = performance.now();
  const value = await task();
  return { value, ms: performance.now() - start };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function row(label, ms, all, reference) {
  const spread = `min ${Math.min(...all).toFixed(0)}, max ${Math.max(...all).toFixed(0)}`;
  console.log(`  ${label.padEnd(40)} ${ms.toFixed(0).padStart(5)} ms  (${spread})  ${(ms / reference).toFixed(2)}×`);
}
