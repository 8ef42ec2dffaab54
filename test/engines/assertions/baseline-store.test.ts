import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BaselineError,
  baselineFromResponse,
  listBaselineSet,
  listBaselines,
  loadBaseline,
  saveBaseline,
} from '../../../src/engines/assertions/baseline-store.js';
import { compareWithBaseline } from '../../../src/engines/assertions/compare-baseline.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';
import { makeJsonText, makeResponse } from './make-response.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

const users = makeJsonText(
  '{"users": [{"id": 12345678901234567890, "name": "Ada", "price": 0.1000000000000000055}], "token": "abc123", "note": "Bearer abcdefghijklmnop"}',
  {
    headers: { etag: 'W/"1"', 'content-type': 'application/json' },
    url: 'http://127.0.0.1:9/users?api_key=s3cr3tvalue',
  },
);

describe('baselines', () => {
  it('are written whole as JSON with exact numbers, content-type only and secrets masked, and read back the same', async () => {
    const baseline = baselineFromResponse(users, new Date('2025-05-06T07:08:09Z'));
    expect(await saveBaseline(project.root, 'users', baseline)).toBe('.falcon/baselines/users.json');
    const text = await readFile(path.join(project.root, '.falcon/baselines/users.json'), 'utf8');
    expect(JSON.parse(text)).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { users: [{ id: expect.any(Number), name: 'Ada', price: expect.any(Number) }], token: '[masked]', note: 'Bearer [masked]' },
      savedAt: '2025-05-06T07:08:09.000Z',
      request: { method: 'GET', url: 'http://127.0.0.1:9/users?api_key=[masked]' },
    });
    expect(text).toContain('"id": 12345678901234567890');
    expect(text).toContain('"price": 0.1000000000000000055');
    expect(text).not.toMatch(/abc123|s3cr3tvalue|abcdefghijklmnop/);
    const loaded = await loadBaseline(project.root, 'users');
    expect(compareWithBaseline(loaded, baselineFromResponse(users))).toEqual([]);
    expect(await listBaselines(project.root)).toEqual(['users']);
    expect((await readdir(path.join(project.root, '.falcon/baselines'))).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('keep a text body as text', async () => {
    await saveBaseline(project.root, 'page', baselineFromResponse(makeResponse({ body: '<p>hi</p>', headers: { 'content-type': 'text/html' } })));
    expect((await loadBaseline(project.root, 'page')).body).toBe('<p>hi</p>');
  });

  it('form sets by name prefix: <set>.<member>', async () => {
    const baseline = baselineFromResponse(users);
    for (const name of ['v1.listPets', 'v1.getPet', 'v10.listPets', 'v1', 'other.listPets']) await saveBaseline(project.root, name, baseline);
    expect(await listBaselineSet(project.root, 'v1')).toEqual(['getPet', 'listPets']);
    expect(await listBaselineSet(project.root, 'none')).toEqual([]);
  });

  it('say which baselines exist when one is missing, and refuse bad names and broken files', async () => {
    await expect(loadBaseline(project.root, 'users')).rejects.toThrow(
      new BaselineError('No baseline "users" in .falcon/baselines (there are none yet); capture one with save_baseline: true.'),
    );
    await saveBaseline(project.root, 'a', baselineFromResponse(users));
    await expect(loadBaseline(project.root, 'b')).rejects.toThrow(/\(there are: a\)/);
    await expect(saveBaseline(project.root, '../escape', baselineFromResponse(users))).rejects.toThrow(/cannot be a baseline name/);
    await project.write('.falcon/baselines/broken.json', '{"status": 200');
    await expect(loadBaseline(project.root, 'broken')).rejects.toThrow(/broken\.json is not valid JSON/);
    await project.write('.falcon/baselines/odd.json', '{"status": "ok"}');
    await expect(loadBaseline(project.root, 'odd')).rejects.toThrow('.falcon/baselines/odd.json is not a baseline: it needs status, headers, body and savedAt');
  });
});

describe('compareWithBaseline', () => {
  const baseline = baselineFromResponse(makeResponse({ body: { user: { name: 'Ada', updatedAt: 't1' }, list: [1, 2], total: 10.0 } }));

  it('lists status, content-type and body differences by path', () => {
    const current = baselineFromResponse(
      makeResponse({
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'content-type': 'application/problem+json' },
        body: { user: { name: 'Grace', updatedAt: 't2' }, list: [2, 1], total: 10.02, extra: true },
      }),
    );
    expect(compareWithBaseline(baseline, current)).toEqual([
      'status: 200 → 500',
      'content-type: "application/json" → "application/problem+json"',
      '$.user.name: "Ada" → "Grace"',
      '$.user.updatedAt: "t1" → "t2"',
      '$.list[0]: 1 → 2',
      '$.list[1]: 2 → 1',
      '$.total: 10 → 10.02',
      '$.extra: added true',
    ]);
    expect(compareWithBaseline(baseline, current, { ignoreFields: ['updatedAt', '$.extra'], ignoreOrder: true, tolerance: 0.05 })).toEqual([
      'status: 200 → 500',
      'content-type: "application/json" → "application/problem+json"',
      '$.user.name: "Ada" → "Grace"',
    ]);
  });

  it('shows the first differing line of text bodies', () => {
    const text = (body: string) => baselineFromResponse(makeResponse({ body, headers: { 'content-type': 'text/plain' } }));
    expect(compareWithBaseline(text('a\nb\nc'), text('a\nB\nc'))).toEqual(['body line 2: "b" → "B"']);
    expect(compareWithBaseline(text('a'), text('a\nmore'))).toEqual(['body line 2: (end of text) → "more"']);
  });

  it('refuses an invalid JSONPath in ignore_fields', () => {
    expect(() => compareWithBaseline(baseline, baseline, { ignoreFields: ['$.user['] })).toThrow(/invalid JSONPath/);
  });
});
