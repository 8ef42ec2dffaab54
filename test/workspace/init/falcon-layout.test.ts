import { readdir, readFile, stat, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../../../src/config/load-project-config.js';
import { createFalconLayout, FalconLayoutError } from '../../../src/workspace/init/falcon-layout.js';
import { fixtureProject } from './fixture-project.js';

const FOLDERS = ['environments', 'requests', 'flows', 'tests', 'baselines', 'sessions', 'reports'].map((name) => `.falcon/${name}/`);
/** As listed: the files of .falcon/, then each folder followed by the files inside it. */
const LAYOUT = [
  'config.yaml',
  'falcon.md',
  'variables.json',
  '.gitignore',
  'environments/',
  'environments/dev.yaml',
  'environments/staging.yaml',
  'environments/prod.yaml',
  'requests/',
  'flows/',
  'tests/',
  'baselines/',
  'sessions/',
  'reports/',
].map((name) => `.falcon/${name}`);

const OPTIONS = {
  framework: 'express',
  frameworkEvidence: 'package.json dependency "express"',
  baseUrl: 'http://localhost:4000',
  spec: 'docs/openapi.yaml',
  specDescription: 'docs/openapi.yaml (OpenAPI 3.0.3)',
} as const;

const read = (root: string, relative: string) => readFile(path.join(root, relative), 'utf8');

describe('createFalconLayout', () => {
  it('creates the .falcon/ layout and says what it created, each folder before the files inside it', async () => {
    const root = await fixtureProject();
    const result = await createFalconLayout(root, OPTIONS);
    expect(result).toEqual({
      created: LAYOUT,
      kept: [],
      framework: 'express',
      baseUrl: 'http://localhost:4000',
      spec: 'docs/openapi.yaml',
    });
    for (const folder of FOLDERS) expect((await stat(path.join(root, folder))).isDirectory()).toBe(true);
    expect(await read(root, '.falcon/variables.json')).toBe('{}\n');
    expect(await read(root, '.falcon/.gitignore')).toBe('sessions/\nreports/\n');
  });

  it('writes a config.yaml that loads without warnings', async () => {
    const root = await fixtureProject();
    await createFalconLayout(root, OPTIONS);
    expect(await loadProjectConfig(root)).toEqual({
      config: { framework: 'express', baseUrl: 'http://localhost:4000', spec: 'docs/openapi.yaml', toolLimits: {} },
      warnings: [],
    });
  });

  it('leaves spec out of config.yaml when there is none', async () => {
    const root = await fixtureProject();
    await createFalconLayout(root, { framework: 'other', baseUrl: 'http://localhost:3000' });
    expect(parse(await read(root, '.falcon/config.yaml'))).toEqual({ framework: 'other', base_url: 'http://localhost:3000' });
    expect((await loadProjectConfig(root)).warnings).toEqual([]);
    expect(await read(root, '.falcon/falcon.md')).toContain('- Spec: none yet');
  });

  it('writes dev, staging and prod environments with BASE_URL', async () => {
    const root = await fixtureProject();
    await createFalconLayout(root, OPTIONS);
    const environment = async (name: string) => parse(await read(root, `.falcon/environments/${name}.yaml`));
    expect(await environment('dev')).toEqual({ BASE_URL: 'http://localhost:4000' });
    expect(await environment('staging')).toEqual({ BASE_URL: 'https://staging.example.com' });
    expect(await environment('prod')).toEqual({ BASE_URL: 'https://api.example.com' });
  });

  it('fills falcon.md with what init found, and says how to keep secrets out of environments', async () => {
    const root = await fixtureProject();
    await createFalconLayout(root, OPTIONS);
    const notes = await read(root, '.falcon/falcon.md');
    for (const heading of ['## Base URLs', '## Authentication', '## Endpoints', '## Models', '## Known errors']) {
      expect(notes).toContain(heading);
    }
    expect(notes).toContain('- Framework: express (package.json dependency "express")');
    expect(notes).toContain('- Spec: docs/openapi.yaml (OpenAPI 3.0.3)');
    expect(notes).toContain('| dev | http://localhost:4000 |');
    expect(notes).toContain('{{env:API_TOKEN}}');
  });

  it('keeps every existing file byte for byte and adds only what is missing', async () => {
    const root = await fixtureProject();
    await createFalconLayout(root, OPTIONS);
    const edited = {
      '.falcon/config.yaml': 'framework: fastify\nbase_url: http://localhost:9999\nmax_turns: 12\n',
      '.falcon/falcon.md': '# My notes\n\nAuth is a bearer token from POST /login.\n',
      '.falcon/environments/dev.yaml': 'BASE_URL: http://localhost:9999\nAPI_TOKEN: "{{env:API_TOKEN}}"\n',
    };
    for (const [file, content] of Object.entries(edited)) await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, '.falcon/requests/login.yaml'), 'name: login\n');
    await rm(path.join(root, '.falcon/environments/prod.yaml'));
    await rm(path.join(root, '.falcon/flows'), { recursive: true });

    const again = await createFalconLayout(root, { framework: 'django', baseUrl: 'http://localhost:8000' });

    expect(again.created).toEqual(['.falcon/environments/prod.yaml', '.falcon/flows/']);
    expect(again.kept).toEqual(LAYOUT.filter((entry) => !again.created.includes(entry)));
    for (const [file, content] of Object.entries(edited)) expect(await read(root, file)).toBe(content);
    expect(await read(root, '.falcon/requests/login.yaml')).toBe('name: login\n');
    expect((await readdir(path.join(root, '.falcon'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('stops with a clear error when a file stands where a folder belongs', async () => {
    const root = await fixtureProject({ '.falcon': 'not a folder\n' });
    await expect(createFalconLayout(root, OPTIONS)).rejects.toThrow(
      new FalconLayoutError('.falcon exists but is not a folder; move it away and run falcon init again'),
    );
    expect(await read(root, '.falcon')).toBe('not a folder\n');
  });
});
