import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeEndpointTool } from '../../../../src/capabilities/workflows/tools/analyze-endpoint.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { type UsersApi, startUsersApi } from '../../../apis/users-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let api: UsersApi;
let ctx: ToolContext;
beforeEach(async () => {
  project = await createTempProject();
  api = await startUsersApi(project.root);
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\n`);
  ctx = toolContext(project.root, new AbortController().signal, 'dev');
});
afterEach(async () => {
  await api.stop();
  await project.remove();
});

const analyze = (args: Record<string, unknown>, context = ctx) => analyzeEndpointTool.run(analyzeEndpointTool.schema.parse(args), context);

describe('analyze_endpoint', () => {
  it("puts the numbers first, keeps the probe as the last response, and adds the quick model's reading", async () => {
    const quick = new ScriptedModel(['- routes.js:15: the id from the path is a string; compare with Number(req.params.id).']);
    const session = new ScriptedModel([]);
    const output = await analyze(
      { method: 'get', path: '/users/{id}' },
      { ...ctx, model: session, modelFor: (category) => (category === 'quick' ? quick : session) },
    );
    expect(output.split('\n')[0]).toBe('GET /users/{id}: handler routes.js:14 · probe HTTP 500 · 1 parameter · 4 risks');
    expect(output).toContain('Handler: routes.js:14 (inline function)');
    expect(output).toMatch(/Probe: GET http:\/\/127\.0\.0\.1:\d+\/users\/1 → HTTP 500/);
    expect(output).toMatch(/The model's reading of the risks \(script; not checked against the code\):\n- routes\.js:15: the id from the path is a string/);
    expect(session.seen).toHaveLength(0);
    expect(ctx.session.responses.get()?.status).toBe(500);
  });

  it('reads the code alone without a base URL, or for a DELETE unless asked to probe', async () => {
    const bare = toolContext(project.root);
    const output = await analyze({ method: 'POST', path: '/users' }, bare);
    expect(output.split('\n')[0]).toBe('POST /users: handler routes.js:19 · no probe · 1 parameter · 0 risks');
    expect(output).toContain('(No probe: no BASE_URL in the active environment; pass base_url to send one.)');
    expect(await analyze({ method: 'DELETE', path: '/users/2' })).toContain('(No probe: a DELETE probe would delete data; pass probe: true to send one.)');
  });

  it('asks before probing another origin than the API under test, and not for the API itself', async () => {
    expect(await analyzeEndpointTool.preview!(analyzeEndpointTool.schema.parse({ method: 'GET', path: '/users/1' }), ctx)).toBeUndefined();
    const preview = await analyzeEndpointTool.preview!(analyzeEndpointTool.schema.parse({ method: 'GET', path: 'http://127.0.0.2:9/users/1' }), ctx);
    expect(preview).toMatchObject({ kind: 'info', title: 'send the probe GET to http://127.0.0.2:9' });
  });
});
