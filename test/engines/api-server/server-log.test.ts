import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerLog, excerptsFileOf } from '../../../src/engines/api-server/server-log.js';
import { maskText } from '../../../src/safety/mask-text.js';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-server-log-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('ServerLog', () => {
  it('keeps whole lines of each stream apart, masked by value, without escape sequences, in a private file', async () => {
    const secrets = new SecretRegistry();
    secrets.register('s3cr3t-database-password', 'DB_PASSWORD');
    const file = path.join(folder, 'sessions', 'abc', 'server.log');
    const log = new ServerLog({ file, mask: (text) => maskText(text, { secrets }) });
    log.write('listening', 'stdout');
    log.write('Error: boom\n    at x (/app/a.js:1:2)\n', 'stderr');
    log.write(' on 3000\n\x1b[31mconnected with s3cr3t-database-password\x1b[0m\n', 'stdout');
    log.write('progress 10%\rprogress 100%\n', 'stdout');
    log.close();
    const lines = log.since(0).map((line) => line.text);
    expect(lines).toEqual(['Error: boom', '    at x (/app/a.js:1:2)', 'listening on 3000', 'connected with [masked:DB_PASSWORD]', 'progress 100%']);
    expect(await readFile(file, 'utf8')).toBe(`${lines.join('\n')}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(log.since(0).map((line) => line.fileLine)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps Falcon's own lines apart from the server's, and goes on numbering a resumed session's file", async () => {
    const file = path.join(folder, 'server.log');
    const first = new ServerLog({ file, mask: (text) => text });
    first.write('one\ntwo\n');
    first.close();
    const second = new ServerLog({ file, mask: (text) => text });
    second.note('starting: npm run dev');
    second.write('three\n');
    expect(second.since(0).map((line) => [line.text, line.fileLine, line.falcon ?? false])).toEqual([
      ['── falcon: starting: npm run dev', 3, true],
      ['three', 4, false],
    ]);
    expect(second.tail(5).map((line) => line.text)).toEqual(['three']);
  });

  it('stops writing the file at its cap, saying so, and keeps the lines in memory', async () => {
    const file = path.join(folder, 'server.log');
    const log = new ServerLog({ file, mask: (text) => text, maxFileBytes: 20 });
    log.write('0123456789\n0123456789\nlater\n');
    log.close();
    expect(await readFile(file, 'utf8')).toBe('0123456789\n── falcon: the log reached 0 MB: later lines are kept in memory only\n');
    expect(log.tail(3).map((line) => [line.text, line.fileLine])).toEqual([
      ['0123456789', 1],
      ['0123456789', undefined],
      ['later', undefined],
    ]);
  });

  it('notes where an excerpt is, beside the log', async () => {
    const file = path.join(folder, 'server.log');
    const log = new ServerLog({ file, mask: (text) => text });
    log.recordExcerpt({ requestId: 'falcon-0a1b2c3d', method: 'GET', url: 'http://127.0.0.1:3000/users/2', outcome: '500', firstLine: 3, lastLine: 5 });
    const record = JSON.parse(await readFile(excerptsFileOf(file), 'utf8')) as unknown;
    expect(record).toEqual({ requestId: 'falcon-0a1b2c3d', method: 'GET', url: 'http://127.0.0.1:3000/users/2', outcome: '500', firstLine: 3, lastLine: 5 });
    expect((await stat(excerptsFileOf(file))).mode & 0o777).toBe(0o600);
  });
});
