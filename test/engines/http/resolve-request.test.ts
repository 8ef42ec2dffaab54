import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBodyText, resolveRequest } from '../../../src/engines/http/resolve-request.js';
import { UnknownVariableError, VariableScope } from '../../../src/workspace/variable-scope.js';

let root: string;
let variables: VariableScope;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'falcon-resolve-'));
  variables = new VariableScope(root, { API_TOKEN: 'env-token' });
  variables.session.set('NAME', 'Ada "the first"\nLovelace');
  variables.session.set('ID', '42');
  variables.session.set('SLUG', 'ada-l');
  variables.session.set('TAGS', '["a","b"]');
  variables.session.set('BASE_URL', 'http://api.test');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('resolveBodyText', () => {
  it('JSON-escapes values that stand inside JSON strings, so quotes and newlines keep the JSON valid', async () => {
    const body = await resolveBodyText('{"name": "{{NAME}}", "note": "hi {{ SLUG }}!"}', variables);
    expect(JSON.parse(body)).toEqual({ name: 'Ada "the first"\nLovelace', note: 'hi ada-l!' });
  });

  it('puts bare values in as JSON when they are JSON, else as JSON strings', async () => {
    const body = await resolveBodyText('{"id": {{ID}}, "tags": {{TAGS}}, "slug": {{SLUG}}, "{{SLUG}}": true}', variables);
    expect(JSON.parse(body)).toEqual({ id: 42, tags: ['a', 'b'], slug: 'ada-l', 'ada-l': true });
  });

  it('substitutes plainly in bodies that are not JSON', async () => {
    expect(await resolveBodyText('name={{NAME}}&id={{ID}}', variables)).toBe('name=Ada "the first"\nLovelace&id=42');
    expect(await resolveBodyText('<user id="{{ID}}"/>', variables)).toBe('<user id="42"/>');
    expect(await resolveBodyText('{"broken": ', variables)).toBe('{"broken": ');
  });
});

describe('resolveRequest', () => {
  it('resolves the URL, headers, query (keys too), form and object bodies; object values stay plain strings', async () => {
    const resolved = await resolveRequest(
      {
        method: 'POST',
        url: '{{BASE_URL}}/users/{{ID}}',
        headers: { authorization: 'Bearer {{env:API_TOKEN}}' },
        query: { '{{SLUG}}': '{{ID}}', page: 2, tags: ['{{SLUG}}', 'x'] },
        form: { name: '{{NAME}}' },
        body: { name: '{{NAME}}', nested: [{ id: '{{ID}}' }] },
      },
      variables,
    );
    expect(resolved).toEqual({
      method: 'POST',
      url: 'http://api.test/users/42',
      headers: { authorization: 'Bearer env-token' },
      query: { 'ada-l': '42', page: 2, tags: ['ada-l', 'x'] },
      form: { name: 'Ada "the first"\nLovelace' },
      body: { name: 'Ada "the first"\nLovelace', nested: [{ id: '42' }] },
    });
  });

  it('names every unknown variable at once, wherever it is', async () => {
    const error = await resolveRequest(
      { method: 'GET', url: '{{HOST}}/x', headers: { 'x-key': '{{KEY}}' }, query: { q: '{{Q}}' }, body: '{"a": "{{ID}}", "b": {{MISSING}}}' },
      variables,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownVariableError);
    expect((error as Error).message).toBe(
      'unknown variables {{HOST}}, {{KEY}}, {{Q}}, {{MISSING}}: not set in the session or .falcon/variables.json (no environment is active)',
    );
  });
});
