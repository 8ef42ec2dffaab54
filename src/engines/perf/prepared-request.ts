import type { PerfRequest } from './perf-scenario.js';

/** A request as the sender dispatches it, many times over: parsed once. */
export interface PreparedRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** Bytes on the wire for the request line, headers and body (undici adds host and connection). */
  bytes: number;
}

export function prepareForLoad(request: PerfRequest): PreparedRequest {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const head = `${request.method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n${Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return { origin: url.origin, path, method: request.method, headers: request.headers, body, bytes: Buffer.byteLength(head) + (body?.length ?? 0) };
}

/** Picks requests in proportion to their weights; `random` is in [0, 1). */
export function weightedPicker<T extends { weight: number }>(items: readonly T[], random: () => number = Math.random): () => T {
  if (items.length === 1) return () => items[0]!;
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  const bounds = items.reduce<number[]>((acc, item) => [...acc, (acc.at(-1) ?? 0) + item.weight / total], []);
  return () => {
    const draw = random();
    const index = bounds.findIndex((bound) => draw < bound);
    return items[index === -1 ? items.length - 1 : index]!;
  };
}
