import { createServer, type IncomingMessage } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.js';

export interface UsersApi {
  url: string;
  /** Bodies received, parsed. */
  received: unknown[];
  close(): Promise<void>;
}

/**
 * POST /users with `{"name", "age"}`: 201 and the user with `adult: age >= 18`; 400 when the age is
 * not a number. Anything else is a 404.
 */
export async function startUsersApi(): Promise<UsersApi> {
  const received: unknown[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const send = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (request.method !== 'POST' || request.url !== '/users') return send(404, { error: 'no such route' });
      const body = JSON.parse(text || '{}') as { name?: string; age?: string };
      received.push(body);
      const age = Number(body.age);
      if (!Number.isFinite(age)) return send(400, { error: `age "${body.age}" is not a number` });
      send(201, { id: received.length, name: body.name, age, adult: age >= 18 });
    });
  });
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
