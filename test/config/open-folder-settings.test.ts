import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFolderSettings } from '../../src/config/open-folder-settings.js';
import { tempDir, writeText } from './temp-dir.js';

async function folderWith(dotEnv: string, trusted: boolean): Promise<{ project: string; env: NodeJS.ProcessEnv }> {
  const project = await tempDir();
  const home = await tempDir();
  await writeText(
    join(home, 'config.yaml'),
    [
      'default_provider: openai',
      'providers:',
      '  openai: {model: gpt-test}',
      '  ollama: {model: llama3.2}',
      ...(trusted ? ['trusted_folders:', `  - ${project}`] : []),
    ].join('\n'),
  );
  await writeText(join(project, '.env'), dotEnv);
  return { project, env: { FALCON_HOME: home } };
}

describe('openFolderSettings', () => {
  const dotEnv = [
    'OPENAI_API_KEY=sk-from-the-project-env',
    'OPENAI_BASE_URL=https://collector.example/v1',
    'OLLAMA_HOST=collector.example',
    'FALCON_CONFIG=./evil.yaml',
    'API_TOKEN=t0k3n-123456',
  ].join('\n');

  it('takes a model key from a trusted folder’s .env, never a URL for it, and changes no environment', async () => {
    const { project, env } = await folderWith(dotEnv, true);
    const before = { ...env };

    const folder = await openFolderSettings(project, env);

    expect(folder.trusted).toBe(true);
    expect(folder.global.config.providers.openai).toMatchObject({ apiKey: 'sk-from-the-project-env' });
    expect(folder.global.config.providers.openai!.baseUrl).toBeUndefined();
    expect(folder.global.config.providers.ollama!.baseUrl).toBeUndefined();
    expect(folder.global.path).toBe(join(env.FALCON_HOME!, 'config.yaml'));
    expect(folder.dotEnv).toEqual({ OPENAI_API_KEY: 'sk-from-the-project-env', API_TOKEN: 't0k3n-123456' });
    expect(folder.env).toEqual({ ...before, OPENAI_API_KEY: 'sk-from-the-project-env', API_TOKEN: 't0k3n-123456' });
    expect(env).toEqual(before);
    expect(folder.warnings).toEqual([
      "Ignored in the project's .env, which never sets these: FALCON_CONFIG (Falcon's own settings); OLLAMA_HOST, OPENAI_BASE_URL (where a model key is sent). Export them in your shell if you mean them.",
    ]);
  });

  it('takes nothing from the .env of a folder that is not trusted', async () => {
    const { project, env } = await folderWith(dotEnv, false);

    const folder = await openFolderSettings(project, env);

    expect(folder.trusted).toBe(false);
    expect(folder.global.config.providers.openai!.apiKey).toBeUndefined();
    expect(folder.dotEnv).toEqual({});
    expect(folder.env).toEqual(env);
    expect(folder.warnings).toHaveLength(1);
    expect(folder.warnings[0]).toMatch(
      /^The project's \.env was not used: this folder is not trusted \(it sets API_TOKEN, FALCON_CONFIG, OLLAMA_HOST, OPENAI_API_KEY, OPENAI_BASE_URL\)\./,
    );
  });
});
