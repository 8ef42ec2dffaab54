import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractValueTool } from '../../../../src/capabilities/requests/tools/extract-value.js';
import { httpRequestTool } from '../../../../src/capabilities/requests/tools/http-request.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { makeJsonText, makeResponse } from '../../../engines/assertions/make-response.js';
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

type Args = Parameters<typeof extractValueTool.run>[0];
const extract = (args: Args) => extractValueTool.run(args, ctx);
const variablesFile = () => path.join(project.root, '.falcon', 'variables.json');
const readVariables = async () => JSON.parse(await readFile(variablesFile(), 'utf8')) as Record<string, unknown>;

describe('extract_value', () => {
  it('saves a value of the last response exactly, and a later request uses it', async () => {
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/users/1` }, ctx);
    expect(await extract({ json_path: '$.id', save_as: 'user_id' })).toBe('Saved user_id = 12345678901234567890 (session)');
    expect(await extract({ json_path: '$.score', save_as: 'score' })).toBe('Saved score = 0.1000000000000000055 (session)');
    expect(await extract({ header: 'X-Request-Id', save_as: 'request_id' })).toBe('Saved request_id = req-42 (session)');
    expect(Object.fromEntries(ctx.variables.session)).toEqual({ user_id: '12345678901234567890', score: '0.1000000000000000055', request_id: 'req-42' });
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/users/{{user_id}}` }, ctx);
    expect(api.paths.at(-1)).toBe('/users/12345678901234567890');
  });

  it('reads cookies and regex groups, and keeps several matches as a JSON array', async () => {
    ctx.session.responses.remember(
      makeJsonText('{"items": [{"id": 1, "price": 5}, {"id": 2, "price": 15}, {"id": 3, "price": 25}]}', { headers: { 'set-cookie': 'theme=dark; Path=/' } }),
      'items',
    );
    expect(await extract({ response: 'items', cookie: 'theme', save_as: 'theme' })).toBe('Saved theme = dark (session)');
    expect(await extract({ regex: '"price": (\\d+)', save_as: 'first_price' })).toBe('Saved first_price = 5 (session)');
    expect(await extract({ json_path: '$.items[?(@.price > 10)].id', save_as: 'ids' })).toBe(
      'Saved ids = [2,3] (session; 2 values matched, kept as a JSON array)',
    );
  });

  it('keeps secrets whole in the session but shows them masked', async () => {
    await httpRequestTool.run({ method: 'POST', url: `${api.url}/login` }, ctx);
    expect(await extract({ json_path: '$.access_token', save_as: 'token' })).toBe('Saved token = [masked] (session)');
    expect(await extract({ cookie: 'session', save_as: 'sid' })).toBe('Saved sid = [masked] (session)');
    expect(ctx.variables.session.get('token')).toBe('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlc2lnbg');
    expect(ctx.variables.session.get('sid')).toBe('abc123secretvalue');
  });

  it('writes a global variable into .falcon/variables.json in one step, keeping the other keys', async () => {
    await project.write('.falcon/variables.json', JSON.stringify({ BASE_URL: 'http://localhost:3000', retries: 3 }));
    await httpRequestTool.run({ method: 'GET', url: `${api.url}/users/1` }, ctx);
    expect(await extract({ json_path: '$.id', save_as: 'USER_ID', scope: 'global' })).toBe(
      'Saved USER_ID = 12345678901234567890 (global, .falcon/variables.json)',
    );
    expect(await readVariables()).toEqual({ BASE_URL: 'http://localhost:3000', retries: 3, USER_ID: '12345678901234567890' });
    expect(await readdir(path.join(project.root, '.falcon'))).toEqual(['variables.json']);
    expect(ctx.variables.session.has('USER_ID')).toBe(false);
  });

  it('refuses to write a secret globally, by its name, its source or its shape, and writes nothing', async () => {
    await httpRequestTool.run({ method: 'POST', url: `${api.url}/login` }, ctx);
    await expect(extract({ json_path: '$.user_id', save_as: 'api_token', scope: 'global' })).rejects.toThrow(
      'Not saved: api_token looks like a secret, and .falcon/variables.json keeps values in clear. Keep it for this session with scope "session", or set API_TOKEN in the shell or .env and refer to it as {{env:API_TOKEN}}.',
    );
    await expect(extract({ json_path: '$.access_token', save_as: 't', scope: 'global' })).rejects.toThrow(/\{\{env:T\}\}/);
    await expect(extract({ regex: '"(eyJ[^"]+)"', save_as: 'x', scope: 'global' })).rejects.toThrow(/looks like a secret/);
    await expect(extract({ cookie: 'session', save_as: 'sid', scope: 'global' })).rejects.toThrow(/looks like a secret/);
    await expect(readFile(variablesFile())).rejects.toThrow(/ENOENT/);
    expect(ctx.variables.session.size).toBe(0);
    // A plain id is not a secret.
    expect(await extract({ json_path: '$.user_id', save_as: 'user_id', scope: 'global' })).toBe('Saved user_id = 7 (global, .falcon/variables.json)');
  });

  it('refuses bad arguments with a clear message and saves nothing', async () => {
    ctx.session.responses.remember(makeResponse({ body: { id: 1 }, headers: { location: '/x' } }));
    const refusals: Array<[Args, string | RegExp]> = [
      [
        { json_path: '$.id', header: 'location', save_as: 'a' },
        'Give exactly one of json_path, header, cookie, regex (got json_path and header); nothing was saved.',
      ],
      [{ save_as: 'a' }, 'Give exactly one of json_path, header, cookie, regex (none was given); nothing was saved.'],
      [{ response: 'login', json_path: '$.id', save_as: 'a' }, 'No response named "login" in this session (there are: "last").'],
      [{ json_path: '$.items[', save_as: 'a' }, /^invalid JSONPath "\$\.items\[": no closing "\]" .* Nothing was saved\.$/],
      [{ json_path: '$.name', save_as: 'a' }, 'Nothing at $.name in the body (its top-level keys: id). Nothing was saved.'],
      [{ regex: '(', save_as: 'a' }, /^invalid regular expression "\(": .* Nothing was saved\.$/],
      [{ json_path: '$.nope', save_as: 'a', scope: 'global' }, /^Nothing at \$\.nope/],
    ];
    for (const [args, message] of refusals) await expect(extract(args), JSON.stringify(args)).rejects.toThrow(message);
    expect(ctx.variables.session.size).toBe(0);
    await expect(readFile(variablesFile())).rejects.toThrow(/ENOENT/);
  });

  it('leaves a broken variables.json as it was', async () => {
    await project.write('.falcon/variables.json', '{"broken": ');
    ctx.session.responses.remember(makeResponse({ body: { id: 1 } }));
    await expect(extract({ json_path: '$.id', save_as: 'id', scope: 'global' })).rejects.toThrow(/variables\.json is not valid JSON/);
    expect(await readFile(variablesFile(), 'utf8')).toBe('{"broken": ');
  });
});
