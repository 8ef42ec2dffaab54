import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { specComponentValidator } from './spec-component-validator.js';
import { readJsonBody, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const FUZZ_NOTES_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/fuzz-notes-3.0.yaml', import.meta.url));

/** The defective createNote breaks on a title longer than this, though the schema sets no maxLength. */
export const TITLE_LIMIT = 300;

export interface FuzzNotesOptions {
  /**
   * `defective`: createNote answers 500 for a title with a character outside ASCII (a combining
   * mark, an emoji…) or longer than TITLE_LIMIT; `long-titles`: only for one longer than TITLE_LIMIT.
   */
  build: 'defective' | 'long-titles' | 'conforming';
  /** Each answer waits this long. */
  delayMs?: number;
  /** Every request must send it as `X-Api-Key`, else 401. */
  apiKey?: string;
  /** Told of each request as it arrives, with how many of its `METHOD /path` came so far. */
  onRequest?: (key: string, count: number) => void;
}

export interface FuzzNotesServer extends SpecServer {
  /** Requests received so far, by `METHOD /path` (the path without its query). */
  requests(): Record<string, number>;
  /** The most requests it was answering at once. */
  maxInFlight(): number;
}

interface Note {
  id: number;
  title: string;
  body?: string;
  priority: number;
  tags: string[];
}

/**
 * A notes API on loopback for fuzzing, described by FUZZ_NOTES_SPEC_FILE. Both builds validate
 * every input against the spec (400 for an invalid one, 415 for a body that is not JSON); the
 * defective one then fails on what a handler written for ASCII does not expect.
 */
export async function startFuzzNotesApi(options: FuzzNotesOptions): Promise<FuzzNotesServer> {
  const validNote = (await specComponentValidator(FUZZ_NOTES_SPEC_FILE))('/components/schemas/NewNote');
  const notes = new Map<number, Note>([[1, { id: 1, title: 'Groceries', priority: 2, tags: ['home'] }]]);
  let nextId = 2;
  const counts: Record<string, number> = {};
  const wait = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));

  const router = routeRequests([
    {
      method: 'GET',
      path: '/notes',
      async handle(_req, res, _params, url) {
        await wait();
        const limits = url.searchParams.getAll('limit');
        const tags = url.searchParams.getAll('tag');
        const limit = limits.length === 0 ? 50 : limits.length === 1 && /^\d+$/.test(limits[0]!) ? Number(limits[0]) : 0;
        if (limit < 1 || limit > 50) return sendError(res, 400, 'limit must be one integer from 1 to 50');
        if (tags.length > 1 || (tags[0] !== undefined && [...tags[0]].length > 10))
          return sendError(res, 400, 'tag must be one string of at most 10 characters');
        sendJson(res, 200, [...notes.values()].filter((note) => tags[0] === undefined || note.tags.includes(tags[0])).slice(0, limit));
      },
    },
    {
      method: 'POST',
      path: '/notes',
      async handle(req, res) {
        const body = await readJsonBody(req);
        await wait();
        if (!body.ok) return sendError(res, body.reason === 'media-type' ? 415 : 400, 'send the note as application/json');
        if (!validNote(body.value)) return sendError(res, 400, 'the note does not follow the NewNote schema');
        const input = body.value as Omit<Note, 'id'>;
        const breaks =
          (options.build === 'defective' && /[^\x00-\x7f]/.test(input.title)) || (options.build !== 'conforming' && input.title.length > TITLE_LIMIT);
        if (breaks) {
          return sendError(res, 500, 'TypeError: cannot index the title');
        }
        const note: Note = {
          id: nextId++,
          title: input.title,
          priority: input.priority ?? 3,
          tags: input.tags ?? [],
          ...(input.body !== undefined && { body: input.body }),
        };
        notes.set(note.id, note);
        sendJson(res, 201, note);
      },
    },
    {
      method: 'GET',
      path: '/notes/{noteId}',
      async handle(_req, res, params) {
        await wait();
        const id = /^\d+$/.test(params.noteId ?? '') ? Number(params.noteId) : 0;
        if (id < 1) return sendError(res, 400, 'noteId must be an integer of at least 1');
        const note = notes.get(id);
        if (!note) return sendError(res, 404, `no note ${id}`);
        sendJson(res, 200, note);
      },
    },
  ]);
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
    counts[key] = (counts[key] ?? 0) + 1;
    options.onRequest?.(key, counts[key]);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    if (options.apiKey !== undefined && req.headers['x-api-key'] !== options.apiKey) {
      req.resume();
      return sendError(res, 401, 'send your key as X-Api-Key');
    }
    router(req, res);
  });
  const url = await listenOnLoopback(server);
  return { url, specFile: FUZZ_NOTES_SPEC_FILE, requests: () => ({ ...counts }), maxInFlight: () => maxInFlight, close: () => closeServer(server) };
}
