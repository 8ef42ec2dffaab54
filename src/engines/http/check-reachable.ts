import { connect } from 'node:net';
import { TargetUnreachableError } from './target-unreachable-error.js';

const CONNECT_TIMEOUT_MS = 5000;

/**
 * Opens and closes one TCP connection to each origin before any load: a target that is down is
 * named at once, with the reason, and no HTTP request is sent (so the counts stay exact).
 */
export async function checkReachable(origins: readonly string[], signal?: AbortSignal): Promise<void> {
  await Promise.all(origins.map((origin) => checkOne(new URL(origin), signal)));
}

function checkOne(url: URL, signal?: AbortSignal): Promise<void> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS, signal });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new TargetUnreachableError(`cannot reach ${url.origin}: no answer to a connection within ${CONNECT_TIMEOUT_MS / 1000}s`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') return resolve();
      reject(new TargetUnreachableError(`cannot reach ${url.origin}: ${reason(error, host)}`));
    });
  });
}

function reason(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${host} not found`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no route to the host';
    default:
      return error.message;
  }
}
