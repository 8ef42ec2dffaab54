import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSpecTestsTool } from '../../../src/capabilities/spec-tests/served/run-spec-tests-tool.js';
import { type TempProject, createTempProject, toolContext } from '../../tools/temp-project.js';

// run_spec_tests sends its cases to the base URL given, else the environment's BASE_URL, else the
// spec's own server: that last one, and a spec fetched from a URL, are other origins to ask about.

const SPEC_SERVER = 'https://api.elsewhere.example';
const spec = (server: string) => `openapi: 3.0.3
info: {title: Elsewhere, version: '1'}
servers: [{url: '${server}'}]
paths:
  /things:
    get:
      responses: {'200': {description: ok}}
`;

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.write('openapi.yaml', spec(SPEC_SERVER));
  await project.write('.falcon/environments/dev.yaml', 'BASE_URL: http://127.0.0.1:3000\n');
  await project.write('.falcon/environments/bare.yaml', 'API_TOKEN: abc\n');
});
afterEach(() => project.remove());

const preview = (args: Record<string, unknown>, environment: string) =>
  runSpecTestsTool.preview!(runSpecTestsTool.schema.parse(args), toolContext(project.root, undefined, environment));

describe('run_spec_tests as served over MCP', () => {
  it("asks before sending the cases to the spec's own server when no BASE_URL names the API under test", async () => {
    const asked = await preview({ spec: 'openapi.yaml' }, 'bare');
    expect(asked).toMatchObject({ kind: 'info', title: `send the spec tests to ${SPEC_SERVER}` });
  });

  it('asks before fetching the spec from another origin than BASE_URL', async () => {
    const asked = await preview({ spec: 'https://specs.elsewhere.example/openapi.yaml' }, 'dev');
    expect(asked).toMatchObject({ kind: 'info', title: 'send a request for the spec to https://specs.elsewhere.example' });
  });

  it('asks nothing for a spec in the project tested against BASE_URL', async () => {
    expect(await preview({ spec: 'openapi.yaml' }, 'dev')).toBeUndefined();
  });

  it('reads no spec outside the project to find its server', async () => {
    await project.write('../outside/openapi.yaml', spec(SPEC_SERVER));
    await expect(preview({ spec: '../outside/openapi.yaml' }, 'bare')).resolves.toBeUndefined();
  });
});
