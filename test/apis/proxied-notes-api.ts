import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';

export const PROXIED_NOTES_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/proxied-notes-3.0.yaml', import.meta.url));

/** What a client of the API sends, the same to the API and to its twin: every request valid for the spec. */
export const VALID_TRAFFIC: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }> = [
  { method: 'GET', path: '/notes' },
  { method: 'POST', path: '/notes', headers: { authorization: 'Bearer note-token-7f3a9c2e', 'content-type': 'application/json' }, body: '{"title":"milk"}' },
  { method: 'GET', path: '/notes/1' },
  { method: 'DELETE', path: '/notes/1' },
  { method: 'GET', path: '/stats' },
  { method: 'GET', path: '/quota' },
];

/** The mismatch planted in the API (not the twin): the operation and the one check of `falcon test` that names it. */
export const PLANTED_MISMATCHES = [
  { operationId: 'listNotes', check: 'response_schema_conformance' },
  { operationId: 'getNote', check: 'content_type_conformance' },
  { operationId: 'deleteNote', check: 'status_code_conformance' },
  { operationId: 'getStats', check: 'not_a_server_error' },
  { operationId: 'getQuota', check: 'response_headers_conformance' },
] as const;

/**
 * A notes API on loopback described by PROXIED_NOTES_SPEC_FILE, with one mismatch planted per
 * response check (PLANTED_MISMATCHES), or, `conforming`, its twin that answers as the spec says.
 */
export async function startProxiedNotesApi(options: { conforming: boolean }): Promise<SpecServer> {
  const planted = !options.conforming;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const route = `${request.method} ${request.url}`;
      if (route === 'GET /notes') return json(response, 200, [{ id: 1, title: planted ? 42 : 'milk' }]);
      if (route === 'POST /notes') return json(response, 201, { id: 2, title: 'milk' });
      if (route === 'GET /notes/1') {
        if (planted) return response.writeHead(200, { 'content-type': 'text/plain' }).end('note 1: milk');
        return json(response, 200, { id: 1, title: 'milk' });
      }
      if (route === 'DELETE /notes/1') return response.writeHead(planted ? 202 : 204).end();
      if (route === 'GET /stats') return planted ? response.writeHead(500).end() : json(response, 200, { notes: 1 });
      if (route === 'GET /quota') return json(response, 200, { left: 3 }, planted ? {} : { 'x-quota-left': '3' });
      return json(response, 404, { error: 'not found' });
    });
  });
  const url = await listenOnLoopback(server);
  return { url, specFile: PROXIED_NOTES_SPEC_FILE, close: () => closeServer(server) };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
