import fc from 'fast-check';
import { buildSchema, getVariableValues, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlToSpec } from '../../../../src/engines/graphql/graphql-to-spec.js';
import { variablesArbitrary } from '../../../../src/engines/testing/graphql/graphql-arbitraries.js';
import { generateGraphQLCases, LONG_STRING_LENGTH } from '../../../../src/engines/testing/graphql/graphql-cases.js';
import { MAX_SELECTION_DEPTH } from '../../../../src/engines/testing/graphql/graphql-selection.js';
import { SPEC_FORMAT, type FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';

const SDL = `
  enum Genre { FICTION HISTORY RARE }
  input Range { min: Int!, max: Int }
  input OrderInput { bookId: ID!, quantity: Int!, note: String, range: Range }
  interface Node { id: ID! }
  type Author implements Node { id: ID!, name: String!, books(first: Int!): [Book!]!, agent: Agent }
  type Agent { id: ID!, name: String, office: Office }
  type Office { city: String }
  type Book implements Node { id: ID!, title: String!, genre: Genre!, price: Float!, author: Author! }
  union SearchResult = Book | Author
  type Query {
    books(genre: Genre, limit: Int = 10): [Book!]!
    search(text: String!): [SearchResult!]!
    node(id: ID!): Node
  }
  type Mutation { placeOrder(input: OrderInput!): Book! }
`;
const schema = buildSchema(SDL);
const spec: FalconSpec = {
  format: SPEC_FORMAT,
  source: 'schema.graphql',
  ingestedAt: '2026-01-01T00:00:00Z',
  ...graphqlToSpec({ schema, sdl: SDL, source: { kind: 'sdl', file: 'schema.graphql' } }, 'http://api.test/graphql'),
};
const cases = generateGraphQLCases(spec, spec.operations, { credentialHeaders: ['Authorization'], fuzzBudget: 5 });
const ofOperation = (id: string) => cases.filter((testCase) => testCase.operationId === id);

function definitionOf(testCase: TestCase): OperationDefinitionNode {
  const body = testCase.request.body as { query: string };
  return parse(body.query).definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
}
/** What graphql-js itself says of the case's variables: the errors of coercing them to the declared types. */
function variableErrors(testCase: TestCase): string[] {
  const { variables } = testCase.request.body as { variables: Record<string, unknown> };
  const coerced = getVariableValues(schema, definitionOf(testCase).variableDefinitions ?? [], variables);
  return coerced.errors?.map((error) => error.message) ?? [];
}

describe('GraphQL cases', () => {
  it('posts one operation per case to the endpoint path, every argument a variable of its type', () => {
    const [valid] = ofOperation('query.books');
    expect(valid!.request).toMatchObject({ method: 'POST', path: '/graphql', body: { operationName: 'Books', variables: { genre: 'FICTION', limit: 1 } } });
    expect((valid!.request.body as { query: string }).query).toMatch(
      /^query Books\(\$genre: Genre, \$limit: Int\) \{ books\(genre: \$genre, limit: \$limit\) \{ id title genre price author \{ /,
    );
    expect(valid!.graphql).toEqual({ kind: 'query', field: 'books' });
  });

  it('asks nested fields to a bounded depth, leaving out fields with required arguments, and fragments for unions and interfaces', () => {
    const books = (ofOperation('query.books')[0]!.request.body as { query: string }).query;
    expect(books).toContain('author { id name } }');
    expect(books).not.toContain('books(first');
    expect(books).not.toContain('office');
    const depth = (text: string) =>
      Math.max(...[...text].reduce<number[]>((depths, char) => [...depths, (depths.at(-1) ?? 0) + (char === '{' ? 1 : char === '}' ? -1 : 0)], []));
    expect(depth(books) - 1).toBeLessThanOrEqual(MAX_SELECTION_DEPTH);
    const search = (ofOperation('query.search')[0]!.request.body as { query: string }).query;
    expect(search).toContain('{ __typename ... on Book { id title genre price author { id name } } ... on Author { id name agent { id name } } }');
  });

  it('makes valid variables graphql-js takes: every argument, only the required ones, each other enum value, input objects filled', () => {
    const valid = cases.filter((testCase) => testCase.kind === 'happy' || testCase.kind === 'boundary');
    for (const testCase of valid) expect(variableErrors(testCase), testCase.name).toEqual([]);
    expect(
      ofOperation('query.books')
        .filter((testCase) => testCase.kind === 'happy')
        .map((testCase) => testCase.name),
    ).toEqual([
      'query books (genre: FICTION, limit: 1)',
      'query books with no arguments, its defaults',
      'query books (genre: HISTORY, limit: 1)',
      'query books (genre: RARE, limit: 1)',
    ]);
    expect(ofOperation('mutation.placeOrder')[0]!.request.body).toMatchObject({
      variables: { input: { bookId: '1', quantity: 1, note: 'falcon', range: { min: 1, max: 1 } } },
    });
    const long = ofOperation('query.search').find((testCase) => testCase.kind === 'boundary')!;
    expect((long.request.body as { variables: { text: string } }).variables.text).toHaveLength(LONG_STRING_LENGTH);
  });

  it('makes invalid variables graphql-js refuses: a required one missing, wrong types, an unknown enum value, an Int past 32 bits', () => {
    const invalid = cases.filter((testCase) => testCase.kind === 'negative');
    for (const testCase of invalid) {
      expect(testCase.expectRejection).toBe(true);
      expect(variableErrors(testCase), testCase.name).not.toEqual([]);
    }
    expect(
      ofOperation('query.books')
        .filter((testCase) => testCase.kind === 'negative')
        .map((testCase) => testCase.mutation),
    ).toEqual(['genre 42, not a Genre', 'genre NOT_A_GENRE, not a value of Genre', 'limit "not a number", not a Int', 'limit 2147483648, past a 32-bit Int']);
    expect(
      ofOperation('mutation.placeOrder')
        .filter((testCase) => testCase.kind === 'negative')
        .map((testCase) => testCase.mutation),
    ).toEqual(['input missing (OrderInput!)', 'input "not an object", not a OrderInput!']);
  });

  it('adds a fuzz case per operation with arguments, and each sent without the credentials when the run has any', () => {
    expect(cases.filter((testCase) => testCase.fuzz).map((testCase) => testCase.operationId)).toEqual([
      'query.books',
      'query.search',
      'query.node',
      'mutation.placeOrder',
    ]);
    const anonymous = cases.filter((testCase) => testCase.graphql?.withoutCredentials);
    expect(anonymous).toHaveLength(4);
    expect(anonymous[0]!.request.withoutCredentials).toEqual({ headers: ['Authorization'] });
    expect(generateGraphQLCases(spec, spec.operations).some((testCase) => testCase.graphql?.withoutCredentials)).toBe(false);
  });

  it('gives the same cases for the same seed', () => {
    expect(generateGraphQLCases(spec, spec.operations, { seed: 3 })).toEqual(generateGraphQLCases(spec, spec.operations, { seed: 3 }));
  });
});

describe('fuzzed GraphQL variables', () => {
  it('are always inside their types, as graphql-js coerces them, and required ones always given', () => {
    const placeOrder = schema.getMutationType()!.getFields().placeOrder!;
    const definition = definitionOf(ofOperation('mutation.placeOrder')[0]!);
    fc.assert(
      fc.property(variablesArbitrary(placeOrder.args), (variables) => {
        expect(getVariableValues(schema, definition.variableDefinitions ?? [], variables).errors).toBeUndefined();
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('draw long strings as well as short odd ones, never a {{ placeholder', () => {
    const search = schema.getQueryType()!.getFields().search!;
    const texts = fc.sample(variablesArbitrary(search.args), { seed: 7, numRuns: 200 }).map((variables) => variables.text as string);
    expect(texts.some((text) => text.length > 100)).toBe(true);
    expect(texts.some((text) => text.length < 10)).toBe(true);
    expect(texts.some((text) => text.includes('{{'))).toBe(false);
  });
});
