import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import type { SpecServer } from '../apis/loopback-server.js';
import { NONCONFORMING_SPEC_FILE, startNonconformingApi } from '../apis/nonconforming-api.js';

let models: FakeModelServer;
let api: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = await startNonconformingApi();
});
afterAll(async () => {
  await Promise.all([models.close(), api.close()]);
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await copyFile(NONCONFORMING_SPEC_FILE, path.join(sandbox.project, 'openapi.yaml'));
  await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\n`);
  await sandbox.writeConfig({
    default_provider: 'openai',
    // A large hosted model: the fake server does not say its window, so the config does.
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 131_072 } },
    },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(() => sandbox.cleanup());

it('the model ingests the spec, smokes the API, generates and saves a suite, runs it again, and each run leaves a report', async () => {
  models.script([
    'ACTION: ingest_spec({"source": "openapi.yaml"})',
    'ACTION: run_smoke({})',
    'ACTION: generate_functional_tests({"endpoints": ["tag:items", "getStats"], "execute": true, "save": "items"})',
    'ACTION: test_suite({"action": "run", "name": "items"})',
    'Final Answer: GET /stats answers 500; the items resource conforms',
  ]);
  const result = await runFalcon(['-p', 'test my API against its spec'], { cwd: sandbox.project, env: sandbox.env() });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe('GET /stats answers 500; the items resource conforms\n');

  const [ingested, smoke, generated, rerun] = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
  expect(ingested).toMatch(/Wrote \.falcon\/spec\.yaml/);
  expect(smoke).toMatch(/not_a_server_error: server error 500/);
  expect(smoke).toContain(`curl -sS -i '${api.url}/stats'`);
  expect(generated).toMatch(/Saved .*\.falcon\/tests\/items\.yaml/);
  expect(generated).toMatch(/negative/);
  for (const observation of [generated, rerun]) {
    expect(observation).toMatch(/not_a_server_error 1\b/);
    expect(observation).not.toMatch(/negative_data_rejection|response_schema_conformance|request_error/);
  }

  const suite = await readFile(path.join(sandbox.project, '.falcon', 'tests', 'items.yaml'), 'utf8');
  expect(suite).toContain('format: falcon-tests/1');
  const reports = (await readdir(path.join(sandbox.project, '.falcon', 'reports'))).filter((file) => file.endsWith('.md'));
  expect(reports.filter((file) => file.startsWith('smoke_report_'))).toHaveLength(1);
  expect(reports.filter((file) => file.startsWith('functional_report_'))).toHaveLength(1);
  expect(reports.filter((file) => file.startsWith('test_report_'))).toHaveLength(1);
});
