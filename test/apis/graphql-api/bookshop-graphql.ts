import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  execute,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { closeServer, listenOnLoopback, servingWith } from '../loopback-server.js';
import { AUTHORS, BOOKSHOP_USERS, freshBookshop, type BookRow, type OrderRow, type UserRow } from './bookshop-data.js';
import { measureQuery } from './query-limits.js';

/** The schema both servers publish (SDL file and introspection alike). */
export const BOOKSHOP_SDL_FILE = fileURLToPath(new URL('./schema.graphql', import.meta.url));

/**
 * The bookshop's GraphQL API on loopback. The planted one (default) has the defects of
 * `PLANTED_GRAPHQL_DEFECTS`; its `twin` answers the same schema correctly: limits on depth, aliases,
 * width and batches, introspection off, no suggestions, each order its owner's only.
 */
export interface BookshopGraphQL {
  /** The endpoint, `http://127.0.0.1:PORT/graphql`. */
  endpoint: string;
  sdlFile: string;
  users: readonly UserRow[];
  /** Every operation the server executed, in order, with the caller's name (or `anonymous`). */
  executed: { caller: string; query: string }[];
  close(): Promise<void>;
}

export const TWIN_LIMITS = { depth: 5, aliases: 10, fields: 60 } as const;
export const TITLE_COLUMN_LENGTH = 100;

/** The `falcon test` checks the planted defects are for. */
export const GRAPHQL_CHECKS_PLANTED = ['graphql_response_schema', 'graphql_no_server_error', 'graphql_invalid_input'] as const;

/** The planted defects, by the rule or check that should name them. */
export const PLANTED_GRAPHQL_DEFECTS = {
  /** `books(genre: RARE)` answers `price: null`, which the schema declares `Float!`. */
  nullForNonNull: { operation: 'books', argument: { genre: 'RARE' }, field: 'Book.price' },
  /** Variables the schema refuses (a wrong type, an unknown enum value) are answered `400 Bad Request` as text, not as GraphQL errors. */
  invalidVariablesAsText: { operation: 'books', argument: 'genre' },
  /** `searchBooks(title:)` longer than 100 characters crashes the server: HTTP 500. */
  crashOnLongString: { operation: 'searchBooks', argument: 'title', length: TITLE_COLUMN_LENGTH },
  /** `searchBooks(title:)` is pasted into SQL: a quote answers the database's error. */
  injection: { operation: 'searchBooks', argument: 'title' },
  /** `order(id:)` answers anyone's order, signed in or not. */
  bola: { operation: 'order', argument: 'id', otherUsersId: '102' },
  missingAuth: { operation: 'order' },
  introspection: true,
  noDepthLimit: true,
  noAliasLimit: true,
  batching: true,
  fieldSuggestions: true,
} as const;

class DatabaseCrash extends Error {}

