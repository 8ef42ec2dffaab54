// A model call that got no HTTP answer: the server could not be reached, the connection was lost,
// TLS failed, or nothing came back in time. Read from the codes Node and undici put in the cause chain.
import { codeOf, errorChain } from './error-chain.js';
import { describeIdleTimeout, IdleTimeoutError, NODE_SILENCE_LIMIT_MS } from './idle-watch.js';
import type { ModelErrorInfo } from './model-error-info.js';
import { quoteServerText } from './server-text.js';

const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const DROPPED_MESSAGES = /terminated|socket hang up|other side closed/i;
/** fetch's and the openai SDK's words for a request that got no response, whatever the cause. */
const UNANSWERED_MESSAGES = /fetch failed|connection error|timed? ?out/i;
/** Node's fetch giving up on a silent server, before the headers (false) or during the body (true). */
const NODE_SILENCE_CODES: Record<string, boolean> = { UND_ERR_HEADERS_TIMEOUT: false, UND_ERR_BODY_TIMEOUT: true };
/** https:// to a server that speaks plain HTTP. */
const NOT_TLS_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'ERR_SSL_HTTP_REQUEST']);
/** OpenSSL's verdicts on a certificate: self-signed, expired, unknown issuer, wrong host name. */
const CERTIFICATE_CODE = /CERT|SIGNATURE|ISSUER/;

/** What went wrong on the way, or `undefined` when the chain shows no network failure. */
export function classifyNetworkFailure(error: unknown, provider: string, where: string): ModelErrorInfo | undefined {
  const chain = errorChain(error);
  const idle = chain.find((link) => link instanceof IdleTimeoutError);
  if (idle) return { transient: true, message: describeIdleTimeout(idle, provider, where) };

  const codes = chain.map(codeOf).filter((code): code is string => code !== undefined);
  const detail = quoteServerText(chain.at(-1)?.message ?? '', 120);
  const nodeSilence = codes.find((code) => code in NODE_SILENCE_CODES);
  if (nodeSilence) {
    const silence = new IdleTimeoutError(NODE_SILENCE_LIMIT_MS, NODE_SILENCE_CODES[nodeSilence]!);
    return { transient: true, message: describeIdleTimeout(silence, provider, where) };
  }
  if (codes.includes('ENOTFOUND')) {
    // A definite DNS answer: the host name is wrong, retrying will not help.
    return { transient: false, message: `${provider}: cannot reach ${where} (host not found) — check the host name in the URL` };
  }
  const notTls = codes.find((code) => NOT_TLS_CODES.has(code));
  if (notTls) return { transient: false, message: `${provider}: ${where} does not speak TLS (${notTls}) — use http:// for a plain HTTP server` };
  if (codes.some((code) => CERTIFICATE_CODE.test(code))) {
    return {
      transient: false,
      message: `${provider}: cannot trust the TLS certificate of ${where} (${detail}) — fix the certificate, or trust its CA with NODE_EXTRA_CA_CERTS`,
    };
  }
  if (codes.some((code) => code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'))) {
    return { transient: false, message: `${provider}: the TLS connection to ${where} failed (${detail})` };
  }
  const connectCode = codes.find((code) => CONNECT_CODES.has(code));
  if (connectCode) {
    const advice = connectCode === 'ECONNREFUSED' ? 'is the server running?' : 'check the network and the URL';
    return { transient: true, message: `${provider}: cannot reach ${where} (${connectCode}) — ${advice}` };
  }
  if (codes.some((code) => DROPPED_CODES.has(code)) || chain.some((link) => DROPPED_MESSAGES.test(link.message))) {
    return { transient: true, message: `${provider}: the connection to ${where} was lost (${detail})` };
  }
  if (chain.some((link) => UNANSWERED_MESSAGES.test(link.message))) {
    return { transient: true, message: `${provider}: no answer from ${where} (${detail})` };
  }
  return undefined;
}

/** True when the server could not be reached at all (as opposed to a dropped or refused request). */
export function isConnectError(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = codeOf(link);
    return code !== undefined && (CONNECT_CODES.has(code) || code === 'ENOTFOUND');
  });
}
