// The ollama SDK reads a failed call's message from a JSON body. Any other body it reads after
// printing "Getting text from response" to the console, and invalid JSON after "Failed to parse error
// response as JSON": a stray line in the TUI or on `falcon -p`'s stdout. Every error body is JSON here.
import { isRecord } from './context-window/read-fields.js';

export function fetchWithJsonErrors(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.ok) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(errorBody(text)), { status: response.status, statusText: response.statusText, headers });
  };
}

function errorBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {
    // not JSON: the text is the message
  }
  return { error: text };
}