export async function startBookshopGraphQL(options: { twin?: boolean } = {}): Promise<BookshopGraphQL> {
  const twin = options.twin ?? false;
  const sdl = readFileSync(BOOKSHOP_SDL_FILE, 'utf8');
  const published = buildSchema(sdl);
  const executing = twin ? published : buildSchema(sdl.replace('price: Float!', 'price: Float'));
  const data = freshBookshop();
  const executed: BookshopGraphQL['executed'] = [];

  const resolvers = bookshopResolvers(data, twin);
  const rules = twin ? [...specifiedRules, NoSchemaIntrospectionCustomRule] : specifiedRules;

  const runOne = (body: unknown, caller: UserRow | undefined): { status: number; result: ExecutionResult; text?: string } => {
    const request = body as { query?: unknown; variables?: unknown; operationName?: unknown } | null;
    if (typeof request?.query !== 'string') return failure(400, 'Send a JSON body with "query"');
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      return { status: 400, result: { errors: [error as GraphQLError] } };
    }
    const invalid = validate(published, document, rules);
    if (invalid.length > 0) {
      return { status: 400, result: { errors: twin ? invalid.map(withoutSuggestions) : invalid } };
    }
    if (twin) {
      const shape = measureQuery(document);
      if (shape.depth > TWIN_LIMITS.depth) return failure(400, `Query is too deep: ${shape.depth} levels, at most ${TWIN_LIMITS.depth}`);
      if (shape.aliases > TWIN_LIMITS.aliases) return failure(400, `Too many aliases: ${shape.aliases}, at most ${TWIN_LIMITS.aliases}`);
      if (shape.fields > TWIN_LIMITS.fields) return failure(400, `Too many fields: ${shape.fields}, at most ${TWIN_LIMITS.fields}`);
    }
    executed.push({ caller: caller?.name ?? 'anonymous', query: request.query });
    const result = execute({
      schema: asksForSchema(document) ? published : executing,
      document,
      rootValue: resolvers,
      contextValue: { caller },
      variableValues: isRecord(request.variables) ? request.variables : undefined,
      operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
    }) as ExecutionResult;
    // graphql-js gives no data at all when the variables cannot be coerced to their types.
    if (!twin && result.data === undefined && result.errors?.length) return { status: 400, result: {}, text: 'Bad Request' };
    if (result.errors?.some((error) => error.originalError instanceof DatabaseCrash)) {
      const crash = result.errors.find((error) => error.originalError instanceof DatabaseCrash);
      return { status: 500, result: { errors: [new GraphQLError(crash?.message ?? 'crash')] } };
    }
    return { status: 200, result };
  };

  const server = createServer(
    servingWith(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://bookshop');
      if (url.pathname !== '/graphql') return send(response, 404, { errors: [{ message: 'Not found' }] });
      const caller = callerOf(request);
      let body: unknown;
      if (request.method === 'GET') {
        body = {
          query: url.searchParams.get('query'),
          variables: parseJson(url.searchParams.get('variables') ?? 'null'),
          operationName: url.searchParams.get('operationName'),
        };
      } else if (request.method === 'POST') {
        body = parseJson(await readBody(request));
        if (body === undefined) return send(response, 400, { errors: [{ message: 'The body is not JSON' }] });
      } else {
        response.writeHead(405, { allow: 'GET, POST' }).end();
        return;
      }
      if (Array.isArray(body)) {
        if (twin) return send(response, 400, { errors: [{ message: 'Batched operations are not accepted' }] });
        const answers = body.map((one) => runOne(one, caller));
        if (answers.some((answer) => answer.status === 500)) return sendText(response, 500, 'Internal Server Error');
        return send(
          response,
          200,
          answers.map((answer) => answer.result),
        );
      }
      const { status, result, text } = runOne(body, caller);
      if (text !== undefined) return sendText(response, status, text);
      if (status === 500) return sendText(response, 500, `Internal Server Error: ${result.errors?.[0]?.message ?? ''}`);
      return send(response, status, result);
    }),
  );
  const base = await listenOnLoopback(server);
  return { endpoint: `${base}/graphql`, sdlFile: BOOKSHOP_SDL_FILE, users: BOOKSHOP_USERS, executed, close: () => closeServer(server) };
}

interface Context {
  caller: UserRow | undefined;
}

