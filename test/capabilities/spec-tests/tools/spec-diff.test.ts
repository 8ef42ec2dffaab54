import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { specDiffTool } from '../../../../src/capabilities/spec-tests/tools/spec-diff.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import { ingestSpec } from '../../../../src/engines/spec/ingest-spec.js';
import { projectWithSpecs, SPEC_FIXTURES } from '../../../engines/spec/spec-project.js';
import { toolContext, type TempProject } from '../../../tools/temp-project.js';

let project: TempProject;
let servers: Server[] = [];
const origins: string[] = [];

/** Two loopback servers, two origins, each serving the users API's second version. */
beforeAll(async () => {
  const newer = await readFile(path.join(SPEC_FIXTURES, 'diff-users-v2.yaml'), 'utf8');
  servers = [createServer(serve), createServer(serve)];
  function serve(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) {
    if (request.url === '/openapi.yaml') response.writeHead(200, { 'content-type': 'application/yaml' }).end(newer);
    else response.writeHead(404).end();
  }
  for (const server of servers) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});
afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));
beforeEach(async () => {
  project = await projectWithSpecs('diff-users-v1.yaml', 'diff-users-v2.yaml');
});
afterEach(() => project.remove());

const run = (args: { old?: string; new: string }) => specDiffTool.run(specDiffTool.schema.parse(args), toolContext(project.root, undefined, 'dev'));

describe('spec_diff', () => {
  it('is deferred under the tests from the spec, only reads, and tool_search finds it by its purpose', async () => {
    const tools = await loadDefaultTools();
    expect(tools.find((candidate) => candidate.name === 'spec_diff')).toMatchObject({ deferred: true, group: 'tests from the spec', readOnly: true });
    const toolSearch = tools.find((candidate) => candidate.name === 'tool_search')!;
    for (const query of ['breaking changes between two versions of the spec', 'compare OpenAPI specs']) {
      const answer = await toolSearch.run({ query, max_results: 1 }, toolContext(project.root));
      expect(answer, query).toMatch(/^1 of \d+ matching tools:\n\nspec_diff — /);
    }
  });

  it('lists the changes between two spec files by operation and severity', async () => {
    const output = await run({ old: 'specs/diff-users-v1.yaml', new: 'specs/diff-users-v2.yaml' });
    expect(output.split('\n')[0]).toBe('Users API 1.0.0 (specs/diff-users-v1.yaml) → Users API 2.0.0 (specs/diff-users-v2.yaml)');
    expect(output).toContain('\nDELETE /users/{id}\n  breaking      operation removed\n');
    expect(output).toContain('  breaking      security: authentication now required: bearerAuth\n');
    expect(output.endsWith('\n8 breaking changes, 9 warnings, 10 non-breaking')).toBe(true);
  });

  it('compares with the ingested spec when no old one is named', async () => {
    await expect(run({ new: 'specs/diff-users-v2.yaml' })).rejects.toThrow(/no spec ingested yet/);
    await ingestSpec('specs/diff-users-v1.yaml', { projectRoot: project.root, signal: new AbortController().signal });
    const output = await run({ new: 'specs/diff-users-v2.yaml' });
    expect(output.split('\n')[0]).toBe('Users API 1.0.0 (.falcon/spec.yaml) → Users API 2.0.0 (specs/diff-users-v2.yaml)');
    expect(output).toContain('8 breaking changes');
  });

  it('reads no file outside the project, and says what is wrong with a spec', async () => {
    await expect(run({ old: path.join(project.outside, 'secret.txt'), new: 'specs/diff-users-v2.yaml' })).rejects.toMatchObject({
      name: 'ToolError',
      message: expect.stringMatching(/^spec: /),
    });
    await expect(run({ old: 'specs/nope.yaml', new: 'specs/diff-users-v2.yaml' })).rejects.toMatchObject({
      name: 'ToolError',
      message: 'spec: no such file: specs/nope.yaml',
    });
  });

  it('fetches a spec from a URL, asking first when it is not the API under test', async () => {
    await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${origins[0]}\n`);
    const ctx = toolContext(project.root, undefined, 'dev');
    const ownApi = specDiffTool.schema.parse({ old: 'specs/diff-users-v1.yaml', new: `${origins[0]}/openapi.yaml` });
    expect(await specDiffTool.preview!(ownApi, ctx)).toBeUndefined();
    expect(await specDiffTool.run(ownApi, ctx)).toContain('8 breaking changes');

    const elsewhere = specDiffTool.schema.parse({ old: `${origins[1]}/openapi.yaml`, new: `${origins[0]}/openapi.yaml` });
    expect(await specDiffTool.preview!(elsewhere, ctx)).toMatchObject({ kind: 'info', title: `send a request for the spec to ${origins[1]}` });
    const bothElsewhere = specDiffTool.schema.parse({ old: `${origins[1]}/openapi.yaml`, new: `${origins[1]}/openapi.yaml?v=2` });
    expect(await specDiffTool.preview!(bothElsewhere, ctx)).toMatchObject({ always: { kind: 'origins', origins: [origins[1]] } });

    await project.write('.falcon/environments/dev.yaml', 'BASE_URL: http://127.0.0.1:1\n');
    const twoOrigins = await specDiffTool.preview!(elsewhere, toolContext(project.root, undefined, 'dev'));
    expect(twoOrigins).toMatchObject({
      kind: 'info',
      title: `send requests for the specs to ${origins[1]} and ${origins[0]}`,
      always: { kind: 'origins', origins: [origins[1], origins[0]] },
    });
  });

  it('lists at most 80 changes, leaving the non-breaking ones out first', async () => {
    const paths = Array.from({ length: 60 }, (_, index) => `  /things${index}:\n    get:\n      responses:\n        "200": {description: ok}\n`).join('');
    await project.write('specs/many-old.yaml', 'openapi: 3.0.3\ninfo: {title: Many, version: "1"}\npaths:\n' + paths);
    await project.write('specs/many-new.yaml', 'openapi: 3.0.3\ninfo: {title: Many, version: "2"}\npaths:\n' + paths.replaceAll('/things', '/items'));
    const output = await run({ old: 'specs/many-old.yaml', new: 'specs/many-new.yaml' });
    expect(output.match(/^ {2}breaking {6}operation removed$/gm)).toHaveLength(60);
    expect(output).not.toContain('operation added');
    expect(output).toContain('\n(60 non-breaking changes not listed)\n60 breaking changes, 0 warnings, 60 non-breaking');
  });
});
