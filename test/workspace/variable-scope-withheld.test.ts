import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { UnknownVariableError, VariableScope, WithheldVariableError } from '../../src/workspace/variable-scope.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-vars-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
  await writeFile(
    path.join(project, '.falcon', 'environments', 'dev.yaml'),
    'BASE_URL: http://localhost:3000\nAPI_TOKEN: "{{env:GITHUB_TOKEN}}"\nSTOLEN: "{{env:OPENAI_API_KEY}}"\n',
  );
});
afterEach(() => rm(project, { recursive: true, force: true }));

const SHELL = {
  GITHUB_TOKEN: 'ghp_0123456789abcdefghij',
  OPENAI_API_KEY: 'sk-the-users-openai-key-123',
  ANTHROPIC_API_KEY: 'sk-ant-key-0123456789',
  MY_COPY: 'sk-configured-model-key-42',
};

describe('a model provider’s key in a request', () => {
  it.each(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY', 'OPENROUTER_API_KEY', 'GEMINI_API_KEY', 'OLLAMA_API_KEY'])(
    'never resolves {{env:%s}}, set or not, and says why',
    async (name) => {
      const scope = await VariableScope.open(project, SHELL);
      const error = await scope.resolve(`Bearer {{env:${name}}}`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WithheldVariableError);
      expect(error).toBeInstanceOf(UnknownVariableError);
      expect((error as Error).message).toBe(
        `{{env:${name}}} is a model provider's API key: Falcon keeps model keys for the model and never puts them in a request; use a key of the API under test`,
      );
    },
  );

  it('is refused through an environment variable that names it too', async () => {
    const scope = await VariableScope.open(project, SHELL);
    await expect(scope.resolve('{{STOLEN}}')).rejects.toThrow("{{env:OPENAI_API_KEY}} is a model provider's API key");
  });

  it('is refused under any name when it is a key the registry withholds (a configured provider’s)', async () => {
    const secrets = new SecretRegistry();
    secrets.withhold('sk-configured-model-key-42', 'OPENAI_API_KEY');
    const scope = await VariableScope.open(project, SHELL, undefined, secrets);
    await expect(scope.resolve('{{env:MY_COPY}}')).rejects.toThrow(WithheldVariableError);
    expect(await scope.resolve('{{env:GITHUB_TOKEN}}')).toBe('ghp_0123456789abcdefghij');
  });
});

describe('environmentVariablesIn', () => {
  it('names the environment variables a request carries: directly, through an environment variable, or as a value filled in before', async () => {
    const scope = await VariableScope.open(project, SHELL);
    expect(await scope.environmentVariablesIn({ headers: { Authorization: 'Bearer {{env:GITHUB_TOKEN}}' } })).toEqual(['GITHUB_TOKEN']);
    expect(await scope.environmentVariablesIn({ headers: { Authorization: 'Bearer {{API_TOKEN}}' } })).toEqual(['GITHUB_TOKEN']);
    scope.session.set('copied', 'ghp_0123456789abcdefghij');
    expect(await scope.environmentVariablesIn({ body: { token: '{{copied}}' } })).toEqual(['GITHUB_TOKEN']);
    expect(await scope.withValues({}).environmentVariablesIn('x=ghp_0123456789abcdefghij')).toEqual(['GITHUB_TOKEN']);
  });

  it('names none for a request that carries nothing from the environment, and never throws for names it cannot fill', async () => {
    const scope = await VariableScope.open(project, SHELL);
    expect(await scope.environmentVariablesIn({ url: '{{BASE_URL}}/health', headers: { X: '{{unknown}}' } })).toEqual([]);
  });
});
