import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ESCAPE_CORPUS_TEXT } from '../safety/escape-corpus.js';

export interface HostileServer {
  url: string;
  close(): Promise<void>;
}

/**
 * An API that answers with escape sequences everywhere a server can put them: `/text` the corpus
 * as a plain body, `/json` JSON whose strings escape ESC and hold the 8-bit CSI raw, both with an
 * 8-bit CSI byte in a header value and the status text (HTTP allows bytes 0x80–0xFF there).
 */
export async function startHostileServer(): Promise<HostileServer> {
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const json = pathname.startsWith('/json');
    res.writeHead(json ? 500 : 200, `Status \x9b2J text`, {
      'content-type': json ? 'application/json' : 'text/plain; charset=utf-8',
      'x-evil': 'value \x9b2J',
    });
    res.end(json ? JSON.stringify({ title: '\u001b]0;json-title\u0007', csi: '\u009b2J', bidi: '\u202e' }) : ESCAPE_CORPUS_TEXT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
