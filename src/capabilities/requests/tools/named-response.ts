import { LAST_RESPONSE, type StoredResponse } from '../../../engines/http/response-store.js';
import { type ToolContext, ToolError } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

/** The response a tool works on, by name (default `last`); a missing one is a ToolError saying what there is. */
export function namedResponse(ctx: ToolContext, name: string = LAST_RESPONSE): StoredResponse {
  const response = ctx.session.responses.get(name);
  if (response) return response;
  const names = ctx.session.responses.names();
  if (names.length === 0) throw new ToolError('No response in this session yet: send one with http_request first.');
  throw new ToolError(`No response named "${name}" in this session (there are: ${names.map((known) => `"${known}"`).join(', ')}).`);
}

/** `response "last": GET http://…/users → 200 OK`, with secrets in the URL masked. */
export function describeNamedResponse(name: string, response: StoredResponse): string {
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return maskText(`response "${name}": ${response.request.method} ${response.request.url} → ${status}`);
}
