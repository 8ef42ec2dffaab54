import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSkippingClock } from '../../../../support/skipping-clock.js';
import { scanLoopbackApi } from './loopback-scan.js';

// The APIs' sleeps move the scanner's clock on instead of keeping it waiting (the e2e scan recall
// runs the real ones): the check's verdicts, its timings and its budget follow that clock.
const clock = useSkippingClock();

const PRODUCTS = [
  { name: 'lamp', price: 12 },
  { name: 'desk', price: 90 },
  { name: 'chair', price: 45 },
];

const paths = {
  '/products': {
    get: {
      parameters: [{ name: 'name', in: 'query', required: true, schema: { type: 'string' }, example: 'lamp' }],
      responses: { '200': { description: 'Products' } },
    },
  },
  '/products/{name}': {
    delete: {
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, example: 'lamp' }],
      responses: { '204': { description: 'Deleted' } },
    },
  },
};

type Dialect = 'sqlite' | 'postgres';

/** What a database makes of the query: the error for a quote left open, else the rows and the seconds it slept. */
function runQuery(dialect: Dialect, query: string): { error: string } | { rows: typeof PRODUCTS; sleepSeconds: number } {
  const { code, open } = withoutComments(query);
  if (open) {
    return {
      error: {
        sqlite: `SQLITE_ERROR: unrecognized token: "${code.slice(code.indexOf("'"))}"`,
        postgres: `error: unterminated quoted string at or near "${code.slice(code.indexOf("'"))}"`,
      }[dialect],
    };
  }
  const name = /'((?:[^']|'')*)'/.exec(code)?.[1]?.replace(/''/g, "'");
  const rows = /OR '1'='1'/.test(code) ? PRODUCTS : PRODUCTS.filter((product) => product.name === name);
  const sleepSeconds = {
    sqlite: 0,
    postgres: Number(/;\s*SELECT pg_sleep\((\d+)\)/i.exec(code)?.[1] ?? 0),
  }[dialect];
  return { rows, sleepSeconds };
}

/** The query up to a `--` comment outside a string, and whether a string is left open. */
function withoutComments(query: string): { code: string; open: boolean } {
  let open = false;
  for (let index = 0; index < query.length; index++) {
    if (query[index] === "'") open = !open;
    else if (!open && query.startsWith('--', index)) return { code: query.slice(0, index), open };
  }
  return { code: query, open };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Pastes `name` into the SQL; `blind`: answers an error as an empty list, as an API that swallows it would. */
function concatenatingApi(dialect: Dialect, { blind = false } = {}) {
  const seen: string[] = [];
  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    seen.push(request.method!);
    const name = new URL(request.url!, 'http://api').searchParams.get('name') ?? '';
    const outcome = runQuery(dialect, `SELECT * FROM products WHERE name = '${name}'`);
    if ('error' in outcome) return blind ? send(response, 200, []) : send(response, 500, { error: outcome.error });
    await clock.sleep(outcome.sleepSeconds * 1000);
    send(response, 200, outcome.rows);
  };
  return { handler, seen };
}

/** Binds `name` as a parameter: a quote is a character of the name. `delayMs` slows each answer. */
function parameterizedApi(delayMs: (name: string) => number = () => 0) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const name = new URL(request.url!, 'http://api').searchParams.get('name') ?? '';
    await clock.sleep(delayMs(name));
    send(
      response,
      200,
      PRODUCTS.filter((product) => product.name === name),
    );
  };
}

