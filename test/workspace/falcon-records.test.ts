import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { falconRecordRefusal, isInFalconDir, resolveToolWritePath } from '../../src/workspace/falcon-records.js';

describe('falconRecordRefusal', () => {
  it('refuses every spelling of the session logs and reports folders, and nothing else', () => {
    for (const refused of [
      '.falcon/sessions/x.jsonl',
      '.falcon/sessions',
      '.FALCON/Sessions/x',
      '.falcon/sessions./x',
      '.falcon/sessio~1/x',
      'falcon~1/reports/r.json',
      '.falcon\\reports\\r.md',
    ]) {
      expect(falconRecordRefusal(refused), refused).toMatch(
        /^\.falcon\/(sessions|reports)\/ holds Falcon's (session logs|run reports), which Falcon alone writes/,
      );
    }
    for (const allowed of ['.falcon/flows/x.yaml', '.falcon/sessions-notes.md', 'sessions/x.jsonl', 'src/.falcon/sessions/x', '.falcon']) {
      expect(falconRecordRefusal(allowed), allowed).toBeUndefined();
    }
  });

  it('knows .falcon/ in any spelling', () => {
    expect(isInFalconDir('.Falcon/x')).toBe(true);
    expect(isInFalconDir('falcon~1')).toBe(true);
    expect(isInFalconDir('src/.falcon/x')).toBe(false);
  });
});

describe('resolveToolWritePath', () => {
  let root: string;
  beforeEach(async () => {
    root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-records-')));
    await mkdir(path.join(root, '.falcon', 'sessions'), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('refuses the records as written, through `..`, and through a link', async () => {
    await symlink(path.join('.falcon', 'sessions'), path.join(root, 'logs'));
    for (const refused of ['.falcon/sessions/a.jsonl', 'src/../.falcon/./sessions/a.jsonl', 'logs/a.jsonl']) {
      await expect(resolveToolWritePath(root, refused), refused).rejects.toThrow(/^Not written: \.falcon\/sessions\/ holds/);
    }
    expect((await resolveToolWritePath(root, 'src/app.ts')).relative).toBe('src/app.ts');
  });
});
