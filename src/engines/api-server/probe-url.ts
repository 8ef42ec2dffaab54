import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How long one probe may take: a server busy starting answers later, and is probed again. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * The status a GET of `url` answers with, or undefined when nothing answers (refused, reset, timed
 * out). Sent straight through node:http, so that it carries no request id and waits for no reload.
 */
export function probeUrl(url: string, signal?: AbortSignal): Promise<number | undefined> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(undefined);
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      { method: 'GET', timeout: PROBE_TIMEOUT_MS, signal, headers: { 'user-agent': 'falcon-ready-check' }, rejectUnauthorized: false },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
    request.end();
  });
}
