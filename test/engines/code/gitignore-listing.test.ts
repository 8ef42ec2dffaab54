import { execa } from 'execa';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePaths, findProjectFilePaths, findProjectFiles } from '../../../src/engines/code/project-files.js';
import { requireTool } from '../../support/required-tools.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';

/** The paths findProjectFilePaths finds, as strings. */
const filePaths = async (...args: Parameters<typeof findProjectFilePaths>) => (await findProjectFilePaths(...args)).map((file) => file.path);

/** Trees of nested .gitignore files where git's rules are easy to get wrong. */
const trees: { name: string; files: Record<string, string> }[] = [
  {
    name: 'negations, and deeper files overriding shallower ones',
    files: {
      '.gitignore': '*.log\n!keep.log\n',
      'a.log': '',
      'keep.log': '',
      'sub/.gitignore': '!debug.log\n',
      'sub/debug.log': '',
      'sub/other.log': '',
      'sub/deeper/.gitignore': 'keep.log\n*.tmp\n!important.tmp\n',
      'sub/deeper/keep.log': '',
      'sub/deeper/debug.log': '',
      'sub/deeper/a.tmp': '',
      'sub/deeper/important.tmp': '',
    },
  },
  {
    name: 'directory-only rules',
    files: {
      '.gitignore': 'bundle/\ncache\nlogs/\n',
      'bundle/out.js': '',
      'docs/bundle': 'a file named bundle stays',
      'cache/x.json': '',
      'src/cache': 'a file named cache goes',
      'src/logs': 'a file named logs stays',
      'src/logs-too/x.txt': '',
      'app/logs/today.txt': '',
    },
  },
  {
    name: 'anchored rules, relative to the .gitignore that holds them',
    files: {
      '.gitignore': '/bundle\ndocs/generated\n',
      'bundle/out.js': '',
      'lib/bundle/kept.js': '',
      'docs/generated/api.md': '',
      'docs/guide.md': '',
      'packages/docs/generated/x.md': '',
      'sub/.gitignore': '/output\nfixtures/big.json\n',
      'sub/output/a.txt': '',
      'sub/deep/output/b.txt': '',
      'sub/fixtures/big.json': '',
      'sub/fixtures/small.json': '',
      'sub/deep/fixtures/big.json': '',
      'output/root-out.txt': '',
    },
  },
  {
    name: 'patterns with **',
    files: {
      '.gitignore': '**/tmp\na/**/b\nlogs/**\n**/fixtures/*.json\n!**/fixtures/keep.json\n',
      'tmp/x.txt': '',
      'src/tmp/y.txt': '',
      'src/tmpl/z.txt': '',
      'a/b': '',
      'a/x/y/b': '',
      'a/x/c': '',
      'logs/today/x.log': '',
      'logs.txt': '',
      'test/fixtures/users.json': '',
      'test/fixtures/keep.json': '',
      'test/fixtures/deep/users.json': '',
      'sub/.gitignore': '**/gen\n',
      'sub/x/gen/file.ts': '',
      'gen/file.ts': '',
    },
  },
  {
    name: 'an ignored folder is not entered, whatever the .gitignore inside says',
    files: {
      '.gitignore': 'ignored/\nbundle/*\n!bundle/keep/\n/*.txt\n!/notes.txt\n',
      'ignored/.gitignore': '!*\n!keep.txt\n',
      'ignored/keep.txt': '',
      'ignored/deep/keep.txt': '',
      'bundle/out.js': '',
      'bundle/keep/a.js': '',
      'bundle/other/.gitignore': '!*.js\n',
      'bundle/other/b.js': '',
      'a.txt': '',
      'notes.txt': '',
      'sub/a.txt': '',
    },
  },
  {
    name: 'a deeper .gitignore un-ignoring a folder that a shallower one ignores',
    files: {
      '.gitignore': 'bundle/\n*.log\n',
      'bundle/a.js': '',
      'pkg/.gitignore': '!bundle/\n',
      'pkg/bundle/out.js': '',
      'pkg/bundle/out.log': '',
      'pkg/bundle/nested/x.js': '',
      'pkg/other/bundle/y.js': '',
    },
  },
  {
    name: 'comments, escapes, trailing spaces, CRLF and odd folder names',
    files: {
      '.gitignore': '\uFEFF# comment\r\n\\#hash\r\n\\!bang\r\nspaced   \r\nescaped\\ \r\n\r\n',
      '#hash': '',
      '!bang': '',
      '# comment': '',
      spaced: '',
      'escaped ': '',
      escaped: '',
      'we[ir]d*dir/.gitignore': '*.tmp\n/anchored\n!keep.tmp\n',
      'we[ir]d*dir/a.tmp': '',
      'we[ir]d*dir/keep.tmp': '',
      'we[ir]d*dir/anchored': '',
      'we[ir]d*dir/deep/anchored': '',
      'weird-dir/a.tmp': '',
      '!neg/.gitignore': 'x\n',
      '!neg/x': '',
      '!neg/y': '',
      '#hashdir/.gitignore': '/x\n',
      '#hashdir/x': '',
      '#hashdir/y': '',
    },
  },
];

