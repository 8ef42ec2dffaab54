import { describe, expect, it } from 'vitest';
import { describeSpec, findSpecs, graphqlEndpointSpec, identifySpec } from '../../../src/workspace/init/find-spec.js';
import { fixtureProject } from './fixture-project.js';

const OPENAPI_YAML =
  'openapi: 3.0.3\ninfo:\n  title: Shop\n  version: "1.0"\npaths:\n  /health:\n    get:\n      responses:\n        "200": {description: ok}\n';
const SWAGGER_JSON = JSON.stringify({ swagger: '2.0', info: { title: 'Legacy', version: '1' }, paths: {} });
const POSTMAN_COLLECTION = JSON.stringify({
  info: {
    _postman_id: '0f7a3c3e-1111-2222-3333-444455556666',
    name: 'Shop',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [{ name: 'health', request: { method: 'GET', url: '{{baseUrl}}/health' } }],
});
// Named like specs, mention the words, and are not specs.
const DECOY_YAML = 'services:\n  docs:\n    image: swaggerapi/swagger-ui\n    environment:\n      openapi: ./openapi.yaml\n';
const DECOY_JSON = JSON.stringify({ name: 'api-spec-tools', description: 'tools for openapi and swagger', collection: [] });

describe('findSpecs', () => {
  it('finds OpenAPI, Swagger and Postman files by their content, best first', async () => {
    const root = await fixtureProject({
      'docs/openapi.yaml': OPENAPI_YAML,
      'legacy/swagger.json': SWAGGER_JSON,
      'postman/shop.postman_collection.json': POSTMAN_COLLECTION,
      'api-spec.yaml': DECOY_YAML,
      'openapi-tools.json': DECOY_JSON,
      'node_modules/some-lib/openapi.yaml': OPENAPI_YAML,
      'vendor/pkg/swagger.json': SWAGGER_JSON,
    });
    expect(await findSpecs(root)).toEqual([
      { path: 'docs/openapi.yaml', kind: 'openapi', version: '3.0.3' },
      { path: 'legacy/swagger.json', kind: 'swagger', version: '2.0' },
      { path: 'postman/shop.postman_collection.json', kind: 'postman', version: '2.1.0' },
    ]);
  });

  it('finds a spec by content whatever its name, and an OpenAPI document written as JSON', async () => {
    const root = await fixtureProject({
      'contract.yml': OPENAPI_YAML.replace('3.0.3', '"3.1.0"'),
      'schema/v1.json': JSON.stringify({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} }),
    });
    expect(await findSpecs(root)).toEqual([
      { path: 'contract.yml', kind: 'openapi', version: '3.1.0' },
      { path: 'schema/v1.json', kind: 'openapi', version: '3.0.0' },
    ]);
  });

  it('prefers shallow, well-named files and puts test fixtures last', async () => {
    const root = await fixtureProject({
      'test/fixtures/openapi.yaml': OPENAPI_YAML,
      'a/b/c/openapi.yaml': OPENAPI_YAML,
      'docs/api/description.yaml': OPENAPI_YAML,
      'openapi.yaml': OPENAPI_YAML,
      'docs/openapi.yaml': OPENAPI_YAML,
    });
    expect((await findSpecs(root)).map((spec) => spec.path)).toEqual([
      'openapi.yaml',
      'docs/openapi.yaml',
      'a/b/c/openapi.yaml',
      'docs/api/description.yaml',
      'test/fixtures/openapi.yaml',
    ]);
  });

  it('finds a GraphQL schema file by its root types, and takes a GraphQL endpoint URL as a spec', async () => {
    const root = await fixtureProject({
      'schema/schema.graphql': 'type Book { id: ID! }\ntype Query { books: [Book!]! }\n',
      'src/fragments.graphql': 'fragment BookParts on Book { id }\n',
    });
    const found = await findSpecs(root);
    expect(found).toEqual([{ path: 'schema/schema.graphql', kind: 'graphql' }]);
    expect(describeSpec(found[0]!)).toBe('schema/schema.graphql (GraphQL)');
    expect(graphqlEndpointSpec('http://localhost:4000/graphql')).toEqual({ path: 'http://localhost:4000/graphql', kind: 'graphql' });
    expect(graphqlEndpointSpec('http://localhost:4000/openapi.json')).toBeUndefined();
  });

  it('returns nothing when the project has no spec', async () => {
    expect(await findSpecs(await fixtureProject({ 'config.yaml': 'port: 3000\n', 'package.json': '{"name":"x"}' }))).toEqual([]);
  });

  it('does not take a nested openapi key for a top-level one', async () => {
    const root = await fixtureProject({ 'settings.yaml': 'docs:\n  openapi: 3.0.0\n' });
    expect(await findSpecs(root)).toEqual([]);
  });
});

describe('identifySpec and describeSpec', () => {
  it('identifies one file and describes it for people', async () => {
    const root = await fixtureProject({ 'docs/openapi.yaml': OPENAPI_YAML, 'notes.yaml': DECOY_YAML });
    const spec = await identifySpec(root, 'docs/openapi.yaml');
    expect(spec && describeSpec(spec)).toBe('docs/openapi.yaml (OpenAPI 3.0.3)');
    expect(await identifySpec(root, 'notes.yaml')).toBeUndefined();
    expect(await identifySpec(root, 'missing.yaml')).toBeUndefined();
  });
});
