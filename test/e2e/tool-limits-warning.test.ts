import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon } from '../support/falcon-binary.js';

let models: FakeModelServer;
beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(async () => {
  await models.close();
});

it('warns about a tool_limits entry naming no tool, with the tool it likely meant, and runs on', async () => {
  const sandbox = await createSandbox();
  try {
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await mkdir(path.join(sandbox.project, '.falcon'));
    await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'tool_limits:\n  http_reqest: 3\n');
    models.script(['Final Answer: done']);
    const result = await runFalcon(['-p', 'hi'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('done\n');
    expect(result.stderr).toMatch(
      /^warning: .*\.falcon\/config\.yaml:2: tool_limits\.http_reqest: no tool of that name, ignored \(did you mean http_request\?\)\n$/,
    );
  } finally {
    await sandbox.cleanup();
  }
});
