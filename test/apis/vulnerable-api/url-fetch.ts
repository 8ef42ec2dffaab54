import { type ClientRequest, type IncomingMessage, get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';

export interface Fetched {
  status: number;
  /** The first 64 kB. */
  body: string;
}

const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 2000;

/**
 * GETs the URL the way the shop's server-side fetches do (no redirects followed); undefined when
 * it cannot be fetched. Hosts under the reserved `.example` name never resolve, so they fail here
 * without a DNS query: tests stay off the network.
 */
export function fetchUrl(url: URL): Promise<Fetched | undefined> {
  if (url.hostname === 'example' || url.hostname.endsWith('.example')) return Promise.resolve(undefined);
  const get = url.protocol === 'https:' ? httpsGet : url.protocol === 'http:' ? httpGet : undefined;
  if (!get) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const collect = (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BYTES) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => resolve(undefined));
    };
    let request: ClientRequest;
    try {
      request = get(url, { timeout: TIMEOUT_MS }, collect);
    } catch {
      return resolve(undefined);
    }
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/** The value as an absolute http(s) URL, or undefined. */
export function httpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  const url = URL.parse(value);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}
