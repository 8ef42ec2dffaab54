import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findingsText, scanApi } from '../../../../apis/token-api.js';

const TOKEN = 'catalog-token-5d1e8a7c';
const PRODUCTS = Array.from({ length: 250 }, (_, index) => ({ id: index + 1, name: `Product ${index + 1}` }));

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Catalog API', version: '1.0.0' },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearerAuth: [] }],
  paths: {
    '/products': {
      get: {
        security: [],
        parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } }],
        responses: { '200': { description: 'A page of products' }, '400': { description: 'A page size out of range' } },
      },
    },
    '/notes': {
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['title'], properties: { title: { type: 'string', example: 'Milk' } } } } },
        },
        responses: { '201': { description: 'Created' }, '413': { description: 'Too large' } },
      },
    },
    '/status': { get: { security: [], responses: { '200': { description: 'Up' } } } },
  },
};

interface CatalogOptions {
  /** Honour any page size (else: 400 past the spec's maximum of 50). */
  unboundedPages?: boolean;
  /** Read bodies of any size (else: 413 past 100 kB). */
  unboundedBodies?: boolean;
  /** Answer everything (else: 429 past 25 requests a second). */
  noRateLimit?: boolean;
}

function catalogApi(options: CatalogOptions): RequestListener {
  const recent: number[] = [];
  return (req, res) => {
    const now = Date.now();
    while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
    recent.push(now);
    if (!options.noRateLimit && recent.length > 25) return json(res, 429, { error: 'slow down' }, req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/status') return json(res, 200, { status: 'up' }, req);
    if (req.method === 'GET' && url.pathname === '/products') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!options.unboundedPages && limit > 50) return json(res, 400, { error: 'limit must be at most 50' }, req);
      return json(res, 200, { items: PRODUCTS.slice(0, limit), total: PRODUCTS.length }, req);
    }
    if (req.method === 'POST' && url.pathname === '/notes') {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 401, { error: 'who are you?' }, req);
      void readBody(req, options.unboundedBodies ? Infinity : 100 * 1024).then((body) =>
        body === undefined ? json(res, 413, { error: 'too large' }) : json(res, 201, { id: 7, title: (JSON.parse(body) as { title: string }).title }),
      );
      return;
    }
    json(res, 404, { error: 'not found' }, req);
  };
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? undefined : Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown, req?: IncomingMessage): void {
  req?.resume();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function scan(options: CatalogOptions, tokens: string[] = [`alice:${TOKEN}`]) {
  return scanApi({ handler: catalogApi(options), spec: SPEC, tokens, checks: ['resource_limits'] });
}

describe('resource_limits', () => {
  it('reports an unbounded page size (medium), an oversized body accepted (low) and no rate limit under a burst (low), each on its operation', async () => {
    const result = await scan({ unboundedPages: true, unboundedBodies: true, noRateLimit: true });

    expect(result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`)).toEqual([
      'medium GET /products',
      'low POST /notes',
      'low GET /status',
    ]);
    const [pages, body, burst] = result.findings;
    expect(pages).toMatchObject({ rule: 'resource_limits', owasp: 'API4:2023', cwe: 'CWE-770' });
    expect(pages!.title).toBe(
      "GET /products answered 250 items (the spec allows at most 50) for limit=20000 and 200 items for limit=200, where its base page (limit=20, the spec's default) has 20 items: page sizes are not capped",
    );
    expect(pages!.evidence.request).toMatch(/limit=20000\n[\s\S]*— then —\n.*limit=200\n/);
    expect(body!.title).toBe('POST /notes accepted a body of over 1.5 MB (answered 201): request bodies are not size-limited');
    expect(body!.evidence.request).toMatch(/\(1572\d{3} characters\)/);
    expect(burst!.title).toBe('50 requests sent at once were all answered 2xx with data, none 429 and no rate-limit header: clients are not rate-limited');
    expect(findingsText(result)).not.toContain(TOKEN);
  });

  it('reports nothing on an API that refuses huge pages and bodies and rate-limits', async () => {
    const result = await scan({});

    expect(result.findings).toEqual([]);
  });

  it('reports the operation a rate limit leaves out, when the others are limited', async () => {
    const limited = catalogApi({});
    const unlimited = catalogApi({ noRateLimit: true });
    const statusLeftOut: RequestListener = (req, res) => (req.url === '/status' ? unlimited : limited)(req, res);
    const result = await scanApi({ handler: statusLeftOut, spec: SPEC, checks: ['resource_limits'] });

    expect(result.findings.map((finding) => `${finding.severity} ${finding.method} ${finding.path}`)).toEqual(['low GET /status']);
  });

  it('passes a page size capped below the total the answer gives', async () => {
    const capping: RequestListener = (req, res) => {
      const limit = Math.min(Number(new URL(req.url ?? '/', 'http://localhost').searchParams.get('limit') ?? 20), 100);
      json(res, 200, { items: PRODUCTS.slice(0, limit), total: PRODUCTS.length }, req);
    };
    const result = await scanApi({
      handler: capping,
      spec: { ...SPEC, paths: { '/products': SPEC.paths['/products'] } },
      tokens: [`alice:${TOKEN}`],
      checks: ['resource_limits'],
    });

    expect(result.findings.filter((finding) => finding.title.includes('page sizes'))).toEqual([]);
  });

  it('sends no oversized body without an identity, and says so', async () => {
    const result = await scanApi({ handler: catalogApi({ unboundedBodies: true }), spec: SPEC, checks: ['resource_limits'] });

    expect(result.findings.filter((finding) => finding.method === 'POST')).toEqual([]);
    expect(result.notes).toContain(
      "resource_limits: oversized bodies were not tried: they are sent only as a --user or --token, so that what they create is that user's own",
    );
  });
});

/** A feed of 3000 events, 3 of them recalls; `clampAt`: page sizes above it are answered with that many, silently. */
function feedApi(options: { clampAt?: number; asText?: boolean } = {}): RequestListener {
  const events = Array.from({ length: 3000 }, (_, index) => ({ id: index + 1, type: (index + 1) % 1000 === 0 ? 'recall' : 'order' }));
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const asked = Number(url.searchParams.get('per_page') ?? 10);
    const type = url.searchParams.get('type');
    const page = events.filter((event) => type === null || event.type === type).slice(0, Math.min(asked, options.clampAt ?? Infinity));
    if (options.asText) {
      req.resume();
      return res.writeHead(200, { 'content-type': 'text/csv' }).end(page.map((event) => `${event.id},${event.type}\n`).join(''));
    }
    json(res, 200, page, req);
  };
}

function feedSpec(perPage: Record<string, unknown>) {
  return {
    openapi: '3.0.3',
    info: { title: 'Feed API', version: '1.0.0' },
    paths: {
      '/events': {
        get: {
          parameters: [
            { name: 'type', in: 'query', required: false, schema: { type: 'string' }, example: 'recall' },
            { name: 'per_page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 }, ...perPage },
          ],
          responses: { '200': { description: 'Events' } },
        },
      },
    },
  };
}

function pageFindings(result: Awaited<ReturnType<typeof scanApi>>): string[] {
  return result.findings.filter((finding) => finding.title.includes('page sizes')).map((finding) => finding.title);
}

describe('resource_limits, page sizes with proof', () => {
  it("leaves the optional filters out (the example's filter keeps 3 events) and starts from the spec's example", async () => {
    const result = await scanApi({ handler: feedApi(), spec: feedSpec({ example: 10 }), checks: ['resource_limits'] });

    expect(pageFindings(result)).toEqual([
      "GET /events answered 3000 items for per_page=10000 and 100 items for per_page=100, where its base page (per_page=10, the spec's example) has 10 items: page sizes are not capped",
    ]);
    expect(result.findings[0]!.evidence.request).not.toContain('type=');
  });

  it('starts from the page answered without the parameter when the spec gives no example or default', async () => {
    const result = await scanApi({ handler: feedApi(), spec: feedSpec({}), checks: ['resource_limits'] });

    expect(pageFindings(result)).toEqual([
      'GET /events answered 3000 items for per_page=10000 and 100 items for per_page=100, where its base page (without per_page) has 10 items: page sizes are not capped',
    ]);
  });

  it('passes a page size clamped silently, though the tenfold page has more items than the base', async () => {
    const result = await scanApi({ handler: feedApi({ clampAt: 50 }), spec: feedSpec({ example: 10 }), checks: ['resource_limits'] });

    expect(pageFindings(result)).toEqual([]);
  });

  it('proves an answer that is no list by its body growing tenfold and more', async () => {
    const unbounded = await scanApi({ handler: feedApi({ asText: true }), spec: feedSpec({ example: 10 }), checks: ['resource_limits'] });
    const clamped = await scanApi({ handler: feedApi({ asText: true, clampAt: 50 }), spec: feedSpec({ example: 10 }), checks: ['resource_limits'] });

    expect(pageFindings(unbounded)).toEqual([
      expect.stringMatching(
        /^GET \/events answered a body of \d+ bytes for per_page=10000 and \d+ bytes for per_page=100, where its base page \(per_page=10, the spec's example\) has a body of \d+ bytes: page sizes are not capped$/,
      ),
    ]);
    expect(pageFindings(clamped)).toEqual([]);
  });
});
