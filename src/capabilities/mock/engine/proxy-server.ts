import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOn } from '../../../engines/http/listen-on.js';
import { createResponseChecker } from '../../../engines/testing/checks/check-response.js';
import type { CheckName } from '../../../engines/testing/test-run.js';
import type { FalconSpec } from '../../../engines/spec/spec-format.js';
import { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import { type ProxyMismatch, type ProxyReport, UNDOCUMENTED } from './proxy-report.js';
import { requestMismatches } from './request-mismatches.js';
import { RouteTable } from './route-table.js';
import { serverBasePath } from './server-base-path.js';

export interface ProxyOptions {
  spec: FalconSpec;
  /** Where requests go: `http://localhost:3000`; its path is put before each request's. */
  target: string;
  /** The spec as shown to the user, for the report. */
  specShown: string;
  host?: string;
  port: number;
  /** Called with each mismatch as it is seen; `mask` has been applied. */
  onMismatch?: (mismatch: ProxyMismatch) => void;
  /** Called with the headers of each request before anything of it is shown, so their secrets can be registered. */
  onHeaders?: (headers: Record<string, string>) => void;
  /** Masks secrets in what is reported. */
  mask?: (text: string) => string;
}

export interface RunningProxy {
  url: string;
  /** Stops listening (closing open connections) and returns the report of what was seen. */
  close(): Promise<ProxyReport>;
}

/** What `falcon test` checks of a response that the proxy can judge from one exchange. */
const RESPONSE_CHECKS: CheckName[] = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
];
/** Headers of one hop, never forwarded (RFC 9110 §7.6.1), and the ones the proxy sets again. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'accept-encoding',
]);
const ANSWER_DROPPED = new Set([...HOP_HEADERS, 'content-encoding']);

/**
 * Forwards every request to the target and checks both directions against the spec: the request
 * (an operation documents it, credentials, parameters, body) and the response (`falcon test`'s
 * response checks). The client gets the target's answer unchanged but for hop-by-hop headers and
 * the content coding undone.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { spec } = options;
  const mask = options.mask ?? ((text: string) => text);
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const checker = createResponseChecker({ spec, checks: RESPONSE_CHECKS });
  const routes = new RouteTable(spec.operations, serverBasePath(spec));
  const target = new URL(options.target);
  const startedAt = new Date().toISOString();
  const mismatches: ProxyMismatch[] = [];
  const operations: Record<string, number> = {};
  let exchanges = 0;
  const inFlight = new Set<Promise<void>>();

  const report = (mismatch: Omit<ProxyMismatch, 'at'>) => {
    const masked: ProxyMismatch = { at: new Date().toISOString(), ...mismatch, path: mask(mismatch.path), message: mask(mismatch.message) };
    mismatches.push(masked);
    options.onMismatch?.(masked);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const [pathname = '/', search = ''] = url.split('?', 2);
    options.onHeaders?.(flatHeaders(request.headers));
    exchanges++;
    const route = routes.match(method, pathname);
    const operation = route.kind === 'operation' ? route.operation : undefined;
    operations[operation?.id ?? UNDOCUMENTED] = (operations[operation?.id ?? UNDOCUMENTED] ?? 0) + 1;
    if (route.kind === 'not-found')
      report({ method, path: url, check: 'undocumented_operation', message: `no operation of the spec documents ${method} ${pathname}` });
    if (route.kind === 'method-not-allowed') {
      report({
        method,
        path: url,
        check: 'undocumented_operation',
        message: `${method} is not documented for ${pathname} (documented: ${route.allowed.join(', ')})`,
      });
    }
    if (route.kind === 'operation') {
      const query = new URLSearchParams(search);
      for (const problem of requestMismatches(
        { operation: route.operation, pathParams: route.pathParams, query, headers: request.headers, body },
        spec,
        validator,
      )) {
        report({ method, path: url, operationId: route.operation.id, ...problem });
      }
    }
    const started = performance.now();
    let answer: Response;
    let answerBody: Buffer;
    try {
      answer = await fetch(new URL(target.pathname.replace(/\/$/, '') + url, target), {
        method,
        headers: forwardedHeaders(request.headers),
        ...(body.length > 0 && { body: new Uint8Array(body) }),
        redirect: 'manual',
      });
      answerBody = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      const why = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      report({ method, path: url, ...(operation && { operationId: operation.id }), check: 'target_unreachable', message: `the target did not answer: ${why}` });
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`falcon proxy: ${options.target} did not answer (${why})\n`);
      return;
    }
    const durationMs = performance.now() - started;
    const headers = answeredHeaders(answer.headers);
    response.writeHead(answer.status, answer.statusText, { ...headers, 'content-length': String(answerBody.length) });
    response.end(answerBody);
    if (!operation) return;
    const testCase: TestCase = {
      id: operation.id,
      name: `${method} ${pathname}`,
      kind: 'custom',
      operationId: operation.id,
      tags: [],
      request: { method, path: pathname },
    };
    const findings = await checker(testCase, { status: answer.status, statusText: answer.statusText, headers, body: answerBody.toString('utf8'), durationMs });
    for (const finding of findings)
      report({ method, path: url, operationId: operation.id, status: answer.status, check: finding.kind, message: finding.message });
  };

  const server = createServer((request, response) => {
    const done = handle(request, response)
      .catch((error: Error) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`falcon proxy: ${error.message}\n`);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  const url = await listenOn(server, options.port, options.host ?? '127.0.0.1');
  return {
    url,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.all(inFlight);
      return {
        format: 'falcon-proxy-report/1',
        spec: { title: spec.title, version: spec.version, source: options.specShown },
        target: mask(options.target),
        startedAt,
        endedAt: new Date().toISOString(),
        exchanges,
        operations,
        mismatches,
      };
    },
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, ([] as string[]).concat(value).join(', ')]])),
  );
}

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(flatHeaders(headers)).filter(([name]) => !HOP_HEADERS.has(name)));
}

/** The answer's headers, lower-case, as the client gets them and the checks read them; set-cookie kept apart. */
function answeredHeaders(headers: Headers): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    if (!ANSWER_DROPPED.has(name) && name !== 'set-cookie') result[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) result['set-cookie'] = cookies;
  return result;
}
