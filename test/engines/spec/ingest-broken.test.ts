import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import type { TempProject } from '../../tools/temp-project.js';
import { projectWithSpecs } from './spec-project.js';

const PUBLIC_PETSTORE = fileURLToPath(new URL('../../../node_modules/@readme/oas-examples/3.0/json/petstore.json', import.meta.url));

const OPENAPI_HEAD = 'openapi: 3.0.3\ninfo: {title: Things, version: "1"}\n';

/** Each broken document, and what its one-line error must say after `specs/<name>: `. */
const BROKEN: Array<{ name: string; content: () => Promise<string> | string; problem: RegExp }> = [
  {
    name: 'truncated.json',
    content: async () => {
      const text = await readFile(PUBLIC_PETSTORE, 'utf8');
      return text.slice(0, Math.floor(text.length / 2));
    },
    problem: /^invalid JSON \(.+\)$/,
  },
  {
    name: 'tab-indented.yaml',
    content: () => 'openapi: 3.0.3\ninfo:\n  title: Things\n\tversion: "1"\npaths: {}\n',
    problem: /^YAML syntax error at line 4, column 1: Tabs are not allowed as indentation$/,
  },
  {
    name: 'swagger-without-paths.json',
    content: () => JSON.stringify({ swagger: '2.0', info: { title: 'Things', version: '1' }, host: 'localhost' }),
    problem: /^Swagger schema validation failed: #\/ must have required property 'paths'$/,
  },
  {
    name: 'missing-component.yaml',
    content: () =>
      `${OPENAPI_HEAD}paths:\n  /things:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "#/components/schemas/Thing"}\ncomponents:\n  schemas: {}\n`,
    problem: /^Missing \$ref pointer "#\/components\/schemas\/Thing"/,
  },
  {
    name: 'missing-external-file.yaml',
    content: () =>
      `${OPENAPI_HEAD}paths:\n  /things:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "./schemas/thing.yaml"}\n`,
    problem: /^\$ref to specs\/schemas\/thing\.yaml cannot be read \(no such file\)$/,
  },
  {
    name: 'docker-compose.yml',
    content: () => 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n  db:\n    image: postgres:16\n',
    problem: /^not an OpenAPI, Swagger or Postman collection document/,
  },
  { name: 'empty.yaml', content: () => '', problem: /^the file is empty$/ },
  { name: 'only-comments.yaml', content: () => '# the spec goes here\n', problem: /^not an API description \(expected an object at the top level\)$/ },
  {
    name: 'openapi-4.yaml',
    content: () => `openapi: 4.0.0\ninfo: {title: Things, version: "1"}\npaths:\n  /things:\n    get:\n      responses:\n        "200": {description: ok}\n`,
    problem: /^Unsupported OpenAPI version: 4\.0\.0\b/,
  },
  {
    name: 'shop.postman_v1.json',
    content: () =>
      JSON.stringify({
        id: '4c2f6a1e-5b7d-4e2a-9c3f-8d1b0a6e7f21',
        name: 'Shop',
        order: ['a1'],
        folders: [],
        requests: [{ id: 'a1', name: 'List users', method: 'GET', url: 'http://localhost:4000/users', headers: '', data: [], dataMode: 'params' }],
      }),
    problem: /^a Postman collection in the old v1 format; export it from Postman as Collection v2\.1/,
  },
];

let project: TempProject;
let goodSpec: Buffer;
let falconFolder: string[];

beforeAll(async () => {
  project = await projectWithSpecs('petstore-3.0.yaml');
  await ingestSpec('specs/petstore-3.0.yaml', { projectRoot: project.root, signal: new AbortController().signal });
  goodSpec = await readFile(path.join(project.root, '.falcon/spec.yaml'));
  falconFolder = await readdir(path.join(project.root, '.falcon'));
  for (const broken of BROKEN) await project.write(`specs/${broken.name}`, await broken.content());
});
afterAll(() => project.remove());

describe('ingestSpec on broken specs after a good one', () => {
  it.each(BROKEN)('$name: one line naming the file and the problem; spec.yaml keeps its bytes', async ({ name, problem }) => {
    const error = await ingestSpec(`specs/${name}`, { projectRoot: project.root, signal: new AbortController().signal }).then(
      () => new Error('it ingested'),
      (thrown: Error) => thrown,
    );
    expect(error.name).toBe('SpecError');
    expect(error.message).not.toContain('\n');
    const prefix = `specs/${name}: `;
    expect(error.message.startsWith(prefix), error.message).toBe(true);
    expect(error.message.slice(prefix.length)).toMatch(problem);
    expect(await readFile(path.join(project.root, '.falcon/spec.yaml'))).toEqual(goodSpec);
    expect(await readdir(path.join(project.root, '.falcon'))).toEqual(falconFolder);
  });
});
