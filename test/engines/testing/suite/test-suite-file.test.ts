import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import {
  deleteTestSuite,
  listTestSuites,
  loadTestSuite,
  loadTestSuiteFile,
  saveTestSuite,
  type TestSuiteFile,
} from '../../../../src/engines/testing/suite/test-suite-file.js';
import { createTempProject, type TempProject } from '../../../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

const createPet: TestCase = {
  id: 'createPet/happy/example',
  name: 'POST /pets with the example body',
  kind: 'happy',
  operationId: 'createPet',
  tags: ['pets'],
  request: { method: 'POST', path: '/pets', body: { name: 'Rex', note: 'line one\nline two' }, contentType: 'application/json' },
  expectStatus: [201],
  extract: { petId: '$.id' },
  chain: { id: 'pet-lifecycle', step: 0 },
};
const getPet: TestCase = {
  id: 'getPet/stateful/read-back',
  name: 'GET /pets/{petId} of the created pet',
  kind: 'stateful',
  operationId: 'getPet',
  tags: [],
  request: { method: 'GET', path: '/pets/{petId}', pathParams: { petId: '{{petId}}' }, query: { verbose: true, tag: ['a', 'b'] } },
  chain: { id: 'pet-lifecycle', step: 1 },
};
const suite: TestSuiteFile = {
  format: 'falcon-tests/1',
  name: 'pets',
  description: 'The pets endpoints',
  createdAt: '2025-01-31T10:00:00.000Z',
  spec: 'specs/petstore.yaml',
  cases: [createPet, getPet],
};

const testsDir = () => path.join(project.root, '.falcon', 'tests');
const writeSuite = (file: string, text: string) => project.write(`.falcon/tests/${file}`, text);

