import { type FailureAnalysis, analyzeFailure } from '../../../engines/failures/analyze-failure.js';
import { type FindHandlerResult, type FoundHandler, findHandler } from '../../../engines/routes/find-handler.js';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { type CodeLine, codeLines } from './code-line.js';
import { type EndpointParameter, endpointParameters } from './code-parameters.js';
import { type CodeSignals, readCodeSignals } from './code-signals.js';
import { type EndpointProbe, type ProbeRequest, probeEndpoint } from './endpoint-probe.js';
import { type EndpointRisk, endpointRisks } from './endpoint-risks.js';
import { specOperationFor } from './spec-operation.js';

export interface AnalyzeEndpointInput {
  projectRoot: string;
  method: string;
  /** A concrete path, a template (`/users/{id}`, `/users/:id`) or a URL. */
  path: string;
  /** Read the routes as this framework (one of FRAMEWORKS); else `configuredFramework`, else every one. */
  framework?: string;
  configuredFramework?: string;
  /** The ingested spec, when there is one: the operation's parameters and security. */
  spec?: FalconSpec;
  /** The one request to send; none without it. */
  probe?: Omit<ProbeRequest, 'signal' | 'method'>;
  signal: AbortSignal;
}

/** What the code, the spec and one request say about an endpoint. */
export interface EndpointAnalysis {
  method: string;
  routes: FindHandlerResult;
  /** The best match of the routes, if any. */
  handler?: FoundHandler;
  operation?: SpecOperation;
  parameters: EndpointParameter[];
  signals: CodeSignals;
  probe?: EndpointProbe;
  /** The probe's error response read back to the code, when it holds a stack trace. */
  failure?: FailureAnalysis;
  risks: EndpointRisk[];
}

/** Finds the handler, reads its inputs, auth and validation, sends the probe, and lists the risks. */
export async function analyzeEndpoint(input: AnalyzeEndpointInput): Promise<EndpointAnalysis> {
  const method = input.method.toUpperCase();
  const { framework, configuredFramework, signal } = input;
  const routes = await findHandler(input.projectRoot, { method, path: input.path, framework, configuredFramework }, signal);
  const handler = routes.matches[0];
  const operation = input.spec && specOperationFor(input.spec, method, input.path);
  const code = handlerCodeLines(handler);
  const parameters = mergeSpecParameters(endpointParameters(handler?.route.path ?? operation?.path ?? routes.path, code), operation);
  const signals = readCodeSignals(code);
  const probe = input.probe ? await probeEndpoint({ ...input.probe, method, signal }) : undefined;
  const failure =
    probe?.response && probe.response.status >= 400 ? await analyzeFailure({ projectRoot: input.projectRoot, responseBody: probe.response.body }) : undefined;
  const traced = failure?.trace ? failure : undefined;
  const risks = endpointRisks({ method, codeRead: handler?.code !== undefined, parameters, signals, operation, probe, failure: traced });
  return { method, routes, handler, operation, parameters, signals, probe, failure: traced, risks };
}

/** The handler's lines, and the line declaring its route (middleware shows there) when that is elsewhere. */
function handlerCodeLines(handler: FoundHandler | undefined): CodeLine[] {
  if (!handler) return [];
  const lines = handler.code ? codeLines(handler.code.file, handler.code.line, handler.code.lines) : [];
  const { route } = handler;
  const declared = lines.some((line) => line.file === route.file && line.line === route.line);
  return !declared && handler.declaration ? [{ file: route.file, line: route.line, text: handler.declaration }, ...lines] : lines;
}

/** The spec's parameters first (with their types and whether required), then those only the code shows. */
function mergeSpecParameters(fromCode: EndpointParameter[], operation: SpecOperation | undefined): EndpointParameter[] {
  if (!operation) return fromCode;
  const fromSpec: EndpointParameter[] = operation.parameters
    .filter((parameter) => parameter.in !== 'cookie')
    .map((parameter) => ({
      name: parameter.name,
      in: parameter.in as EndpointParameter['in'],
      seenIn: 'spec',
      required: parameter.required,
      type: schemaType(parameter.schema),
    }));
  const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  const required = new Set(Array.isArray(body?.required) ? (body.required as string[]) : []);
  for (const [name, schema] of Object.entries((body?.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    fromSpec.push({ name, in: 'body', seenIn: 'spec', required: required.has(name), type: schemaType(schema) });
  }
  const known = new Set(fromSpec.map((parameter) => `${parameter.in} ${parameter.name.toLowerCase()}`));
  return [...fromSpec, ...fromCode.filter((parameter) => !known.has(`${parameter.in} ${parameter.name.toLowerCase()}`))];
}

function schemaType(schema: Record<string, unknown> | undefined): string | undefined {
  const type = schema?.type;
  if (typeof type === 'string') return typeof schema?.format === 'string' ? `${type} (${schema.format})` : type;
  return Array.isArray(type) ? type.join(' | ') : undefined;
}
