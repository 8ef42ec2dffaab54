// The fetch under both SDKs for model requests: a successful reply reaches the SDK only as far as it
// reads as the format the request asked for.
import { type ReplyFormat, replyBodyCheck } from './reply-body-check.js';
import { emptyReplyError, type ModelServer } from './unreadable-reply.js';

export interface ModelFetchOptions {
  format: ReplyFormat;
  server: ModelServer;
}

export function modelFetch(base: typeof fetch, { format, server }: ModelFetchOptions): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.ok) return response;
    if (response.body === null) throw emptyReplyError(server, format !== 'json');
    const check = replyBodyCheck({
      format,
      server,
      ...(response.redirected && { redirectedTo: response.url }),
    });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    // Checked to be JSON on its way, so the openai SDK parses it as JSON whatever the server called it.
    if (format === 'json') headers.set('content-type', 'application/json');
    return new Response(response.body.pipeThrough(check), { status: response.status, statusText: response.statusText, headers });
  };
}
