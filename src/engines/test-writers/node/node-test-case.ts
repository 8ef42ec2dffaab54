import type { BodyShape, EndpointExample } from '../endpoint-example.js';

/** How the test reaches the API. */
export type NodeTransport =
  /** supertest: `request(app).get(…)`, or an agent made once (`api.get(…)`). */
  | { kind: 'supertest'; requester: string }
  /** Fastify's `app.inject({ method, url })`. */
  | { kind: 'inject'; app: string }
  /** Hono's `app.request(path, init)`. */
  | { kind: 'hono'; app: string }
  /** The running server, by `fetch` against a base URL held in the variable `base`. */
  | { kind: 'fetch'; base: string };

export type NodeAssertions = 'jest' | 'chai' | 'assert';

export interface NodeCaseOptions {
  testFunction: string;
  assertions: NodeAssertions;
  transport: NodeTransport;
  example: EndpointExample;
  /** Indentation of the `it(` line. */
  indent: string;
}

/** One `it('…', async () => { … })` that sends the example request and checks status and body shape. */
export function nodeTestCase(options: NodeCaseOptions): string {
  const { example, transport, indent } = options;
  const inner = `${indent}  `;
  const body = example.body;
  const lines = [...sendRequest(transport, example), ...assertStatus(options)];
  if (body.kind === 'empty') lines.push(...assertEmpty(options));
  else if (body.kind === 'json') lines.push(assertJson(options));
  else lines.push(`const body = ${bodyExpression(transport)};`, ...assertShape(options.assertions, body));
  const title = `answers ${example.status}${body.kind === 'empty' ? ' with an empty body' : ' with the expected body'}`;
  return [`${indent}${options.testFunction}(${quote(title)}, async () => {`, ...lines.map((line) => `${inner}${line}`), `${indent}});`].join('\n');
}

function sendRequest(transport: NodeTransport, example: EndpointExample): string[] {
  const method = example.method.toLowerCase();
  const payload = example.requestBody === undefined ? undefined : JSON.stringify(example.requestBody);
  switch (transport.kind) {
    case 'supertest':
      return [`const res = await ${transport.requester}.${method}(${quote(example.path)})${payload ? `.send(${payload})` : ''};`];
    case 'inject':
      return [
        `const res = await ${transport.app}.inject({ method: ${quote(example.method)}, url: ${quote(example.path)}${payload ? `, payload: ${payload}` : ''} });`,
      ];
    case 'hono':
    case 'fetch': {
      const target = transport.kind === 'hono' ? `${transport.app}.request(${quote(example.path)}` : `fetch(\`\${${transport.base}}${example.path}\``;
      const init = payload
        ? `, {\n  method: ${quote(example.method)},\n  headers: { 'content-type': 'application/json' },\n  body: JSON.stringify(${payload}),\n}`
        : example.method === 'GET'
          ? ''
          : `, { method: ${quote(example.method)} }`;
      return `const res = await ${target}${init});`.split('\n');
    }
  }
}

function statusExpression(transport: NodeTransport): string {
  return transport.kind === 'inject' ? 'res.statusCode' : 'res.status';
}

function bodyExpression(transport: NodeTransport): string {
  if (transport.kind === 'supertest') return 'res.body';
  return transport.kind === 'inject' ? 'res.json()' : 'await res.json()';
}

function assertStatus({ assertions, transport, example }: NodeCaseOptions): string[] {
  const actual = statusExpression(transport);
  if (assertions === 'jest') return [`expect(${actual}).toBe(${example.status});`];
  if (assertions === 'chai') return [`expect(${actual}).to.equal(${example.status});`];
  return [`assert.equal(${actual}, ${example.status});`];
}

function assertEmpty({ assertions, transport }: NodeCaseOptions): string[] {
  const text = transport.kind === 'supertest' ? 'res.text' : transport.kind === 'inject' ? 'res.body' : 'await res.text()';
  if (assertions === 'jest') return [`expect(${text}).toBe('');`];
  if (assertions === 'chai') return [`expect(${text}).to.equal('');`];
  return [`assert.equal(${text}, '');`];
}

function assertJson({ assertions, transport }: NodeCaseOptions): string {
  const type = transport.kind === 'supertest' || transport.kind === 'inject' ? "res.headers['content-type']" : "res.headers.get('content-type')";
  if (assertions === 'jest') return `expect(${type}).toMatch(/json/);`;
  if (assertions === 'chai') return `expect(${type}).to.match(/json/);`;
  return `assert.match(${type} ?? '', /json/);`;
}

function assertShape(assertions: NodeAssertions, body: Extract<BodyShape, { kind: 'object' | 'array' }>): string[] {
  const keys = body.kind === 'object' ? body.keys : body.itemKeys;
  const list = keys.map(quote).join(', ');
  if (body.kind === 'array') {
    const isArray =
      assertions === 'jest'
        ? 'expect(Array.isArray(body)).toBe(true);'
        : assertions === 'chai'
          ? "expect(body).to.be.an('array');"
          : 'assert.ok(Array.isArray(body));';
    return keys.length === 0 ? [isArray] : [isArray, `for (const item of body) {`, `  ${keysAssertion(assertions, 'item', list)}`, '}'];
  }
  if (keys.length === 0) {
    return [
      assertions === 'jest'
        ? "expect(typeof body).toBe('object');"
        : assertions === 'chai'
          ? "expect(body).to.be.an('object');"
          : "assert.equal(typeof body, 'object');",
    ];
  }
  return [keysAssertion(assertions, 'body', list)];
}

function keysAssertion(assertions: NodeAssertions, value: string, list: string): string {
  if (assertions === 'jest') return `expect(Object.keys(${value})).toEqual(expect.arrayContaining([${list}]));`;
  if (assertions === 'chai') return `expect(${value}).to.include.keys(${list});`;
  return `for (const key of [${list}]) assert.ok(key in ${value}, \`no \${key} in the body\`);`;
}

/** A single-quoted JavaScript string. */
export function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
