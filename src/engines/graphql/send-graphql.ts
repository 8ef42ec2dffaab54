import { sendRequest, type HttpResponse } from '../http/send-request.js';

export interface GraphQLRequest {
  endpoint: string;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface GraphQLError {
  message: string;
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** A GraphQL answer as the GraphQL-over-HTTP spec shapes it; absent when the body is not one. */
export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: GraphQLError[];
}

export interface GraphQLExchange {
  response: HttpResponse;
  answer?: GraphQLAnswer;
}

/** Posts one operation as JSON, as every GraphQL server takes it, and reads the answer back. */
export async function sendGraphQL(request: GraphQLRequest): Promise<GraphQLExchange> {
  const response = await sendRequest({
    method: 'POST',
    url: request.endpoint,
    headers: { accept: 'application/graphql-response+json, application/json', ...request.headers },
    body: {
      query: request.query,
      ...(request.variables && { variables: request.variables }),
      ...(request.operationName && { operationName: request.operationName }),
    },
    signal: request.signal,
    timeoutMs: request.timeoutMs,
  });
  const answer = readGraphQLAnswer(response.body);
  return { response, ...(answer && { answer }) };
}

/** `{data, errors}` from a body, when it is an object with either; errors without a message are kept with an empty one. */
export function readGraphQLAnswer(body: string): GraphQLAnswer | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { data, errors } = parsed as { data?: unknown; errors?: unknown };
  if (data === undefined && errors === undefined) return undefined;
  return {
    ...(data !== undefined && { data: typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown> | null) : null }),
    ...(Array.isArray(errors) && { errors: errors.map(errorOf) }),
  };
}

function errorOf(error: unknown): GraphQLError {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { message, path, extensions } = error as { message?: unknown; path?: unknown; extensions?: unknown };
  return {
    message: typeof message === 'string' ? message : '',
    ...(Array.isArray(path) && { path: path.filter((part): part is string | number => typeof part === 'string' || typeof part === 'number') }),
    ...(typeof extensions === 'object' && extensions !== null && { extensions: extensions as Record<string, unknown> }),
  };
}
