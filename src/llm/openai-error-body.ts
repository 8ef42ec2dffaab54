// The openai SDK reads a failed call's message (and the window an overflow names) only from
// `body.error`. Some OpenAI-compatible servers put it elsewhere: vLLM before 0.10.1 at the top level
// (`{"object": "error", "message": …, "code": 400}`), Gemini's OpenAI endpoint in a one-element list
// (`[{"error": {…}}]`). Their messages would become "400 status code (no body)".
import { isRecord } from './context-window/read-fields.js';

/** A fetch whose error responses carry their body in OpenAI's shape; everything else passes as is. */
export function fetchWithReadableErrors(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status < 400) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(inOpenAIShape(text) ?? text, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The body rewritten as `{"error": {…}}`, or `undefined` when it needs no rewriting. */
export function inOpenAIShape(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(body) && body.length === 1 && isRecord(body[0]) && 'error' in body[0]) return JSON.stringify(body[0]);
  if (isRecord(body) && !('error' in body) && typeof body.message === 'string') return JSON.stringify({ error: body });
  return undefined;
}
