import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkEnvironments } from '../../../src/cli/doctor/check-environments.js';
import { checkGitignore } from '../../../src/cli/doctor/check-gitignore.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-doctor-'));
  await mkdir(path.join(project, '.falcon', 'environments'), { recursive: true });
});
afterEach(() => rm(project, { recursive: true, force: true }));

const environment = (name: string, text: string) => writeFile(path.join(project, '.falcon', 'environments', `${name}.yaml`), text);
const gitignore = (file: string, text: string) => writeFile(path.join(project, file), text);

describe('checkEnvironments', () => {
  it('warns when there is none', async () => {
    expect(await checkEnvironments(project, undefined)).toMatchObject([{ name: 'environments', status: 'warn' }]);
  });

  it('takes dev when none is chosen, and warns when there is no dev either', async () => {
    await environment('dev', 'BASE_URL: http://localhost:8080\n');
    expect(await checkEnvironments(project, undefined)).toEqual([
      { name: 'environments', status: 'ok', summary: 'dev' },
      { name: 'environment dev', status: 'ok', summary: 'active; BASE_URL http://localhost:8080' },
    ]);
    await rm(path.join(project, '.falcon', 'environments', 'dev.yaml'));
    await environment('qa', 'BASE_URL: http://qa\n');
    expect((await checkEnvironments(project, undefined))[1]).toMatchObject({
      status: 'warn',
      fix: 'choose one with: falcon env use <name> (environments: qa)',
    });
  });

  it('fails when the chosen one does not exist', async () => {
    await environment('dev', 'BASE_URL: http://localhost:8080\n');
    expect((await checkEnvironments(project, 'staging'))[1]).toMatchObject({
      status: 'fail',
      summary: '.falcon/config.yaml chooses staging, which is not in .falcon/environments/',
    });
  });

  it('accepts a BASE_URL filled from a variable, hides credentials, refuses what is no http(s) URL', async () => {
    await environment('dev', 'BASE_URL: "{{env:API_URL}}"\n');
    await environment('staging', 'BASE_URL: https://ada:s3cret@staging.example.com/api\n');
    await environment('ftp', 'BASE_URL: ftp://files.example.com\n');
    expect((await checkEnvironments(project, 'dev'))[1]).toMatchObject({ status: 'ok', summary: 'active; BASE_URL {{env:API_URL}} (filled in when used)' });
    expect((await checkEnvironments(project, 'staging'))[1]).toMatchObject({
      status: 'ok',
      summary: 'active; BASE_URL https://***:***@staging.example.com/api',
    });
    expect((await checkEnvironments(project, 'ftp'))[1]).toMatchObject({ status: 'fail', summary: 'BASE_URL is not an http(s) URL: ftp://files.example.com' });
  });
});

describe('checkGitignore', () => {
  it.each([
    ['.falcon/.gitignore', 'sessions/\nreports/\n'],
    ['.falcon/.gitignore', '# per person\n/sessions\n'],
    ['.falcon/.gitignore', '*\n'],
    ['.gitignore', 'node_modules/\n.falcon/\n'],
    ['.gitignore', '/.falcon/sessions/\n'],
  ])('is satisfied by %s holding %j', async (file, text) => {
    await gitignore(file, text);
    expect(await checkGitignore(project)).toMatchObject({ status: 'ok' });
  });

  it('warns when nothing keeps sessions out', async () => {
    await gitignore('.falcon/.gitignore', 'reports/\n# sessions/\n');
    await gitignore('.gitignore', '.falcon/reports/\n');
    expect(await checkGitignore(project)).toMatchObject({ status: 'warn', fix: 'add the line sessions/ to .falcon/.gitignore' });
  });
});
