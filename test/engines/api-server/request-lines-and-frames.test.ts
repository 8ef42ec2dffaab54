import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reduceStackFrames } from '../../../src/engines/api-server/project-frames.js';
import { linesOfRequest, textLinesOf } from '../../../src/engines/api-server/request-log-lines.js';
import type { LogLine } from '../../../src/engines/api-server/server-log.js';
import { ProjectFileIndex } from '../../../src/engines/failures/resolve-frame-file.js';

const lines = (...texts: string[]): LogLine[] => texts.map((text, seq) => ({ seq, at: seq, text }));

describe('the lines of one request', () => {
  it('are those naming its id, with what continues each (a stack trace), and never another request', () => {
    const picked = linesOfRequest(
      lines(
        'GET /users/1 falcon-11111111 200',
        'ERROR falcon-22222222 GET /users/2 failed',
        "TypeError: Cannot read properties of undefined (reading 'city')",
        '    at cityOf (/srv/app.js:6:23)',
        'GET /users/3 falcon-33333333 500',
        'unrelated line',
      ),
      'falcon-22222222',
    );
    expect(picked.by).toBe('request-id');
    expect(picked.lines.map((line) => line.text)).toEqual([
      'ERROR falcon-22222222 GET /users/2 failed',
      "TypeError: Cannot read properties of undefined (reading 'city')",
      '    at cityOf (/srv/app.js:6:23)',
    ]);
  });

  it('are, when none names it, every line printed meanwhile but those of other requests and of Falcon', () => {
    const window: LogLine[] = [
      ...lines('GET /users/2 failed', 'POST /x falcon-44444444 500', 'Error: boom'),
      { seq: 9, at: 9, text: '── falcon: stopping', falcon: true },
    ];
    const picked = linesOfRequest(window, 'falcon-22222222');
    expect(picked.by).toBe('time');
    expect(picked.lines.map((line) => line.text)).toEqual(['GET /users/2 failed', 'Error: boom']);
  });

  it('leave out, when other requests were under way at once, the lines led by one naming another method or path', () => {
    const window = lines(
      'GET /users/2 failed',
      'TypeError: a',
      'PUT /users/2 failed',
      'TypeError: b',
      'GET /users/2?x=1 500',
      'GET /users/3 failed',
      'TypeError: c',
    );
    const crowded = linesOfRequest(window, 'falcon-22222222', { method: 'GET', path: '/users/2' });
    expect(crowded.lines.map((line) => line.text)).toEqual(['GET /users/2 failed', 'TypeError: a', 'GET /users/2?x=1 500']);
    // Alone, every line is its own.
    expect(linesOfRequest(window, 'falcon-22222222').lines).toHaveLength(window.length);
  });

  it("reads a structured logger's line as the text it holds", () => {
    const line = JSON.stringify({ level: 50, reqId: 'falcon-22222222', err: { stack: 'TypeError: x\n    at h (/srv/app.js:6:3)' } });
    expect(textLinesOf(line)).toContain('    at h (/srv/app.js:6:3)');
    expect(textLinesOf('plain line')).toEqual(['plain line']);
  });
});

describe('stack frames reduced to the project', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'falcon-frames-'));
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'app.js'), 'line 1\nline 2\nfunction cityOf(user) {\n  return user.profile.city;\n}\n');
    await writeFile(path.join(root, 'src', 'views.py'), 'import x\n\ndef show(user):\n    return user["profile"]["city"]\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("keeps a Node trace's own frames as path:line with the source line, and counts the others", async () => {
    const index = new ProjectFileIndex(root, ['app.js', 'src/views.py']);
    const reduced = await reduceStackFrames(
      [
        'GET /users/2 failed',
        "TypeError: Cannot read properties of undefined (reading 'city')",
        `    at cityOf (${root}/app.js:4:23)`,
        `    at Server.<anonymous> (/srv/elsewhere/app.js:4:9)`,
        '    at Server.emit (node:events:517:28)',
        `    at handle (${root}/node_modules/express/lib/router.js:10:3)`,
        '    at async Promise.all (index 0)',
      ],
      root,
      index,
    );
    expect(reduced.lines).toEqual([
      'GET /users/2 failed',
      "TypeError: Cannot read properties of undefined (reading 'city')",
      '    at app.js:4  return user.profile.city;',
    ]);
    expect(reduced.projectFrames).toEqual([{ path: 'app.js', line: 4, code: 'return user.profile.city;' }]);
    expect(reduced.otherFrames).toBe(2);
  });

  it("drops a Python frame's code and markers, showing the line as the file is now", async () => {
    const index = new ProjectFileIndex(root, ['app.js', 'src/views.py']);
    const reduced = await reduceStackFrames(
      [
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3.12/http/server.py", line 410, in handle_one_request',
        '    method()',
        `  File "${root}/src/views.py", line 4, in show`,
        '    return user["profile"]["city"]',
        '           ~~~~^^^^^^^^^^^',
        "KeyError: 'profile'",
      ],
      root,
      index,
    );
    expect(reduced.lines).toEqual(['Traceback (most recent call last):', '    at src/views.py:4  return user["profile"]["city"]', "KeyError: 'profile'"]);
  });
});
