// Listing project files (what list_files, glob, find_handler and the JavaScript search fallback do
// first) beside `rg --files` (the reference) on the same trees, measured in the same run.
//   node scripts/bench/listing.mjs [runs]     (default: 5 runs, median shown)
// Trees, generated in a temporary folder:
//   nested .gitignores  10,000 files, 256 .gitignore files (root, 15 packages, 240 modules), each
//                       with the rules such files hold: node_modules/, *.log, !keep.log, dist, /build, **/tmp
//   normal              1,200 files, one .gitignore at the root
// Both sides skip the same folders (SKIPPED_FOLDERS), show hidden files and read
// .gitignore files without needing a git repository; the file counts are printed to show they agree.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importTypeScript, ripgrepVersion } from './bench-support.mjs';

const runs = Number(process.argv[2] ?? 5);

const scratch = await mkdtemp(path.join(tmpdir(), 'falcon-bench-listing-'));
try {
  const { findProjectFiles, findProjectFilePaths, SKIPPED_FOLDERS } = await importTypeScript(
    scratch,
    'project-files',
    "export * from './src/engines/code/project-files.ts'; export { SKIPPED_FOLDERS } from './src/safety/skipped-folders.ts';",
  );
  const skipGlobs = SKIPPED_FOLDERS.flatMap((name) => ['--glob', `!${name}`]);
  const rg = await ripgrepVersion();
  console.log(`Listing project files, median of ${runs} runs (Node ${process.version})`);
  console.log(rg ? `reference: ${rg}` : 'ripgrep (rg) is NOT installed: no reference to compare with (apt-get install -y ripgrep)');
  for (const tree of [
    { name: 'nested .gitignores: 10,000 files, 256 .gitignore', make: writeNestedTree },
    { name: 'normal: 1,200 files, 1 .gitignore', make: writeNormalTree },
  ]) {
    const root = path.join(scratch, tree.make.name);
    await tree.make(root);
    console.log(`\n${tree.name}`);
    const withStats = await measure(async () => (await findProjectFiles(root)).length);
    const pathsOnly = await measure(async () => (await findProjectFilePaths(root)).length);
    if (!rg) {
      row('findProjectFiles (list_files, glob)', withStats);
      row('findProjectFilePaths (search fallback)', pathsOnly);
      continue;
    }
    const reference = await measure(() => listWithRipgrep(root, skipGlobs));
    row('rg --files (reference)', reference, reference);
    row('findProjectFiles (list_files, glob)', withStats, reference);
    row('findProjectFilePaths (search fallback)', pathsOnly, reference);
    if (withStats.files !== reference.files || pathsOnly.files !== reference.files) {
      console.log(`  note: file counts differ (rg ${reference.files}, ours ${withStats.files} / ${pathsOnly.files})`);
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/** 1 + 15 + 240 = 256 .gitignore files; 10 + 15 × 10 + 240 × 41 = 10,000 files. */
async function writeNestedTree(root) {
  await writeFiles(root, {
    '.gitignore': 'node_modules/\n*.log\ncoverage/\n.DS_Store\n**/tmp\n',
    ...named(['README.md', 'package.json', 'tsconfig.json', 'src/main.ts', 'src/app.ts', 'src/env.ts', 'scripts/build.sh']),
    'error.log': '',
    'coverage/index.html': '',
  });
  for (let p = 0; p < 15; p++) {
    const pkg = `packages/p${String(p).padStart(2, '0')}`;
    await writeFiles(path.join(root, pkg), {
      '.gitignore': '*.log\n!important.log\n/build\ndocs/_site/\n',
      ...named(['README.md', 'package.json', 'index.ts', 'src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts']),
      'debug.log': '',
      'build/out.js': '',
    });
    for (let m = 0; m < 16; m++) {
      const mod = `${pkg}/modules/m${String(m).padStart(2, '0')}`;
      await writeFiles(path.join(root, mod), {
        '.gitignore': `# module ${m}\nnode_modules/\n*.log\n!keep.log\ndist\n/build\n**/tmp\ngenerated-${m}/\ncoverage/\n*.cache\n.env.local\n`,
        ...named(['README.md', 'package.json']),
        ...named(range(12).map((i) => `src/file-${i}.ts`)),
        ...named(range(8).map((i) => `src/lib/helper-${i}.ts`)),
        ...named(range(6).map((i) => `test/file-${i}.test.ts`)),
        ...named(range(3).map((i) => `build/chunk-${i}.js`)),
        ...named(range(2).map((i) => `tmp/scratch-${i}.txt`)),
        'src/tmp/cache.json': '',
        'logs/server.log': '',
        'logs/keep.log': '',
        'debug.log': '',
        ...named(range(3).map((i) => `generated-${m}/api-${i}.ts`)),
      });
    }
  }
}

/** 40 folders of 30 files; the root .gitignore names a few that are not there, as most do. */
async function writeNormalTree(root) {
  await writeFiles(root, { '.gitignore': 'node_modules/\n*.log\ncoverage/\n/build\n.env\n' });
  for (let f = 0; f < 40; f++) {
    const files = range(f === 0 ? 29 : 30).map((i) => `src/area-${f % 8}/part-${f}/file-${i}.ts`);
    await writeFiles(root, named(files));
  }
}

async function writeFiles(folder, files) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(folder, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

function named(names) {
  return Object.fromEntries(names.map((name) => [name, `// ${name}\n`]));
}

function range(count) {
  return Array.from({ length: count }, (_, i) => i);
}

/** `rg --files` into a pipe read to the end, as any caller would. */
function listWithRipgrep(root, skipGlobs) {
  return new Promise((resolve, reject) => {
    const child = spawn('rg', ['--files', '--hidden', '--no-require-git', '--no-config', ...skipGlobs], { cwd: root });
    let lines = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.on('error', reject);
    child.on('close', () => resolve(lines));
  });
}

async function measure(once) {
  const files = await once(); // warm the file cache
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], files };
}

function row(name, result, reference) {
  const ratio = reference ? `${(result.ms / reference.ms).toFixed(1)}× rg` : '';
  console.log(`  ${name.padEnd(40)} ${result.ms.toFixed(1).padStart(9)} ms  ${String(result.files).padStart(6)} files  ${ratio}`.trimEnd());
}
