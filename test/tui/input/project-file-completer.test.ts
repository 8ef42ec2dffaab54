import { utimes } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileCompleter } from '../../../src/tui/input/project-file-completer.js';
import { rankPaths } from '../../../src/tui/input/rank-paths.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('rankPaths', () => {
  const file = (path: string, mtimeMs = 0) => ({ path, mtimeMs, size: 1 });

  it('ranks file-name prefix, then substring, then characters in order, ignoring case', () => {
    const files = [file('docs/make-widget.md'), file('src/Widget.ts'), file('src/old/widget-list.ts'), file('readme.md')];
    expect(rankPaths(files, 'wid')).toEqual(['src/Widget.ts', 'src/old/widget-list.ts', 'docs/make-widget.md']);
    expect(rankPaths(files, 'mkw')).toEqual(['docs/make-widget.md']);
  });

  it('puts shorter paths first, then the most recently changed', () => {
    const files = [file('a/long/app.ts', 5), file('app.ts', 1), file('b/app.ts', 1), file('c/app.ts', 9)];
    expect(rankPaths(files, 'app')).toEqual(['app.ts', 'c/app.ts', 'b/app.ts', 'a/long/app.ts']);
  });
});

describe('createFileCompleter', () => {
  it('lists matching project files, skipping dependencies, build output and session logs', async () => {
    project = await createTempProject();
    for (const relative of [
      'src/users.ts',
      'test/users.test.ts',
      'node_modules/lib/users.js',
      '.git/users',
      'dist/users.js',
      'vendor/users.php',
      '.falcon/sessions/users.jsonl',
      '.falcon/spec.yaml',
    ]) {
      await project.write(relative, 'x');
    }
    const complete = createFileCompleter(project.root);
    expect(await complete('users')).toEqual(['src/users.ts', 'test/users.test.ts']);
    expect(await complete('SPEC')).toEqual(['.falcon/spec.yaml']);
  });

  it('offers the most recently changed among equally short paths for an empty prefix', async () => {
    project = await createTempProject();
    await project.write('a.ts', 'x');
    const edited = await project.write('b.ts', 'x');
    await utimes(edited, new Date(), new Date(Date.now() + 60_000));
    expect(await createFileCompleter(project.root)('')).toEqual(['b.ts', 'a.ts']);
  });

  it('serves completions from a cached listing for a few seconds', async () => {
    project = await createTempProject();
    await project.write('first.ts', 'x');
    const complete = createFileCompleter(project.root);
    expect(await complete('')).toEqual(['first.ts']);
    await project.write('second.ts', 'x');
    expect(await complete('')).toEqual(['first.ts']);
  });
});