let project: TempProject;

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('listing with nested .gitignore files, checked against git', requireTool('git'), () => {
  it.each(trees)('lists what git lists: $name', async ({ files }) => {
    await writeTree(files);
    const truth = await gitListing('.');
    expect(await filePaths(project.root)).toEqual(truth);
    expect((await findProjectFiles(project.root)).map((file) => file.path)).toEqual(truth);
  });

  it.each(trees)('lists what git lists in each subfolder it enters: $name', async ({ files }) => {
    await writeTree(files);
    const listed = await gitListing('.');
    const folders = [...new Set(listed.flatMap((file) => ancestors(file)))];
    const truths = await gitListings(folders);
    for (const folder of folders) {
      expect(await filePaths(project.root, { folder }), folder).toEqual(truths.get(folder));
    }
  });
});

describe('listing with nested .gitignore files', () => {
  it('drops ignored files that a pattern names without a wildcard', async () => {
    await writeTree({ '.gitignore': '*.log\n/bundle\n', 'app.log': '', 'bundle/out.js': '', 'src/app.ts': '' });
    expect(await filePaths(project.root, { pattern: 'bundle/out.js' })).toEqual([]);
    expect(await filePaths(project.root, { pattern: 'app.log' })).toEqual([]);
    expect(await filePaths(project.root, { pattern: 'src/app.ts' })).toEqual(['src/app.ts']);
  });

  it('lists a folder asked for by name though it is ignored, with the rules still applying inside it', async () => {
    await writeTree({ '.gitignore': 'bundle/\n*.log\n', 'bundle/out.js': '', 'bundle/out.log': '', 'bundle/sub/x.js': '', 'bundle/sub/x.log': '' });
    expect(await filePaths(project.root, { folder: 'bundle' })).toEqual(['bundle/out.js', 'bundle/sub/x.js']);
    expect(await filePaths(project.root, { folder: 'bundle/sub' })).toEqual(['bundle/sub/x.js']);
  });

  it('reads no .gitignore through a symlink, as git does not', async () => {
    await writeTree({ 'rules.txt': '*.js\n', 'src/app.js': '', 'src/deep/lib.js': '' });
    await symlink('../rules.txt', path.join(project.root, 'src/.gitignore'));
    expect(await filePaths(project.root)).toEqual(['rules.txt', 'src/app.js', 'src/deep/lib.js']);
    expect(await filePaths(project.root, { folder: 'src/deep' })).toEqual(['src/deep/lib.js']);
  });
});

async function writeTree(files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) await project.write(name, content);
}

/** git without the machine's own configuration and excludes. */
const GIT = ['git', '-c', 'core.excludesFile=/dev/null'];
const GIT_ENV = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
/** What git would add from the folder it runs in, paths relative to the project root. */
const LS_FILES = ['ls-files', '--others', '--cached', '--exclude-standard', '--full-name', '-z'];

/** `git ls-files -z` output as a listing: sorted as listings are. */
const asListing = (stdout: string) => stdout.split('\0').filter(Boolean).sort(comparePaths);

/**
 * What git lists in a folder of a fresh repository (`.`: made here): the files it would add, paths
 * relative to the project root, sorted as listings are.
 */
async function gitListing(folder: string): Promise<string[]> {
  const git = (args: string[], cwd = project.root) => execa(GIT[0]!, [...GIT.slice(1), ...args], { cwd, env: GIT_ENV });
  if (folder === '.') await git(['init', '-q']);
  return asListing((await git(LS_FILES, path.join(project.root, folder))).stdout);
}

/** gitListing of each folder, git run in each by one shell: one process of this test's rather than one per folder. */
async function gitListings(folders: string[]): Promise<Map<string, string[]>> {
  const script = `for folder; do (cd "$folder" && ${[...GIT, ...LS_FILES].join(' ')}) || exit 1; printf '\\001'; done`;
  const { stdout } = await execa('sh', ['-c', script, 'sh', ...folders], { cwd: project.root, env: GIT_ENV });
  const outputs = stdout.split('\u0001');
  return new Map(folders.map((folder, index) => [folder, asListing(outputs[index]!)]));
}

/** `a`, `a/b` for `a/b/c.txt`. */
function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
