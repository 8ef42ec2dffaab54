import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
import { runSmokeTool } from '../../src/capabilities/spec-tests/tools/run-smoke.js';
import { ToolError, type ToolContext } from '../../src/kit/tool/tool.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

const API = 'http://127.0.0.1:9';
let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${API}\nAPI_TOKEN: "{{env:GITHUB_TOKEN}}"\n`);
});
afterEach(() => project.remove());

function context(trusted: boolean): ToolContext {
  const ctx = toolContext(project.root, new AbortController().signal, 'dev', trusted);
  return {
    ...ctx,
    variables: new VariableScope(project.root, { GITHUB_TOKEN: 'ghp_0123456789abcdefghij', OPENAI_API_KEY: 'sk-openai-0123456789' }, 'dev', ctx.secrets),
  };
}
const httpPreview = (args: Record<string, unknown>, ctx: ToolContext) => httpRequestTool.preview!(httpRequestTool.schema.parse(args), ctx);

describe('requests to BASE_URL in a folder that is not trusted', () => {
  it('ask the first time, naming the repository as the source; a yes covers the later plain ones', async () => {
    const asked = await httpPreview({ method: 'GET', url: '{{BASE_URL}}/health' }, context(false));
    expect(asked).toMatchObject({
      kind: 'info',
      title: `send GET to ${API}`,
      always: { kind: 'origins', origins: [API] },
      firstContact: { key: API, coveredByYes: true },
    });
    expect(asked && 'details' in asked && asked.details).toContain(
      `${API} is the BASE_URL of the "dev" environment, which this repository's files set (.falcon/environments/), and this folder is not trusted.`,
    );
  });

  it('carrying a value from the environment, directly or through the environment file, are never covered by an earlier yes', async () => {
    for (const header of ['Bearer {{env:GITHUB_TOKEN}}', 'Bearer {{API_TOKEN}}']) {
      const asked = await httpPreview({ method: 'GET', url: '{{BASE_URL}}/me', headers: { Authorization: header } }, context(false));
      expect(asked).toMatchObject({ firstContact: { key: API, coveredByYes: false } });
      expect(asked && 'details' in asked && asked.details).toContain(
        'It carries values from your environment: {{env:GITHUB_TOKEN}}; each request carrying them is asked about.',
      );
    }
  });

  it('of the testing tools ask too, for the environment’s values the cases may carry', async () => {
    expect(await runSmokeTool.preview!(runSmokeTool.schema.parse({}), context(true))).toBeUndefined();
    const asked = await runSmokeTool.preview!(runSmokeTool.schema.parse({}), context(false));
    expect(asked).toMatchObject({ title: `send the smoke tests to ${API}`, firstContact: { key: API, coveredByYes: false } });
  });

  it('go unasked in a trusted folder, as the API under test', async () => {
    expect(
      await httpPreview({ method: 'GET', url: '{{BASE_URL}}/me', headers: { Authorization: 'Bearer {{env:GITHUB_TOKEN}}' } }, context(true)),
    ).toBeUndefined();
  });
});

describe('a model key in a request', () => {
  it('is never sent: there is nothing to ask, and the run says why', async () => {
    const ctx = context(true);
    const args = httpRequestTool.schema.parse({ method: 'GET', url: '{{BASE_URL}}/models', headers: { 'X-Key': '{{env:OPENAI_API_KEY}}' } });
    expect(await httpRequestTool.preview!(args, context(false))).toBeUndefined();
    const error = await httpRequestTool.run(args, ctx).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toContain("{{env:OPENAI_API_KEY}} is a model provider's API key");
  });
});
