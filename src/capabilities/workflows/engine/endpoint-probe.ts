import type { CookieJar } from '../../../engines/http/cookie-jar.js';
import { HttpRequestError } from '../../../engines/http/http-request-error.js';
import type { HttpBody } from '../../../engines/http/prepare-request.js';
import { resolveRequest } from '../../../engines/http/resolve-request.js';
import { type HttpResponse, sendRequest } from '../../../engines/http/send-request.js';
import { UnknownVariableError, type VariableScope } from '../../../workspace/variable-scope.js';
import { maskText } from '../../../safety/mask-text.js';

/** The one request a workflow sends to see how an endpoint answers. */
export interface ProbeRequest {
  method: string;
  /** Absolute; `{{VAR}}` placeholders are resolved. */
  url: string;
  headers?: Record<string, string>;
  /** Default for POST, PUT and PATCH: an empty JSON object (what does the endpoint say to no input?). */
  body?: HttpBody;
  variables: VariableScope;
  cookies?: CookieJar;
  signal: AbortSignal;
}

export interface EndpointProbe {
  method: string;
  /** As sent, secrets masked. */
  url: string;
  /** Set when the body was chosen here rather than given. */
  bodyNote?: string;
  response?: HttpResponse;
  /** Why no response came: refused, timed out, an unknown `{{VAR}}`. */
  error?: string;
}

const PROBE_TIMEOUT_MS = 15_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Sends the probe; a request that gets no response is a finding, not an error. */
export async function probeEndpoint(request: ProbeRequest): Promise<EndpointProbe> {
  const method = request.method.toUpperCase();
  const chosenBody = request.body === undefined && BODY_METHODS.has(method);
  const body = chosenBody ? {} : request.body;
  const probe: EndpointProbe = { method, url: maskText(request.url), ...(chosenBody && { bodyNote: 'sent with an empty JSON object as its body' }) };
  try {
    const parts = await resolveRequest({ method, url: request.url, headers: request.headers, body }, request.variables);
    probe.url = maskText(parts.url, { secrets: request.variables.secrets });
    probe.response = await sendRequest({ ...parts, cookies: request.cookies, signal: request.signal, timeoutMs: PROBE_TIMEOUT_MS });
  } catch (error) {
    request.signal.throwIfAborted();
    if (!(error instanceof HttpRequestError) && !(error instanceof UnknownVariableError)) throw error;
    probe.error = maskText((error as Error).message);
  }
  return probe;
}
