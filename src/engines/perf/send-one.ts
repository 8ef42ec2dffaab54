import type { Dispatcher } from 'undici';
import type { PreparedRequest } from './prepared-request.js';

export interface Answer {
  status: number;
  bytesReceived: number;
}

/**
 * Sends one request and reads its body to the end, through undici's dispatch (no stream or promise
 * per chunk: the load generator must stay cheaper than the server it measures). `timeoutMs` bounds
 * the wait for the headers and each gap in the body.
 */
export function sendOne(dispatcher: Dispatcher, request: PreparedRequest, timeoutMs: number, pipelined: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let bytesReceived = 0;
    dispatcher.dispatch(
      {
        origin: request.origin,
        path: request.path,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // undici keeps a connection to one request at a time unless told the request may share it.
        blocking: !pipelined,
      },
      {
        // undici takes a handler for its controller API only when it has this method.
        onRequestStart() {},
        onResponseStart(_controller, statusCode) {
          status = statusCode;
        },
        onResponseData(_controller, chunk) {
          bytesReceived += chunk.length;
        },
        onResponseEnd() {
          resolve({ status, bytesReceived });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}
