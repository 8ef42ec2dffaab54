import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completionNames } from '../../../src/cli/completion/completion-names.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-complete-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function write(file: string, text = ''): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

const where = (env: Record<string, string> = {}) => ({ cwd: root, env: { FALCON_HOME: path.join(root, 'home'), ...env } });

describe('completionNames', () => {
  it('lists the YAML files of .falcon/requests, flows and environments by name, sorted', async () => {
    for (const file of [
      'requests/list-users.yml',
      'requests/get-user.yaml',
      'requests/notes.txt',
      'flows/signup.yaml',
      'environments/staging.yaml',
      'environments/dev.yml',
    ]) {
      await write(`.falcon/${file}`);
    }
    expect(await completionNames('requests', where())).toEqual(['get-user', 'list-users']);
    expect(await completionNames('flows', where())).toEqual(['signup']);
    expect(await completionNames('environments', where())).toEqual(['dev', 'staging']);
  });

  it('lists the providers of the config file in use, or of an earlier Falcon’s file', async () => {
    await write('home/config.yaml', 'providers:\n  openai: {model: gpt-4o-mini}\n  lab: {model: qwen}\n');
    expect(await completionNames('providers', where())).toEqual(['openai', 'lab']);
    await write('legacy.yaml', 'provider: ollama\ndefault_model: llama3.2\n');
    expect(await completionNames('providers', where({ FALCON_CONFIG: path.join(root, 'legacy.yaml') }))).toEqual(['ollama']);
    await write('empty.yaml', '');
    expect(await completionNames('providers', where({ FALCON_CONFIG: path.join(root, 'empty.yaml') }))).toEqual([]);
  });
});
