import { mkdtemp, rm } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { writeValidPetstoreSpec } from './petstore-spec.js';

// The package ships no types; these are the parts its sample uses.
type Middleware = unknown;
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  use(...middleware: Middleware[]): unknown;
  set(setting: string, value: unknown): unknown;
}
interface SwaggerMiddleware {
  metadata(): Middleware;
  CORS(): Middleware;
  files(): Middleware;
  parseRequest(): Middleware;
  validateRequest(): Middleware;
  mock(): Middleware;
}
type CreateMiddleware = (specFile: string, app: ExpressApp, done: (error: Error | null, middleware: SwaggerMiddleware) => void) => void;

const require = createRequire(import.meta.url);
const packageMain = require.resolve('@apidevtools/swagger-express-middleware');
const createMiddleware = require(packageMain) as CreateMiddleware;
// express is the package's peer dependency: take the copy it resolves.
const express = createRequire(packageMain)('express') as () => ExpressApp;

/**
 * The sample Petstore of swagger-express-middleware 4.0.2, built as its sample1.js does (every
 * middleware; the mock keeps pets in memory, fresh for each start), so a POSTed pet can be read,
 * changed, listed and deleted. Pets are keyed by name (`/pets/{petName}`); errors are HTML pages.
 * `specFile` is the sample's document made valid Swagger 2.0 (see writeValidPetstoreSpec), in a
 * temporary folder that close removes; the server runs from that same file.
 */
export async function startPetstore(): Promise<SpecServer> {
  const folder = await mkdtemp(join(tmpdir(), 'falcon-petstore-'));
  try {
    const specFile = await writeValidPetstoreSpec(folder);
    const app = express();
    // Express logs every error's stack to stderr outside its test environment; the pages it sends are the same.
    app.set('env', 'test');
    const middleware = await new Promise<SwaggerMiddleware>((resolve, reject) =>
      createMiddleware(specFile, app, (error, created) => (error ? reject(error) : resolve(created))),
    );
    app.use(middleware.metadata(), middleware.CORS(), middleware.files(), middleware.parseRequest(), middleware.validateRequest(), middleware.mock());
    const server = createServer(app);
    const url = await listenOnLoopback(server);
    return {
      url,
      specFile,
      close: async () => {
        await closeServer(server);
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
