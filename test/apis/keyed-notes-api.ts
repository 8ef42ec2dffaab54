import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { specComponentValidator } from './spec-component-validator.js';
import { readJsonBody, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { type Route, routeRequests } from './nonconforming-api/routes.js';

export const KEYED_NOTES_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/keyed-notes-3.0.yaml', import.meta.url));

/** The key the API wants in X-API-Key (the spec's ApiKeyAuth scheme). */
export const NOTES_API_KEY = 'notes-key-7f3a9c21e4b8';

export interface KeyedNotesOptions {
  /** Note 1 (the spec's example id) exists from the start; without it every id is unknown. Default true. */
  seeded?: boolean;
  /** Serve PATCH /notes/{noteId} (renameNote); without it that method is answered 405. Default true. */
  rename?: boolean;
}

/**
 * Falcon's own API on loopback, described by KEYED_NOTES_SPEC_FILE. Every routed request without
 * the key in X-API-Key gets 401 (a documented answer, so a run without the key passes every check
 * while reaching nothing: a false green); with the key it follows the spec. `seeded: false` and
 * `rename: false` plant the other two false greens: ids that name nothing, a method not served.
 */
export async function startKeyedNotesApi(options: KeyedNotesOptions = {}): Promise<SpecServer> {
  const validNewNote = (await specComponentValidator(KEYED_NOTES_SPEC_FILE))('/components/schemas/NewNote');
  const notes = new Map<number, { id: number; title: string }>(options.seeded === false ? [] : [[1, { id: 1, title: 'Buy milk' }]]);
  let nextId = 2;

  // An id that cannot name a note (`abc`, `0`) names none: 404, as many APIs answer (a rejection all the same).
  const noteId = (res: ServerResponse, raw: string | undefined): number | undefined => {
    const id = /^\d+$/.test(raw ?? '') ? Number(raw) : 0;
    if (id >= 1 && Number.isSafeInteger(id)) return id;
    sendError(res, 404, `no note ${JSON.stringify(raw)}`);
    return undefined;
  };
  const title = async (req: Parameters<Route['handle']>[0], res: ServerResponse): Promise<string | undefined> => {
    const body = await readJsonBody(req);
    if (body.ok && validNewNote(body.value)) return (body.value as { title: string }).title;
    if (!body.ok && body.reason === 'media-type') sendError(res, 415, 'send the note as application/json');
    else sendError(res, 400, 'the note does not follow the NewNote schema');
    return undefined;
  };

  const routes: Route[] = [
    { method: 'GET', path: '/notes', handle: (_req, res) => sendJson(res, 200, [...notes.values()]) },
    {
      method: 'POST',
      path: '/notes',
      async handle(req, res) {
        const given = await title(req, res);
        if (given === undefined) return;
        const note = { id: nextId++, title: given };
        notes.set(note.id, note);
        sendJson(res, 201, note);
      },
    },
    {
      method: 'GET',
      path: '/notes/{noteId}',
      handle(_req, res, params) {
        const id = noteId(res, params.noteId);
        if (id === undefined) return;
        const note = notes.get(id);
        if (note) sendJson(res, 200, note);
        else sendError(res, 404, `no note ${id}`);
      },
    },
    {
      method: 'DELETE',
      path: '/notes/{noteId}',
      handle(req, res, params) {
        req.resume();
        const id = noteId(res, params.noteId);
        if (id === undefined) return;
        if (!notes.delete(id)) return sendError(res, 404, `no note ${id}`);
        res.writeHead(204).end();
      },
    },
  ];
  if (options.rename !== false) {
    routes.push({
      method: 'PATCH',
      path: '/notes/{noteId}',
      async handle(req, res, params) {
        const id = noteId(res, params.noteId);
        if (id === undefined) return void req.resume();
        const given = await title(req, res);
        if (given === undefined) return;
        const note = notes.get(id);
        if (!note) return sendError(res, 404, `no note ${id}`);
        note.title = given;
        sendJson(res, 200, note);
      },
    });
  }
  // Routing first, as an API with per-route auth middleware does: an unknown path is 404 and a
  // method the path lacks 405 with or without the key; only a routed request needs it.
  const server = createServer(routeRequests(routes.map((route) => ({ ...route, handle: withKey(route.handle) }))));
  const url = await listenOnLoopback(server);
  return { url, specFile: KEYED_NOTES_SPEC_FILE, close: () => closeServer(server) };
}

function withKey(handle: Route['handle']): Route['handle'] {
  return (req, res, params, url) => {
    if (req.headers['x-api-key'] === NOTES_API_KEY) return handle(req, res, params, url);
    req.resume();
    sendError(res, 401, 'send your API key in the X-API-Key header');
  };
}
