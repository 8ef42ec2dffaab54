import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_FILE, HISTORY_LIMIT, InputHistory } from '../../../src/tui/input/input-history.js';
import { tempDir } from '../../config/temp-dir.js';

const historyFile = (project: string) => path.join(project, '.falcon', HISTORY_FILE);

describe('InputHistory', () => {
  it('appends each message as a JSON line, creating .falcon/, and reloads them in a later session', async () => {
    const project = await tempDir();
    const history = await InputHistory.load(project);
    expect(history.entries).toEqual([]);
    await history.add('first');
    await history.add('two\nlines "quoted"');
    expect(await readFile(historyFile(project), 'utf8')).toBe('"first"\n"two\\nlines \\"quoted\\""\n');
    expect((await InputHistory.load(project)).entries).toEqual(['first', 'two\nlines "quoted"']);
  });

  it('does not repeat a message equal to the previous one, nor keep blank ones', async () => {
    const project = await tempDir();
    const history = await InputHistory.load(project);
    for (const text of ['a', 'a', 'b', '  ', 'a']) await history.add(text);
    expect(history.entries).toEqual(['a', 'b', 'a']);
    expect((await InputHistory.load(project)).entries).toEqual(['a', 'b', 'a']);
  });

  it('keeps the text as typed in memory but masks secrets on disk', async () => {
    const project = await tempDir();
    const history = await InputHistory.load(project);
    await history.add('call it with Authorization: Bearer abcdefghijklmnop');
    expect(history.entries).toEqual(['call it with Authorization: Bearer abcdefghijklmnop']);
    const onDisk = await readFile(historyFile(project), 'utf8');
    expect(onDisk).not.toContain('abcdefghijklmnop');
    expect(onDisk).toContain('[masked]');
  });

  it('keeps the history in memory only when .falcon/ or the file is a link, reading and writing nothing through it', async () => {
    const project = await tempDir();
    const elsewhere = await tempDir();
    await writeFile(path.join(elsewhere, 'private.txt'), '"from elsewhere"\n');
    await symlink(elsewhere, path.join(project, '.falcon'));
    const linkedFolder = await InputHistory.load(project);
    await linkedFolder.add('typed');
    expect(linkedFolder.entries).toEqual(['typed']);
    expect(await readdir(elsewhere)).toEqual(['private.txt']);

    const other = await tempDir();
    await mkdir(path.join(other, '.falcon'));
    await symlink(path.join(elsewhere, 'private.txt'), historyFile(other));
    const linkedFile = await InputHistory.load(other);
    expect(linkedFile.entries).toEqual([]);
    await linkedFile.add('typed');
    expect(await readFile(path.join(elsewhere, 'private.txt'), 'utf8')).toBe('"from elsewhere"\n');
  });

  it('skips damaged lines', async () => {
    const project = await tempDir();
    await mkdir(path.join(project, '.falcon'));
    await writeFile(historyFile(project), '"ok"\n{"not":"a string"}\n"cut off\n42\n\n"fine"\n');
    expect((await InputHistory.load(project)).entries).toEqual(['ok', 'fine']);
  });

  it(`keeps the last ${HISTORY_LIMIT} entries, and shortens a file that grew past twice as many`, async () => {
    const project = await tempDir();
    await mkdir(path.join(project, '.falcon'));
    const lines = Array.from({ length: 2 * HISTORY_LIMIT + 1 }, (_, i) => JSON.stringify(`message ${i}`));
    await writeFile(historyFile(project), `${lines.join('\n')}\n`);
    const history = await InputHistory.load(project);
    expect(history.entries).toHaveLength(HISTORY_LIMIT);
    expect(history.entries[0]).toBe(`message ${HISTORY_LIMIT + 1}`);
    expect(history.entries.at(-1)).toBe(`message ${2 * HISTORY_LIMIT}`);
    const rewritten = (await readFile(historyFile(project), 'utf8')).trimEnd().split('\n');
    expect(rewritten).toHaveLength(HISTORY_LIMIT);
  });

  it('works in memory without a project', async () => {
    const history = new InputHistory(['old']);
    await history.add('new');
    expect(history.entries).toEqual(['old', 'new']);
  });
});
