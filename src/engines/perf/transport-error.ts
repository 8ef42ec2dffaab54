import { codeOf, errorChain } from '../../llm/error-chain.js';
import type { ErrorCounts } from './perf-result.js';

export type TransportErrorKind = keyof ErrorCounts;

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** What went wrong with a request that got no answer, read from the codes Node and undici give. */
export function transportErrorKind(error: unknown): TransportErrorKind {
  for (const link of errorChain(error)) {
    const code = codeOf(link) ?? '';
    if (link.name === 'TimeoutError' || TIMEOUT.has(code)) return 'timeout';
    if (REFUSED.has(code)) return 'refused';
    if (RESET.has(code)) return 'reset';
  }
  return 'other';
}
