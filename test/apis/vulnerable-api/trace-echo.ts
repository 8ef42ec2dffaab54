import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers TRACE as a server with it left on does: 200 and the request echoed back, headers and all. */
export function echoTrace(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const lines = [`TRACE ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  for (let index = 0; index < req.rawHeaders.length; index += 2) lines.push(`${req.rawHeaders[index]}: ${req.rawHeaders[index + 1]}`);
  res.writeHead(200, { 'content-type': 'message/http' }).end(`${lines.join('\r\n')}\r\n\r\n`);
}
