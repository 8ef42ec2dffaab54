import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlInvalidInput } from '../../../../src/engines/testing/checks/graphql-invalid-input.js';
import { graphqlNoServerError } from '../../../../src/engines/testing/checks/graphql-no-server-error.js';
import { graphqlResponseSchema } from '../../../../src/engines/testing/checks/graphql-response-schema.js';
import { graphqlToSpec } from '../../../../src/engines/graphql/graphql-to-spec.js';
import { SPEC_FORMAT, type FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { answer, contextOf } from './check-context-fixture.js';

const SDL = `
  enum Genre { FICTION RARE }
  type Author { id: ID!, name: String }
  type Book { id: ID!, title: String!, genre: Genre!, price: Float!, author: Author! }
  type Query { books(genre: Genre): [Book!]!, book(id: ID!): Book }
`;
const spec: FalconSpec = {
  format: SPEC_FORMAT,
  source: 'schema.graphql',
  ingestedAt: '2026-01-01T00:00:00Z',
  ...graphqlToSpec({ schema: buildSchema(SDL), sdl: SDL, source: { kind: 'sdl', file: 'schema.graphql' } }),
};
const QUERY = 'query Books($genre: Genre) { books(genre: $genre) { id title genre price author { id name } } }';

function graphqlCase(extra: Partial<TestCase> = {}, variables: Record<string, unknown> = { genre: 'RARE' }): TestCase {
  return {
    id: 'query.books/happy/valid',
    name: 'query books (genre: RARE)',
    kind: 'happy',
    operationId: 'query.books',
    tags: ['query'],
    request: { method: 'POST', path: '/graphql', body: { query: QUERY, operationName: 'Books', variables } },
    graphql: { kind: 'query', field: 'books' },
    ...extra,
  };
}
const book = (price: unknown, extra: Record<string, unknown> = {}) => ({
  id: '1',
  title: 'Maps',
  genre: 'RARE',
  price,
  author: { id: 'a', name: null },
  ...extra,
});
const json = (value: unknown) => JSON.stringify(value);

describe('graphql_response_schema', () => {
  const judge = async (body: unknown, testCase = graphqlCase(), status = 200) =>
    (await graphqlResponseSchema.judge(contextOf(testCase, answer(status, json(body)), { spec }))).map((message) => ({
      kind: graphqlResponseSchema.name,
      message,
    }));

  it('passes an answer of the selection and the schema, nullable fields null included', async () => {
    expect(await judge({ data: { books: [book(12.5)] } })).toEqual([]);
  });

  it('names a non-null field answered null, where, and the variables sent', async () => {
    expect(await judge({ data: { books: [book(1), book(null), book(null)] } })).toEqual([
      {
        kind: 'graphql_response_schema',
        message: 'Book.price is declared Float! but answered null at books[1].price (and 1 more), for genre: RARE',
      },
    ]);
  });

  it('takes a null an error explains: GraphQL nulls the parent of a failed non-null field', async () => {
    expect(await judge({ data: null, errors: [{ message: 'boom', path: ['books', 0, 'price'] }] })).toEqual([]);
    expect(await judge({ data: { books: [book(null)] }, errors: [{ message: 'price service down', path: ['books', 0, 'price'] }] })).toEqual([]);
  });

  it('finds a value of the wrong type, an unknown enum value, a field missing and one not asked for', async () => {
    const messages = (await judge({ data: { books: [{ ...book('12'), genre: 'POETRY', extra: 1, author: { id: 'a' } }] } })).map((finding) => finding.message);
    expect(messages).toEqual([
      'Book.genre is declared Genre! but answered "POETRY" at books[0].genre, for genre: RARE',
      'Book.price is declared Float! but answered "12" at books[0].price, for genre: RARE',
      'Author.name was asked for but is missing from the answer at books[0].author.name, for genre: RARE',
      'Book.extra was not asked for but is in the answer at books[0].extra, for genre: RARE',
    ]);
  });

  it('says when the answer is no GraphQL response, and leaves invalid input and server errors to the other checks', async () => {
    expect((await judge('<html>oops</html>')).map((finding) => finding.message)).toEqual([
      'the answer (200) is not a GraphQL response: no "data" or "errors" in a JSON object',
    ]);
    expect(await judge({ data: { books: [book(null)] } }, graphqlCase({ expectRejection: true }))).toEqual([]);
    expect(await judge('crash', graphqlCase(), 500)).toEqual([]);
  });
});

describe('graphql_no_server_error', () => {
  const judge = async (status: number, body: string, testCase = graphqlCase({}, { title: 'x'.repeat(101) })) =>
    (await graphqlNoServerError.judge(contextOf(testCase, answer(status, body)))).join('\n');

  it('fails a 5xx, naming the variables sent', async () => {
    expect(await judge(500, 'Internal Server Error: value too long')).toMatch(
      /^server error 500 : Internal Server Error: value too long, for title: "x{20}…" \(101 characters\)$/,
    );
  });

  it('fails an error that shows SQL, a stack trace or an unexpected error code, and passes ordinary GraphQL errors', async () => {
    expect(await judge(200, json({ errors: [{ message: `SQLITE_ERROR: near "'": syntax error`, path: ['searchBooks'] }] }))).toMatch(
      /^a GraphQL error shows the server's inside \(SQLITE_ERROR\) at searchBooks: /,
    );
    expect(await judge(200, json({ errors: [{ message: 'oops\n    at resolve (/app/src/books.js:12:7)' }] }))).toContain("shows the server's inside");
    expect(await judge(200, json({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }))).toContain(
      'is an unexpected server error (INTERNAL_SERVER_ERROR)',
    );
    expect(await judge(400, json({ errors: [{ message: 'Syntax Error: Expected Name, found "}".' }] }))).toBe('');
    expect(
      await judge(
        200,
        json({ errors: [{ message: 'Variable "$genre" got invalid value "NOT_A_GENRE"; Value "NOT_A_GENRE" does not exist in "Genre" enum.' }] }),
      ),
    ).toBe('');
    expect(await judge(200, json({ errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] }))).toBe('');
  });
});

describe('graphql_invalid_input', () => {
  const invalid = graphqlCase({ kind: 'negative', expectRejection: true, mutation: 'genre NOT_A_GENRE, not a value of Genre' }, { genre: 'NOT_A_GENRE' });
  const judge = async (status: number, body: string, testCase = invalid) => graphqlInvalidInput.judge(contextOf(testCase, answer(status, body)));

  it('passes GraphQL errors, whatever the 2xx or 4xx status', async () => {
    expect(await judge(200, json({ errors: [{ message: 'Variable "$genre" got invalid value' }] }))).toEqual([]);
    expect(await judge(400, json({ errors: [{ message: 'bad' }] }))).toEqual([]);
  });

  it('fails invalid variables accepted with data, or refused without a GraphQL error', async () => {
    expect(await judge(200, json({ data: { books: [] } }))).toEqual([
      'genre NOT_A_GENRE, not a value of Genre was accepted: the answer has data and no errors',
    ]);
    expect(await judge(400, 'Bad Request')).toEqual([
      'genre NOT_A_GENRE, not a value of Genre was answered 400 without a GraphQL error: the body is not {"errors": […]}',
    ]);
  });

  it('judges only the invalid cases, and leaves a 5xx to graphql_no_server_error', async () => {
    expect(await judge(200, json({ data: { books: [] } }), graphqlCase())).toEqual([]);
    expect(await judge(500, 'crash')).toEqual([]);
  });
});
