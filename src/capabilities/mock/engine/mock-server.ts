import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn } from '../../../engines/http/listen-on.js';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { SeededRandom } from '../../../engines/testing/generate/seeded-random.js';
import { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import { successKey } from './documented-status.js';
import type { MockAnswer } from './mock-answer.js';
import { MockAnswers } from './mock-answers.js';
import type { MockLogEntry } from './mock-log-entry.js';
import { readPrefer } from './prefer-header.js';
import { checkRequest } from './request-check.js';
import { ResourceStore } from './resource-store.js';
import { ResponseValues } from './response-values.js';
import { RouteTable } from './route-table.js';
import { StatefulAnswers } from './stateful-answers.js';
import { serverBasePath } from './server-base-path.js';

export interface MockOptions {
  spec: FalconSpec;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 takes a free port. */
  port: number;
  /** The generated values' seed (default 1): the same spec and seed give the same answers. */
  seed?: number;
  /** Created objects are kept: POST, then GET/PUT/PATCH/DELETE of them, and lists of them. */
  stateful?: boolean;
  /** Each answer waits this long first. */
  latencyMs?: number;
  /** This share of valid requests (0–1) is answered with a 5xx. */
  errorRate?: number;
  /** Called once per answered request. */
  onRequest?: (entry: MockLogEntry) => void;
}

export interface RunningMock {
  /** `http://127.0.0.1:4010`. */
  url: string;
  close(): Promise<void>;
}

/** Bodies larger than this are refused (413): a mock holds what it is sent in memory. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Serves every operation of the spec: each request checked against its operation, then answered
 * with the response a `Prefer` header asks for, else (with `--stateful`) from the store, else the
 * operation's first success, its body an example or generated from the schema. Every documented
 * success is made before listening, so the hot path only matches, checks and writes.
 */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  const { spec } = options;
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const random = new SeededRandom(options.seed ?? 1);
  const values = new ResponseValues(spec, validator, options.seed ?? 1);
  const answers = new MockAnswers(values, validator);
  const stateful = options.stateful ? new StatefulAnswers(spec, new ResourceStore(spec, random.fork('ids')), answers, values) : undefined;
  const routes = new RouteTable(spec.operations, serverBasePath(spec));
  const successes = new Map(spec.operations.map((operation) => [operation, successKey(operation)]));
  for (const [operation, key] of successes) if (key !== undefined) answers.documented(operation, key);
  const errors = random.fork('errors');

  const answer = (request: IncomingMessage, body: Buffer): { answer: MockAnswer; operationId?: string; problems: string[] } => {
    const [pathname = '/', search = ''] = (request.url ?? '/').split('?', 2);
    const method = request.method ?? 'GET';
    const route = routes.match(method, pathname);
    if (route.kind === 'not-found') return refused(undefined, 404, [`no operation of the spec matches ${method} ${pathname}`]);
    if (route.kind === 'method-not-allowed') {
      return refused(undefined, 405, [`${method} is not documented for ${pathname} (allowed: ${route.allowed.join(', ')})`], {
        allow: route.allowed.join(', '),
      });
    }
    const { operation, pathParams } = route;
    const query = new URLSearchParams(search);
    const verdict = checkRequest({ operation, pathParams, query, headers: request.headers, body }, spec, validator);
    if (!verdict.ok) return refused(operation, verdict.status, verdict.problems);
    const prefer = readPrefer(request.headers.prefer);
    if (prefer.code !== undefined || prefer.example !== undefined) return preferred(operation, prefer.code, prefer.example);
    if (options.errorRate && errors.next() < options.errorRate) return refused(operation, 500, ['an error injected by --errors']);
    const kept = stateful?.answer(operation, pathParams, query, verdict.body);
    if (kept) return { answer: kept, operationId: operation.id, problems: kept.status >= 400 ? ['not in the store'] : [] };
    const key = successes.get(operation);
    return {
      answer: key === undefined ? answers.refusal(operation, 501, ['the operation documents no response']) : answers.documented(operation, key)!,
      operationId: operation.id,
      problems: [],
    };
  };

  const refused = (operation: SpecOperation | undefined, status: number, problems: string[], headers?: Record<string, string>) => ({
    answer: answers.refusal(operation, status, problems, headers),
    ...(operation && { operationId: operation.id }),
    problems,
  });

  const preferred = (operation: SpecOperation, code: string | undefined, example: string | undefined) => {
    const keys = Object.keys(operation.responses);
    const key = code === undefined ? successKey(operation) : keys.find((candidate) => candidate.trim().toUpperCase() === code.toUpperCase());
    if (key === undefined) return refused(undefined, 400, [`Prefer: code=${code}: not documented for ${operation.id} (documented: ${keys.join(', ')})`]);
    const chosen = answers.documented(operation, key, example);
    if (!chosen) return refused(undefined, 400, [`Prefer: example=${example}: ${operation.id} ${key} has no example of that name`]);
    return { answer: chosen, operationId: operation.id, problems: [] };
  };

  const send = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const { answer: chosen, operationId, problems } = answer(request, body);
    const write = () => {
      response.writeHead(chosen.status, chosen.headers);
      response.end(request.method === 'HEAD' ? undefined : chosen.body);
      options.onRequest?.({ method: request.method ?? 'GET', path: request.url ?? '/', status: chosen.status, ...(operationId && { operationId }), problems });
    };
    if (options.latencyMs) setTimeout(write, options.latencyMs);
    else write();
  };

  const server = createServer((request, response) => {
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
      send(request, response, EMPTY);
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        response.writeHead(413, { 'content-type': 'text/plain' }).end(`a body of at most ${MAX_BODY_BYTES} bytes`);
        return;
      }
      send(request, response, Buffer.concat(chunks));
    });
  });
  server.keepAliveTimeout = 65_000;
  const url = await listenOn(server, options.port, options.host ?? '127.0.0.1');
  return { url, close: () => close(server) };
}

const EMPTY = Buffer.alloc(0);

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
