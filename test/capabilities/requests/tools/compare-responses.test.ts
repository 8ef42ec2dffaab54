import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compareResponsesTool } from '../../../../src/capabilities/requests/tools/compare-responses.js';
import { httpRequestTool } from '../../../../src/capabilities/requests/tools/http-request.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { makeJsonText } from '../../../engines/assertions/make-response.js';
import { type AssertionApiServer, startAssertionApiServer } from '../../../apis/assertion-api-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: AssertionApiServer;
let project: TempProject;
let ctx: ToolContext;
beforeAll(async () => {
  api = await startAssertionApiServer();
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await project.remove();
});

type Args = Parameters<typeof compareResponsesTool.run>[0];
const compare = (args: Args) => compareResponsesTool.run(args, ctx);
const get = (url: string) => httpRequestTool.run({ method: 'GET', url: `${api.url}${url}` }, ctx);
const falconEntries = () => readdir(path.join(project.root, '.falcon')).catch(() => [] as string[]);

describe('compare_responses', () => {
  it('captures a baseline, then compares later responses with it', async () => {
    await get('/items');
    expect(await compare({ baseline: 'items', save_baseline: true })).toBe(
      `Saved baseline "items" to .falcon/baselines/items.json (response "last": GET ${api.url}/items → 200 OK)`,
    );
    const saved = JSON.parse(await readFile(path.join(project.root, '.falcon/baselines/items.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual(['status', 'headers', 'body', 'savedAt', 'request']);
    expect(saved.headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });

    await get('/items');
    expect(await compare({ baseline: 'items' })).toMatch(
      /^Matches baseline "items" \(baseline saved \d{4}-\d\d-\d\dT[\d:.]+Z; response "last": GET .*\/items → 200 OK\)$/,
    );

    await get('/items?v=2');
    const differences = (await compare({ baseline: 'items' })).split('\n');
    expect(differences[0]).toMatch(
      /^12 differences from baseline "items" \(baseline → current; baseline saved .*; response "last": GET .*\/items\?v=2 → 200 OK\)$/,
    );
    expect(differences.slice(1, 5)).toEqual([
      '- $.items[0].id: 1 → 3',
      '- $.items[0].name: "pen" → "lamp"',
      '- $.items[0].price: 1.5 → 30',
      '- $.items[0].updatedAt: "2025-01-01T00:00:00Z" → "2025-06-01T00:00:00Z"',
    ]);

    expect(await compare({ baseline: 'items', ignore_fields: ['updatedAt'], ignore_order: true, tolerance: 0.01 })).toMatch(/^Matches baseline "items" /);
    expect((await compare({ baseline: 'items', ignore_fields: ['$.items[*].updatedAt'], ignore_order: true })).split('\n')).toEqual([
      expect.stringMatching(/^1 difference from baseline "items" /),
      '- $.items[0].price: 1.5 → 1.501',
    ]);

    await get('/items?v=2&renamed');
    expect(await compare({ baseline: 'items', ignore_fields: ['$..updatedAt'], ignore_order: true, tolerance: 0.01 })).toMatch(
      /^1 difference from baseline "items" .*\n- \$\.items\[0\]\.name: "pen" → "quill"$/,
    );
  });

  it('compares a named response, and reports a change of content-type and of body kind', async () => {
    await get('/items');
    await compare({ baseline: 'items', save_baseline: true });
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/page`, save_as: 'page' }, ctx);
    await get('/items');
    expect((await compare({ baseline: 'items', current: 'page' })).split('\n')).toEqual([
      expect.stringMatching(/^2 differences from baseline "items" \(.*; response "page": GET .*\/page → 200 OK\)$/),
      '- content-type: "application/json; charset=utf-8" → "text/html"',
      '- body: JSON → text "<h1>Hello</h1>"',
    ]);
  });

  it('refuses bad arguments clearly and writes nothing', async () => {
    await expect(compare({ baseline: 'items', save_baseline: true })).rejects.toThrow(
      new ToolError('No response in this session yet: send one with http_request first.'),
    );
    ctx.session.responses.remember(makeJsonText('{"id": 1}'));
    await expect(compare({ baseline: 'items', current: 'login', save_baseline: true })).rejects.toThrow(
      'No response named "login" in this session (there are: "last").',
    );
    await expect(compare({ baseline: 'items' })).rejects.toThrow(
      'No baseline "items" in .falcon/baselines (there are none yet); capture one with save_baseline: true.',
    );
    await expect(compare({ baseline: '../../etc/passwd', save_baseline: true })).rejects.toThrow(/cannot be a baseline name/);
    expect(await falconEntries()).toEqual([]);
    await compare({ baseline: 'one', save_baseline: true });
    await expect(compare({ baseline: 'one', ignore_fields: ['$.id['] })).rejects.toThrow(/^invalid JSONPath "\$\.id\[": no closing "\]"/);
    await expect(compare({ baseline: 'two' })).rejects.toThrow(
      'No baseline "two" in .falcon/baselines (there are: one); capture one with save_baseline: true.',
    );
  });

  it('keeps secrets out of the baseline file and out of the observation', async () => {
    await get('/login');
    await compare({ baseline: 'login', save_baseline: true });
    const text = await readFile(path.join(project.root, '.falcon/baselines/login.json'), 'utf8');
    expect(text).toContain('"access_token": "[masked]"');
    expect(text).not.toContain('eyJ');
    // The token changes on every login in real APIs: masked on both sides, it compares equal.
    await get('/login');
    expect(await compare({ baseline: 'login' })).toMatch(/^Matches baseline "login" /);
  });
});
