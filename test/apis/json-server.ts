import { readFile } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';

// json-server 0.17 ships no types; these are the parts of its programmatic API used here.
type Middleware = unknown;
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  use(...middleware: Middleware[]): unknown;
  set(setting: string, value: unknown): unknown;
}
interface JsonServer {
  create(): ExpressApp;
  defaults(options: { logger: boolean; static: string }): Middleware[];
  router(db: object): Middleware;
}

const require = createRequire(import.meta.url);
const jsonServerMain = require.resolve('json-server');
const jsonServer = require(jsonServerMain) as JsonServer;

export const JSON_SERVER_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/json-server-3.0.yaml', import.meta.url));
const DB_FILE = fileURLToPath(new URL('../fixtures/json-server/db.json', import.meta.url));

/**
 * json-server 0.17.4 with its default middleware over /posts and /comments, described by
 * JSON_SERVER_SPEC_FILE. The data lives in memory, fresh from the fixture db.json at each start
 * (posts 1 and 2, comments 1 and 2). json-server validates no input.
 */
export async function startJsonServer(): Promise<SpecServer> {
  const db = JSON.parse(await readFile(DB_FILE, 'utf8')) as object;
  const app = jsonServer.create();
  // Express logs every error's stack to stderr outside its test environment; the pages it sends are the same.
  app.set('env', 'test');
  // Its own page at `/`, whatever folder the tests run from.
  app.use(jsonServer.defaults({ logger: false, static: join(dirname(jsonServerMain), '..', '..', 'public') }));
  app.use(jsonServer.router(db));
  const server = createServer(app);
  const url = await listenOnLoopback(server);
  return { url, specFile: JSON_SERVER_SPEC_FILE, close: () => closeServer(server) };
}
