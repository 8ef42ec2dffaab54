import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanLoopbackApi } from './loopback-scan.js';

const DOCUMENTS = '/srv/app/documents';
/** The server's disk. */
const FILES: Record<string, string> = {
  [`${DOCUMENTS}/guide.txt`]: 'How to use the shop.',
  '/etc/passwd': 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n',
};

const paths = {
  '/documents': {
    get: {
      parameters: [{ name: 'file', in: 'query', required: true, schema: { type: 'string' }, example: 'guide.txt' }],
      responses: { '200': { description: 'The document' } },
    },
  },
  '/documents/{name}': {
    get: {
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, example: 'guide.txt' }],
      responses: { '200': { description: 'The document' } },
    },
  },
  '/products': {
    get: {
      parameters: [{ name: 'category', in: 'query', required: true, schema: { type: 'string' }, example: 'lamps' }],
      responses: { '200': { description: 'Products' } },
    },
  },
};

/** The name the route was given: the query's `file`, or the path's last segment, decoded once. */
function requestedName(request: IncomingMessage): string {
  const url = new URL(request.url!, 'http://api');
  return url.searchParams.get('file') ?? decodeURIComponent(url.pathname.split('/').pop()!);
}

function answer(response: ServerResponse, file: string | undefined): void {
  if (file === undefined) response.writeHead(404, { 'content-type': 'text/plain' }).end('no such document');
  else response.writeHead(200, { 'content-type': 'text/plain' }).end(file);
}

/** Joins the name to the documents folder, after `clean` (a filter, or nothing), and reads whatever that resolves to. */
function joiningApi(clean: (name: string) => string = (name) => name) {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url!, 'http://api').pathname === '/products') return answer(response, '[]');
    answer(response, FILES[path.posix.resolve(DOCUMENTS, clean(requestedName(request)))]);
  };
}

/** Resolves the name and refuses any that leaves the documents folder. */
function confinedApi(request: IncomingMessage, response: ServerResponse) {
  if (new URL(request.url!, 'http://api').pathname === '/products') return answer(response, '[]');
  const resolved = path.posix.resolve(DOCUMENTS, requestedName(request));
  if (!resolved.startsWith(`${DOCUMENTS}/`)) return response.writeHead(400, { 'content-type': 'text/plain' }).end('bad document name');
  answer(response, FILES[resolved]);
}

describe('path_traversal', () => {
  it('reports ../ reaching /etc/passwd in a query and a path parameter as high', async () => {
    const result = await scanLoopbackApi({ paths, handler: joiningApi(), checks: ['path_traversal'] });
    expect(result.findings.map((finding) => [finding.severity, finding.path, finding.title])).toEqual([
      ['high', '/documents', 'The query parameter "file" reads files outside its folder: "../../../../../../../../etc/passwd" brought back /etc/passwd'],
      ['high', '/documents/{name}', 'The path parameter "name" reads files outside its folder: "../../../../../../../../etc/passwd" brought back /etc/passwd'],
    ]);
    expect(result.findings[0]).toMatchObject({ rule: 'path_traversal', owasp: 'API8:2023', cwe: 'CWE-22', method: 'GET' });
    expect(result.findings[0]!.evidence.response).toContain('root:x:0:0:');
  });

  it('gets past a filter that strips ../ once with ....//', async () => {
    const result = await scanLoopbackApi({ paths, handler: joiningApi((name) => name.replaceAll('../', '')), checks: ['path_traversal'] });
    expect(result.findings.map((finding) => finding.title)).toEqual([expect.stringContaining('"....//....//'), expect.stringContaining('"....//....//')]);
  });

  it('reports nothing when names are confined to the folder, and probes only names that look like files', async () => {
    const probed: string[] = [];
    const result = await scanLoopbackApi({
      paths,
      handler: (request, response) => {
        probed.push(new URL(request.url!, 'http://api').pathname);
        confinedApi(request, response);
      },
      checks: ['path_traversal'],
    });
    expect(result.findings).toEqual([]);
    expect(probed).not.toContain('/products');
  });
});