describe('saving and loading', () => {
  it('writes .falcon/tests/<name>.yaml with a header, reads the same suite back, lists and deletes it', async () => {
    expect(await saveTestSuite(project.root, suite)).toBe('.falcon/tests/pets.yaml');
    const text = await readFile(path.join(testsDir(), 'pets.yaml'), 'utf8');
    expect(text).toMatch(/^# Falcon test suite; the format is described in src\/engines\/testing\/suite\/test-suite-format\.ts\.\nformat: falcon-tests\/1\n/);
    expect(parse(text)).toEqual(suite);
    expect(await loadTestSuite(project.root, 'pets')).toEqual(suite);
    expect(await readdir(testsDir())).toEqual(['pets.yaml']); // no temporary file left behind

    await saveTestSuite(project.root, { ...suite, name: 'orders', description: undefined, spec: undefined, cases: [getPet] });
    expect(await listTestSuites(project.root)).toEqual(['orders', 'pets']);
    expect(await deleteTestSuite(project.root, 'pets')).toBe('.falcon/tests/pets.yaml');
    expect(await listTestSuites(project.root)).toEqual(['orders']);
    await expect(deleteTestSuite(project.root, 'pets')).rejects.toThrow('no test suite "pets" in .falcon/tests/');
  });

  it('lists nothing when there is no tests folder, and replaces an existing .yml file in place', async () => {
    expect(await listTestSuites(project.root)).toEqual([]);
    await writeSuite('smoke.yml', 'format: falcon-tests/1\ncases:\n  - request: {method: get, path: /health}\n');
    expect(await saveTestSuite(project.root, { ...suite, name: 'smoke' })).toBe('.falcon/tests/smoke.yml');
    expect(await readdir(testsDir())).toEqual(['smoke.yml']);
    expect((await loadTestSuite(project.root, 'smoke')).cases).toHaveLength(2);
  });

  it('masks secrets in headers and query values but keeps {{VAR}} placeholders', async () => {
    const withSecrets: TestCase = {
      ...getPet,
      request: {
        ...getPet.request,
        headers: { Authorization: 'Bearer abcdef1234567890', 'X-Api-Key': '{{API_KEY}}', Accept: 'application/json' },
        query: { api_key: 's3cr3t-value', limit: 5 },
      },
    };
    await saveTestSuite(project.root, { ...suite, cases: [withSecrets] });
    const text = await readFile(path.join(testsDir(), 'pets.yaml'), 'utf8');
    expect(text).not.toContain('abcdef1234567890');
    expect(text).not.toContain('s3cr3t-value');
    const [saved] = (await loadTestSuite(project.root, 'pets')).cases;
    expect(saved?.request.headers).toEqual({ Authorization: '[masked]', 'X-Api-Key': '{{API_KEY}}', Accept: 'application/json' });
    expect(saved?.request.query).toEqual({ api_key: '[masked]', limit: 5 });
  });

  it('refuses bad names and a suite it could not read back, writing nothing', async () => {
    for (const name of ['../escape', 'a/b', '.hidden', 'pets.yaml', '']) {
      await expect(saveTestSuite(project.root, { ...suite, name })).rejects.toThrow(/cannot be a suite name/);
      await expect(loadTestSuite(project.root, name)).rejects.toThrow(/cannot be a suite name/);
    }
    const broken = { ...createPet, request: { ...createPet.request, path: 'pets' } };
    await expect(saveTestSuite(project.root, { ...suite, cases: [broken] })).rejects.toThrow(
      '.falcon/tests/pets.yaml: cases[0].request.path must start with "/"',
    );
    await expect(saveTestSuite(project.root, { ...suite, cases: [] })).rejects.toThrow('.falcon/tests/pets.yaml: cases must not be empty');
    expect(await listTestSuites(project.root)).toEqual([]);
  });
});

describe('files written by hand', () => {
  it('fills in ids, names, kinds and tags, upper-cases methods and takes the name from the file', async () => {
    await writeSuite(
      'by-hand.yaml',
      [
        'format: falcon-tests/1',
        'name: something else',
        'cases:',
        '  - request: {method: get, path: /pets}',
        '  - name: List pets again',
        '    request: {method: GET, path: /pets}',
        '  - request: {method: get, path: /pets}',
        '    expectStatus: 200',
        '  - id: custom/get-pets',
        '    request: {method: DELETE, path: /pets}',
      ].join('\n'),
    );
    const loaded = await loadTestSuite(project.root, 'by-hand');
    expect(loaded.name).toBe('by-hand');
    expect(loaded.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(loaded.cases.map(({ id, name, kind, tags }) => ({ id, name, kind, tags }))).toEqual([
      { id: 'custom/get-pets-2', name: 'GET /pets', kind: 'custom', tags: [] },
      { id: 'custom/list-pets-again', name: 'List pets again', kind: 'custom', tags: [] },
      { id: 'custom/get-pets-3', name: 'GET /pets', kind: 'custom', tags: [] },
      { id: 'custom/get-pets', name: 'DELETE /pets', kind: 'custom', tags: [] },
    ]);
    expect(loaded.cases[2]?.expectStatus).toEqual([200]);
  });

  it.each([
    ['no format', 'cases: []\n', '.falcon/tests/bad.yaml: format is missing; a suite file starts with "format: falcon-tests/1"'],
    [
      'another format',
      'format: falcon-tests/2\ncases: []\n',
      '.falcon/tests/bad.yaml: format is "falcon-tests/2"; a suite file starts with "format: falcon-tests/1"',
    ],
    ['not a mapping', '- a\n- b\n', '.falcon/tests/bad.yaml: expected a mapping with format, name and cases, e.g. "format: falcon-tests/1"'],
    ['broken YAML', 'format: falcon-tests/1\ncases: [\n', /^\.falcon\/tests\/bad\.yaml: not valid YAML at line \d+, column \d+: /],
    ['no cases', 'format: falcon-tests/1\n', '.falcon/tests/bad.yaml: cases is missing'],
    [
      'a case without method, with a typo and a bad kind',
      'format: falcon-tests/1\ncases:\n  - request: {method: GET, path: /a}\n  - request: {path: /b}\n    kind: weird\n    expectStatuses: [200]\n',
      '.falcon/tests/bad.yaml: cases[1].kind is "weird"; expected "smoke", "happy", "negative", "boundary", "stateful", "fuzz", "probe", "data", "custom"; cases[1].request.method is missing; cases[1] has unknown field "expectStatuses"',
    ],
    [
      'wrong types',
      'format: falcon-tests/1\ncases:\n  - request: {method: GET, path: /a, headers: {X-N: 1}}\n    expectStatus: [700]\n    tags: tag\n',
      '.falcon/tests/bad.yaml: cases[0].tags must be a list, not "tag"; cases[0].request.headers.X-N must be a string, not 1; cases[0].expectStatus[0] must be at most 599',
    ],
    [
      'repeated ids',
      'format: falcon-tests/1\ncases:\n  - {id: a, request: {method: GET, path: /a}}\n  - {id: b, request: {method: GET, path: /b}}\n  - {id: a, request: {method: GET, path: /c}}\n',
      '.falcon/tests/bad.yaml: cases[2].id "a" is also the id of cases[0]; ids must be unique',
    ],
  ])('names the file and the field: %s', async (_title, text, message) => {
    await writeSuite('bad.yaml', text);
    const error = await loadTestSuite(project.root, 'bad').then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.name).toBe('TestSuiteError');
    if (typeof message === 'string') expect(error?.message).toBe(message);
    else expect(error?.message).toMatch(message);
  });

  it('loads a suite by its path inside the project, and refuses paths outside it or not YAML', async () => {
    await project.write('qa/regression.yml', 'format: falcon-tests/1\ncases:\n  - request: {method: GET, path: /a}\n');
    expect((await loadTestSuiteFile(project.root, 'qa/regression.yml')).name).toBe('regression');
    await project.write('qa/notes.txt', 'format: falcon-tests/1\n');
    await expect(loadTestSuiteFile(project.root, 'qa/notes.txt')).rejects.toThrow('qa/notes.txt: a suite file is YAML and its name ends in .yaml or .yml');
    await expect(loadTestSuiteFile(project.root, '../outside/secret.txt')).rejects.toThrow('path escapes the project: ../outside/secret.txt');
    await expect(loadTestSuiteFile(project.root, 'qa/missing.yaml')).rejects.toThrow('no such file: qa/missing.yaml');
  });
});