describe('sqli', () => {
  it('reports a database error a quote brings back as high, with the error in the title and the evidence', async () => {
    const { handler } = concatenatingApi('sqlite');
    const result = await scanLoopbackApi({ paths, handler, checks: ['sqli'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'sqli', owasp: 'API8:2023', cwe: 'CWE-89', severity: 'high', method: 'GET', path: '/products' });
    expect(result.findings[0]!.title).toContain('query parameter "name"');
    expect(result.findings[0]!.title).toContain('SQLITE_ERROR');
    expect(result.findings[0]!.evidence.request).toContain('name=lamp%27');
    expect(result.findings[0]!.evidence.response).toMatch(/HTTP 500[\s\S]*unrecognized token/);
  });

  it('reports a pg_sleep the database runs for 2 s, then 1 s, as critical, even when errors are swallowed', async () => {
    const { handler, seen } = concatenatingApi('postgres', { blind: true });
    const result = await scanLoopbackApi({ paths, handler, checks: ['sqli'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'sqli', severity: 'critical', path: '/products' });
    // How much later is measured: the seconds asked for, plus whatever a busy machine adds.
    expect(result.findings[0]!.title).toMatch(
      /PostgreSQL pg_sleep\(\)\): answered \d+\.\d s and \d+\.\d s later than normal \(\d+\.\d s\) when asked to sleep 2 s, then 1 s/,
    );
    expect(result.findings[0]!.evidence.request).toContain('name=lamp%27%3B%20SELECT%20pg_sleep(2)--');
    expect(seen).not.toContain('DELETE');
  });

  it('reports nothing for parameterized queries, nor for a slow one with 0 to 300 ms of jitter', async () => {
    for (const handler of [parameterizedApi(), parameterizedApi(() => Math.random() * 300)]) {
      const result = await scanLoopbackApi({ paths, handler, checks: ['sqli'] });
      expect(result.findings).toEqual([]);
    }
  });

  it('reports nothing when a filter stalls anything that looks like SLEEP() for 1.6 s, whatever the length asked', async () => {
    const stalling = parameterizedApi((name) => (/SLEEP\(/.test(name) ? 1600 : 0));
    const result = await scanLoopbackApi({ paths, handler: stalling, checks: ['sqli'] });
    expect(result.findings).toEqual([]);
  });
});

/** Pastes `name` into the SQL and answers a bare 500 when it fails; `flaky`: a statement fails only the first two times it is sent, then mends. */
function bareErrorApi({ flaky = false } = {}) {
  const sent = new Map<string, number>();
  return (request: IncomingMessage, response: ServerResponse) => {
    const name = new URL(request.url!, 'http://api').searchParams.get('name') ?? '';
    const { open } = withoutComments(`SELECT * FROM products WHERE name LIKE '%${name}%'`);
    const times = (sent.get(name) ?? 0) + 1;
    sent.set(name, times);
    if (open && (!flaky || times <= 2)) return send(response, 500, { error: 'Internal Server Error' });
    send(
      response,
      200,
      PRODUCTS.filter((product) => product.name.includes(name)),
    );
  };
}

describe('sqli, blind quote', () => {
  it('reports a quote answered by a bare 500 that a doubled quote mends, both twice, naming the pair', async () => {
    const result = await scanLoopbackApi({ paths, handler: bareErrorApi(), checks: ['sqli'] });

    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'sqli', severity: 'high', path: '/products' });
    expect(result.findings[0]!.title).toBe(
      `A quote in the query parameter "name" breaks the request and a doubled quote mends it, twice, with no error text: lamp' answers HTTP 500, lamp'' answers HTTP 200`,
    );
    expect(result.findings[0]!.evidence.request).toMatch(/name=lamp%27\n[\s\S]*— then —\n.*name=lamp%27%27\n/);
  });

  it('reports nothing when the quote breaks the request only at first: the repeat does not confirm it', async () => {
    const result = await scanLoopbackApi({ paths, handler: bareErrorApi({ flaky: true }), checks: ['sqli'] });

    expect(result.findings).toEqual([]);
  });
});

describe('sqli, blind: an endpoint whose answers differ by themselves', () => {
  it('reports nothing behind a round-robin of two backends, one of them broken (every other request 500)', async () => {
    let answered = 0;
    const roundRobin = (request: IncomingMessage, response: ServerResponse) => {
      const name = new URL(request.url!, 'http://api').searchParams.get('name') ?? '';
      if (++answered % 2 === 0) return send(response, 500, { error: 'Internal Server Error' });
      send(
        response,
        200,
        PRODUCTS.filter((product) => product.name === name),
      );
    };
    const result = await scanLoopbackApi({ paths, handler: roundRobin, checks: ['sqli'] });

    expect(result.findings).toEqual([]);
  });
});
