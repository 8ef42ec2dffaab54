import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type FakeModelServerOptions } from './fake-model-server.mjs';
import { createSandbox, type Sandbox } from './falcon-binary.js';

/** What the hooks below give each test: a fresh project and Falcon home, and the shared fake model. */
export interface FakeModelProject {
  readonly models: FakeModelServer;
  readonly sandbox: Sandbox;
}

/**
 * The usual e2e setup, as vitest hooks of the calling file: one fake model server for the file, and
 * for each test a sandbox with `.falcon/` whose default provider is that server (OpenAI protocol).
 * `afterEach` runs the test's own clean-up first (a PTY to kill, processes to stop).
 */
export function useFakeModelProject(options: { server?: FakeModelServerOptions; afterEach?: () => void | Promise<void> } = {}): FakeModelProject {
  let models: FakeModelServer | undefined;
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    models = await startFakeModelServer(options.server);
  });
  afterAll(() => models?.close());
  beforeEach(async () => {
    sandbox = await createSandbox();
    models!.reset();
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models!.openaiBaseUrl } } },
    });
  });
  afterEach(async () => {
    await options.afterEach?.();
    await sandbox?.cleanup();
  });
  return {
    get models() {
      return models!;
    },
    get sandbox() {
      return sandbox!;
    },
  };
}
