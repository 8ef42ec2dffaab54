import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySetup } from '../../../src/workspace/init/apply-setup.js';
import { readCurrentSetup } from '../../../src/workspace/init/current-setup.js';
import { setProjectSettings } from '../../../src/config/set-project-settings.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

const read = (file: string) => readFile(path.join(project.root, file), 'utf8');

describe('applySetup', () => {
  it('creates what is missing with the answers', async () => {
    const outcome = await applySetup(project.root, { framework: 'express', baseUrl: 'http://localhost:4000', environment: 'dev' });
    expect(outcome.created).toContain('.falcon/config.yaml');
    expect(outcome.created).toContain('.falcon/environments/dev.yaml');
    expect(outcome.updated).toEqual([]);
    expect(await readCurrentSetup(project.root)).toEqual({
      configured: true,
      framework: 'express',
      configBaseUrl: 'http://localhost:4000',
      environment: { name: 'dev', baseUrl: 'http://localhost:4000' },
    });
  });

  it('writes only the answers that differ into what exists, keeping comments and the rest', async () => {
    await project.write('.falcon/config.yaml', '# ours\nframework: express # found\nbase_url: http://localhost:3000\nspec: docs/old.yaml\nmax_turns: 20\n');
    await project.write('.falcon/environments/staging.yaml', '# shared\nBASE_URL: http://localhost:3000\nTOKEN: "{{env:TOKEN}}"\n');
    const outcome = await applySetup(project.root, {
      framework: 'express',
      baseUrl: 'http://localhost:5000',
      environment: 'staging',
      currentBaseUrl: 'http://localhost:3000',
    });
    expect(outcome.updated).toEqual(['.falcon/config.yaml: base_url, spec', '.falcon/environments/staging.yaml: BASE_URL']);
    expect(await read('.falcon/config.yaml')).toBe('# ours\nframework: express # found\nbase_url: http://localhost:5000\nmax_turns: 20\n');
    expect(await read('.falcon/environments/staging.yaml')).toBe('# shared\nBASE_URL: http://localhost:5000\nTOKEN: "{{env:TOKEN}}"\n');
  });

  it('sets how the API starts, keeping the rest of server:, and removes it when none is chosen', async () => {
    await project.write(
      '.falcon/config.yaml',
      'framework: express\nbase_url: http://localhost:3000\nserver:\n  command: node app.js\n  env: {PORT: "3000"} # ours\n',
    );
    const server = { command: 'npm run dev', reload: 'watch' as const, evidence: 'found' };
    const changed = await applySetup(project.root, {
      framework: 'express',
      baseUrl: 'http://localhost:3000',
      environment: 'dev',
      currentBaseUrl: 'http://localhost:3000',
      server,
    });
    expect(changed.updated).toEqual(['.falcon/config.yaml: server']);
    expect(await read('.falcon/config.yaml')).toBe(
      'framework: express\nbase_url: http://localhost:3000\nserver:\n  command: npm run dev\n  env: { PORT: "3000" } # ours\n  reload: watch\n',
    );
    expect((await readCurrentSetup(project.root)).server).toEqual({ command: 'npm run dev', reload: 'watch' });
    const removed = await applySetup(project.root, {
      framework: 'express',
      baseUrl: 'http://localhost:3000',
      environment: 'dev',
      currentBaseUrl: 'http://localhost:3000',
      server: null,
    });
    expect(removed.updated).toEqual(['.falcon/config.yaml: server']);
    expect(await read('.falcon/config.yaml')).toBe('framework: express\nbase_url: http://localhost:3000\n');
  });

  it('leaves a BASE_URL written as a placeholder alone when it already resolves to the answer', async () => {
    await project.write('.falcon/config.yaml', 'framework: express\nbase_url: http://localhost:3000\n');
    await project.write('.falcon/environments/dev.yaml', 'BASE_URL: "{{env:API_URL}}"\n');
    const outcome = await applySetup(project.root, {
      framework: 'express',
      baseUrl: 'http://localhost:3000',
      environment: 'dev',
      currentBaseUrl: 'http://localhost:3000',
    });
    expect(outcome).toEqual({ created: expect.any(Array), updated: [] });
    expect(await read('.falcon/environments/dev.yaml')).toBe('BASE_URL: "{{env:API_URL}}"\n');
  });
});

describe('setProjectSettings', () => {
  it('refuses a file the loader would refuse, and leaves it as it was', async () => {
    await project.write('.falcon/config.yaml', 'framework: express\nmax_turns: none\n');
    await expect(setProjectSettings(project.root, { base_url: 'http://localhost:1' })).rejects.toThrow(/max_turns/);
    expect(await read('.falcon/config.yaml')).toBe('framework: express\nmax_turns: none\n');
  });
});