function bookshopResolvers(data: ReturnType<typeof freshBookshop>, twin: boolean) {
  const signedIn = (context: Context): UserRow => {
    if (!context.caller) throw new GraphQLError('Not signed in', { extensions: { code: 'UNAUTHENTICATED' } });
    return context.caller;
  };
  const author = (id: string) => {
    const row = AUTHORS.find((one) => one.id === id) ?? AUTHORS[0]!;
    return { ...row, books: () => data.books.filter((book) => book.authorId === row.id).map(bookView) };
  };
  const bookView = (row: BookRow) => ({
    ...row,
    price: !twin && row.genre === 'RARE' ? null : row.price,
    author: () => author(row.authorId),
  });
  const userView = (row: UserRow) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    orders: () => data.orders.filter((order) => order.ownerId === row.id).map(orderView),
  });
  const orderView = (row: OrderRow) => ({
    ...row,
    book: () => bookView(data.books.find((book) => book.id === row.bookId)!),
    owner: () => userView(BOOKSHOP_USERS.find((user) => user.id === row.ownerId)!),
  });
  const findOrder = (id: string, context: Context): OrderRow | null => {
    const row = data.orders.find((order) => order.id === id) ?? null;
    if (!twin) return row;
    const caller = signedIn(context);
    return row && row.ownerId === caller.id ? row : null;
  };
  return {
    me: (_: unknown, context: Context) => userView(signedIn(context)),
    books: ({ genre, limit }: { genre?: string | null; limit?: number | null }) => {
      if (twin && limit != null && (limit < 0 || limit > 100))
        throw new GraphQLError('limit must be between 0 and 100', { extensions: { code: 'BAD_USER_INPUT' } });
      const chosen = data.books.filter((book) => genre == null || book.genre === genre);
      return chosen.slice(0, Math.max(0, limit ?? 10)).map(bookView);
    },
    searchBooks: ({ title }: { title: string }) => {
      if (title.length > TITLE_COLUMN_LENGTH) {
        if (twin) throw new GraphQLError(`title must be at most ${TITLE_COLUMN_LENGTH} characters`, { extensions: { code: 'BAD_USER_INPUT' } });
        throw new DatabaseCrash(`ERROR: value too long for type character varying(${TITLE_COLUMN_LENGTH})`);
      }
      if (twin) return data.books.filter((book) => book.title.toLowerCase().includes(title.toLowerCase())).map(bookView);
      return likeQuery(data.books, title).map(bookView);
    },
    book: ({ id }: { id: string }) => {
      const row = data.books.find((book) => book.id === id);
      return row ? bookView(row) : null;
    },
    order: ({ id }: { id: string }, context: Context) => {
      const row = findOrder(id, context);
      return row ? orderView(row) : null;
    },
    placeOrder: ({ input }: { input: { bookId: string; quantity: number; note?: string | null } }, context: Context) => {
      const caller = signedIn(context);
      if (input.quantity < 1 || input.quantity > 10) throw new GraphQLError('quantity must be between 1 and 10', { extensions: { code: 'BAD_USER_INPUT' } });
      if (!data.books.some((book) => book.id === input.bookId)) throw new GraphQLError(`No book ${input.bookId}`, { extensions: { code: 'NOT_FOUND' } });
      const row: OrderRow = {
        id: String(200 + data.orders.length),
        status: 'PENDING',
        quantity: input.quantity,
        note: input.note ?? null,
        bookId: input.bookId,
        ownerId: caller.id,
      };
      data.orders.push(row);
      return orderView(row);
    },
    cancelOrder: ({ id }: { id: string }, context: Context) => {
      signedIn(context);
      const row = findOrder(id, context);
      if (!row) return null;
      row.status = 'CANCELLED';
      return orderView(row);
    },
  };
}

/** `SELECT * FROM books WHERE title LIKE '%<title>%'` with the words pasted in, as the planted API does. */
function likeQuery(books: BookRow[], title: string): BookRow[] {
  const quotes = title.split("'").length - 1;
  if (quotes % 2 === 1) {
    throw new Error(`SQLITE_ERROR: near "${title.slice(title.indexOf("'"))}%'": syntax error in SELECT * FROM books WHERE title LIKE '%${title}%'`);
  }
  if (/'\s*or\s*'?(\w+)'?\s*=\s*'?\1/i.test(title)) return books;
  const words = title.split("'")[0]!.toLowerCase();
  return books.filter((book) => book.title.toLowerCase().includes(words));
}

function asksForSchema(document: DocumentNode): boolean {
  return document.definitions.some(
    (definition) =>
      definition.kind === Kind.OPERATION_DEFINITION &&
      definition.selectionSet.selections.some((selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__')),
  );
}

function withoutSuggestions(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message.replace(/ Did you mean .*\?$/, ''), { nodes: error.nodes });
}

function failure(status: number, message: string): { status: number; result: ExecutionResult } {
  return { status, result: { errors: [new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })] } };
}

function callerOf(request: IncomingMessage): UserRow | undefined {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return BOOKSHOP_USERS.find((user) => user.token === token);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
}
