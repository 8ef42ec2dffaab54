import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

// Azure OpenAI through the built binary: configured with `falcon config set azure`, tested, checked by
// the doctor, and a session that reads a file and answers, against a fake Azure resource on loopback.

const KEY = 'azure-key-0123456789abcdef';
const API_VERSION = '2024-10-21';
let models: FakeModelServer;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer({ apiKey: KEY, azure: { deployments: ['prod-gpt4o'], apiVersions: [API_VERSION] } });
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
});
afterEach(() => sandbox.cleanup());

const falcon = (args: string[], env: Record<string, string> = {}) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env(env) });
const setAzure = (...extra: string[]) =>
  falcon(['config', 'set', 'azure', '--base-url', models.url, '--deployment', 'prod-gpt4o', '--api-version', API_VERSION, '--model', 'gpt-4o', ...extra]);

describe('Azure OpenAI', () => {
  it('is set up with falcon config set azure, its key masked, and tested with one real call to the deployment', async () => {
    const set = await setAzure('--api-key', KEY);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Added azure (model gpt-4o).');
    const written = parse(await readFile(path.join(sandbox.home, 'config.yaml'), 'utf8')) as { providers: Record<string, unknown> };
    expect(written.providers.azure).toEqual({
      model: 'gpt-4o',
      config: { base_url: models.url, deployment: 'prod-gpt4o', api_version: API_VERSION, api_key: KEY },
    });

    const listed = await falcon(['config', 'list']);
    expect(listed.stdout).toContain('azure');
    expect(listed.stdout).not.toContain(KEY);

    const test = await falcon(['config', 'test', 'azure']);
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/^✓ azure: gpt-4o is available \(1 model listed\)\n {4}context window 128,000 tokens \(known for this model\)\n$/);
    expect(models.requests.map((request) => [request.path, request.headers['api-key']])).toEqual([['/openai/deployments/prod-gpt4o/chat/completions', KEY]]);
  });

  it('says when the resource has no such deployment, and when the key is refused', async () => {
    await setAzure('--deployment', 'staging');
    const wrongDeployment = await falcon(['config', 'test', 'azure'], { AZURE_OPENAI_API_KEY: KEY });
    expect(wrongDeployment.code).toBe(1);
    expect(wrongDeployment.stdout).toContain(`✗ azure: ${models.url} has no deployment staging answering api-version ${API_VERSION}`);
    await setAzure('--api-key', 'azure-wrong-0000000000');
    const refused = await falcon(['config', 'test', 'azure']);
    expect(refused.stdout).toContain('✗ azure: the API key was refused\n    check api_key or AZURE_OPENAI_API_KEY');
  });

  it('runs a session that reads a file and answers, the key from AZURE_OPENAI_API_KEY never shown', async () => {
    await setAzure();
    await writeFile(path.join(sandbox.project, 'notes.txt'), 'The API listens on port 4321.\n');
    models.script(['Thought: read the notes.\nACTION: read_file({"path": "notes.txt"})', 'Final Answer: It listens on port **4321**.']);

    const result = await falcon(['-p', 'which port does the API listen on?', '--output-format', 'json'], { AZURE_OPENAI_API_KEY: KEY });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { answer: string; usage: { inputTokens: number } };
    expect(output.answer).toBe('It listens on port **4321**.');
    expect(models.requests.map((request) => [request.path, request.stream, request.headers['api-key']])).toEqual([
      ['/openai/deployments/prod-gpt4o/chat/completions', true, KEY],
      ['/openai/deployments/prod-gpt4o/chat/completions', true, KEY],
    ]);
    expect(models.requests[1]!.messages.at(-1)!.content).toContain('The API listens on port 4321.');
    expect(result.stdout).not.toContain(KEY);
  });

  it('is checked by falcon doctor', async () => {
    await setAzure('--api-key', KEY);
    const result = await falcon(['doctor']);
    expect(result.stdout).toContain('✓ provider azure: gpt-4o is available (1 model listed)');
  });
});
