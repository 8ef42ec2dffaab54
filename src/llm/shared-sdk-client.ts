import { modelFetch } from './model-fetch.js';
import type { ReplyFormat } from './reply-body-check.js';
import type { ModelServer } from './unreadable-reply.js';

/** A vendor SDK's client, as far as sharing it goes. */
interface SdkClient<C> {
  withOptions(options: { fetch: typeof fetch }): C;
}

/**
 * A provider's SDK client, made on its first use and shared by every call: its answers checked to be
 * JSON, and for a call that names the format of its reply, the same client with a fetch that checks
 * that format instead (model-fetch.ts).
 */
export function sharedSdkClient<C extends SdkClient<C>>(
  make: (checkedFetch: typeof fetch) => Promise<C>,
  baseFetch: () => typeof fetch,
  server: ModelServer,
): (call?: { format: ReplyFormat }) => Promise<C> {
  let client: Promise<C> | undefined;
  return async (call) => {
    client ??= make(modelFetch(baseFetch(), { format: 'json', server }));
    const shared = await client;
    return call ? shared.withOptions({ fetch: modelFetch(baseFetch(), { ...call, server }) }) : shared;
  };
}
