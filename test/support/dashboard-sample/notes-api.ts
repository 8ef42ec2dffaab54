import { createServer, type Server } from 'node:http';
import { readJsonBody, sendJson } from '../../apis/nonconforming-api/json-exchange.js';
import { closeServer, listenOnLoopback } from '../../apis/loopback-server.js';

/**
 * A small notes API with two planted defects, so that a spec test run has failures to show:
 * `POST /notes` takes a note without its required `text`, and `GET /notes/{id}` fails with a 500
 * for an id that is not positive. `GET /whoami` echoes the Authorization header it got (a session
 * that calls it has a secret to mask); `GET /slow` holds its answer until `release()`.
 */
export interface NotesApi {
  url: string;
  /** Answers every `GET /slow` held so far and from now on. */
  release(): void;
  /** Resolves once a `GET /slow` has arrived. */
  slowRequestArrived: Promise<void>;
  close(): Promise<void>;
}

export const NOTES_API_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Notes API', version: '1.0.0' },
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        responses: {
          '200': { description: 'The notes', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } },
        },
      },
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewNote' }, example: { text: 'Call the supplier' } } },
        },
        responses: {
          '201': { description: 'The note', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
          '400': { description: 'Not a note', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
        responses: {
          '200': { description: 'The note', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
          '404': { description: 'No such note', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      NewNote: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
      Note: { type: 'object', required: ['id', 'text'], properties: { id: { type: 'integer' }, text: { type: 'string' } } },
    },
  },
};

export async function startNotesApi(): Promise<NotesApi> {
  const notes = new Map<number, { id: number; text: string }>([[1, { id: 1, text: 'Call the supplier' }]]);
  let nextId = 2;
  let released = false;
  const held: Array<() => void> = [];
  let arrived: () => void = () => undefined;
  const slowRequestArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer((request, response) => {
    void (async () => {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'GET' && pathname === '/notes') return sendJson(response, 200, [...notes.values()]);
      if (request.method === 'POST' && pathname === '/notes') {
        const body = await readJsonBody(request);
        if (!body.ok || body.value === null || typeof body.value !== 'object' || Array.isArray(body.value))
          return sendJson(response, 400, { error: 'send a JSON object' });
        // The defect: `text` is required by the spec, and never checked.
        const note = { id: nextId++, text: String((body.value as { text?: unknown }).text ?? '') };
        notes.set(note.id, note);
        return sendJson(response, 201, note);
      }
      const note = /^\/notes\/([^/]+)$/.exec(pathname);
      if (request.method === 'GET' && note) {
        const id = Number(note[1]);
        // The defect: an id below 1 reaches code that assumes one.
        if (!(id >= 1))
          return sendJson(response, 500, { error: `TypeError: Cannot read properties of undefined (reading 'text') at getNote (src/notes.js:14:22)` });
        const found = notes.get(id);
        return found ? sendJson(response, 200, found) : sendJson(response, 404, { error: 'no such note' });
      }
      if (request.method === 'GET' && pathname === '/whoami') return sendJson(response, 200, { authorization: request.headers.authorization ?? null });
      if (request.method === 'GET' && pathname === '/slow') {
        arrived();
        const answer = () => sendJson(response, 200, { slow: 'done' });
        if (released) answer();
        else held.push(answer);
        return;
      }
      sendJson(response, 404, { error: 'not found' });
    })();
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    slowRequestArrived,
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () => closeServer(server),
  };
}
