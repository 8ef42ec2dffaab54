import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { createAjv } from '../../src/engines/assertions/json-schema.js';
import { type SpecServer, closeServer, listenOnLoopback, servingWith } from './loopback-server.js';
import { readText, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const COVERAGE_LIBRARY_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/coverage-library-3.0.yaml', import.meta.url));
export const COVERAGE_LIBRARY_API_KEY = 'library-key-0123456789';

/** One request the API answered, as it received it: what a test checks the run's coverage against. */
export interface LibraryRequest {
  /** `listBooks`, …; undefined for a request no operation of the spec takes (a method the path lacks, an unknown path). */
  operation?: string;
  query: Array<[string, string]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The property paths of a JSON body (`edition.note`), as they came. */
  bodyProperties: string[];
  status: number;
}

export interface CoverageLibraryApi extends SpecServer {
  requests: LibraryRequest[];
}

interface Book {
  id: number;
  title: string;
  author?: string;
  year?: number;
  tags: string[];
  edition?: { number: number; note?: string };
}

const OPERATIONS: Record<string, string> = {
  'GET /books': 'listBooks',
  'POST /books': 'createBook',
  'GET /books/{}': 'getBook',
  'DELETE /books/{}': 'deleteBook',
};

/**
 * The API of COVERAGE_LIBRARY_SPEC_FILE on loopback, book 1 there from the start. It follows its
 * spec for every input, and keeps every request it answered. With `teapot`, it answers 418 where
 * it would answer getBook's 404 (a status getBook does not document), and to listBooks with
 * `genre=history` (documented there only by `default`).
 */
export async function startCoverageLibraryApi(options: { teapot?: boolean } = {}): Promise<CoverageLibraryApi> {
  const document = parse(await readFile(COVERAGE_LIBRARY_SPEC_FILE, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: 'library.json', components: document.components });
  const validNewBook = ajv.compile({ $ref: 'library.json#/components/schemas/NewBook' });
  const books = new Map<number, Book>([[1, { id: 1, title: 'Dune', author: 'Frank Herbert', year: 1965, tags: ['classic'] }]]);
  let nextId = 2;
  const requests: LibraryRequest[] = [];
  // Each body is read before the request is routed, so that the log and the route see the same text.
  const bodies = new WeakMap<IncomingMessage, string>();
  const wholeNumber = (raw: string | undefined) => (raw !== undefined && /^[0-9]+$/.test(raw) ? Number(raw) : undefined);

  const handle = routeRequests([
    {
      method: 'GET',
      path: '/books',
      handle(_req, res, _params, url) {
        const genres = url.searchParams.getAll('genre');
        const limits = url.searchParams.getAll('limit');
        if (genres.length > 1 || (genres[0] !== undefined && !['fiction', 'science', 'history'].includes(genres[0])))
          return sendError(res, 400, 'genre must be one of fiction, science, history');
        const limit = limits.length === 0 ? 20 : limits.length === 1 ? wholeNumber(limits[0]) : undefined;
        if (limit === undefined || limit < 1 || limit > 20) return sendError(res, 400, 'limit must be one whole number from 1 to 20');
        if (options.teapot && genres[0] === 'history') return sendError(res, 418, 'history is brewing');
        sendJson(res, 200, [...books.values()].slice(0, limit));
      },
    },
    {
      method: 'POST',
      path: '/books',
      handle(req, res) {
        const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (mediaType !== 'application/json') return sendError(res, 415, 'send the book as application/json');
        const value = jsonOf(bodies.get(req) ?? '');
        if (!validNewBook(value)) return sendError(res, 400, 'the book does not follow the NewBook schema');
        const book: Book = { tags: [], ...(value as Partial<Book>), id: nextId++ } as Book;
        books.set(book.id, book);
        sendJson(res, 201, book);
      },
    },
    {
      method: 'GET',
      path: '/books/{bookId}',
      handle(req, res, params) {
        const id = wholeNumber(params.bookId);
        if (id === undefined || id < 1) return sendError(res, 400, 'bookId must be a whole number of at least 1');
        const lang = req.headers['x-lang'];
        if (lang !== undefined && lang !== 'en' && lang !== 'fr') return sendError(res, 400, 'X-Lang must be en or fr');
        const book = books.get(id);
        if (!book) return sendError(res, options.teapot ? 418 : 404, `no book ${id}`);
        sendJson(res, 200, book);
      },
    },
    {
      method: 'DELETE',
      path: '/books/{bookId}',
      handle(req, res, params) {
        if (req.headers['x-api-key'] !== COVERAGE_LIBRARY_API_KEY) return sendError(res, 401, 'send your key as X-Api-Key');
        const id = wholeNumber(params.bookId);
        if (id === undefined || id < 1) return sendError(res, 400, 'bookId must be a whole number of at least 1');
        if (!books.delete(id)) return sendError(res, 404, `no book ${id}`);
        res.writeHead(204).end();
      },
    },
  ]);
  const server = createServer(
    servingWith(async (req, res) => {
      const body = await readText(req);
      bodies.set(req, body);
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.on('finish', () => requests.push(received(req, url, body, res.statusCode)));
      handle(req, res);
    }),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: COVERAGE_LIBRARY_SPEC_FILE, requests, close: () => closeServer(server) };
}

function received(req: IncomingMessage, url: URL, body: string, status: number): LibraryRequest {
  const route = url.pathname.replace(/^\/books\/[^/]+$/, '/books/{}');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
  return { operation: OPERATIONS[`${req.method} ${route}`], query: [...url.searchParams], headers, bodyProperties: propertyPaths(body), status };
}

/** The body as JSON, or undefined when it is not. */
function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function propertyPaths(body: string): string[] {
  const value = jsonOf(body);
  const paths: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [name, item] of Object.entries(node)) {
      paths.push(prefix ? `${prefix}.${name}` : name);
      walk(item, prefix ? `${prefix}.${name}` : name);
    }
  };
  walk(value, '');
  return paths;
}
