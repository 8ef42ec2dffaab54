// The Anthropic SDK keeps a failed call's whole body in `error` (`{type: "error", error: {type, message}}`),
// where the classification of model errors (model-errors.ts) reads the server's words, and the window
// an overflow names, from `error.error` as the openai SDK leaves it. An error event in the middle of a
// stream carries no status at all: its type says which one the server would have sent.
import { isRecord } from './context-window/read-fields.js';

/** The status each error type of the Messages API is sent with. */
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/** A failure of the SDK with the server's body where the classification reads it; anything else as it is. */
export function inReadableShape(error: unknown): unknown {
  if (!(error instanceof Error) || !('error' in error) || !isRecord(error.error) || !isRecord(error.error.error)) return error;
  const body = error.error.error;
  const said = (error as { status?: unknown }).status;
  const status = typeof said === 'number' ? said : typeof body.type === 'string' ? STATUS_OF_TYPE[body.type] : undefined;
  const headers = (error as { headers?: unknown }).headers;
  return Object.assign(new Error(error.message, { cause: error }), {
    error: body,
    ...(status !== undefined && { status }),
    ...(headers !== undefined && { headers }),
  });
}
