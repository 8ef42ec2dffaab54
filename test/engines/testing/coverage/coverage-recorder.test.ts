import { describe, expect, it } from 'vitest';
import { CoverageRecorder } from '../../../../src/engines/testing/coverage/coverage-recorder.js';
import type { SpecParameter } from '../../../../src/engines/spec/spec-format.js';
import { operation, sent, specWith } from './coverage-fixtures.js';

const seen = (items: Array<{ seen: boolean }>, label: (item: never) => string) =>
  items.map((item) => `${label(item as never)} ${item.seen ? 'seen' : 'not seen'}`);

describe('CoverageRecorder: documented responses', () => {
  const getBook = operation('getBook', 'GET', '/books/{bookId}', {
    responses: { '200': { description: 'ok' }, '404': { description: 'gone' }, '4XX': { description: 'refused' }, default: { description: 'error' } },
  });
  const listBooks = operation('listBooks', 'GET', '/books', { responses: { '200': { description: 'ok' }, '4xx': { description: 'refused' } } });
  const spec = specWith([getBook, listBooks]);

  it('sees a status by its code, else its range, else default; one no key stands for is undocumented, not coverage', async () => {
    const recorder = new CoverageRecorder(spec, [getBook, listBooks]);
    for (const [id, path, status] of [
      ['getBook', '/books/1', 200],
      ['getBook', '/books/x', 422],
      ['getBook', '/books/9', 404],
      ['listBooks', '/books', 200],
      ['listBooks', '/books', 500],
      ['listBooks', '/books', 418],
      ['listBooks', '/books', 302],
      ['listBooks', '/books', 500],
    ] as const) {
      recorder.record(await sent(id, { method: 'GET', path }, status));
    }
    const [book, books] = recorder.coverage().operations;
    expect(seen(book!.responses, (item: { status: string }) => item.status)).toEqual(['200 seen', '404 seen', '4XX seen', 'default not seen']);
    expect(book!.undocumented).toEqual([]);
    expect(seen(books!.responses, (item: { status: string }) => item.status)).toEqual(['200 seen', '4xx seen']);
    expect(books!.undocumented).toEqual([302, 500]);

    // default stands for what no code or range of the operation names: a 5xx, or a 2xx other than 200.
    recorder.record(await sent('getBook', { method: 'GET', path: '/books/1' }, 503));
    expect(recorder.coverage().operations[0]!.responses.find((response) => response.status === 'default')?.seen).toBe(true);
  });

  it("counts a check's probe of the operation (ignored_auth's 401), not one sending another method to its path", async () => {
    const secured = operation('getBook', 'GET', '/books/{bookId}', {
      responses: { '200': { description: 'ok' }, '401': { description: 'who?' }, '405': { description: 'no' } },
    });
    const recorder = new CoverageRecorder(specWith([secured]), [secured]);
    recorder.record(await sent('getBook', { method: 'GET', path: '/books/1' }, 401, { kind: 'probe', probe: 'ignored_auth' }));
    recorder.record(await sent('getBook', { method: 'PUT', path: '/books/1' }, 405, { kind: 'probe', probe: 'unsupported_method' }));
    const [book] = recorder.coverage().operations;
    expect(seen(book!.responses, (item: { status: string }) => item.status)).toEqual(['200 not seen', '401 seen', '405 not seen']);
    expect(book!.undocumented).toEqual([]);
  });

  it('calls no status undocumented for an operation that documents none (a Postman request)', async () => {
    const bare = operation('ping', 'GET', '/ping', { responses: {} });
    const recorder = new CoverageRecorder(specWith([bare]), [bare]);
    recorder.record(await sent('ping', { method: 'GET', path: '/ping' }, 204));
    expect(recorder.coverage().operations[0]).toMatchObject({ responses: [], undocumented: [] });
  });
});

describe('CoverageRecorder: parameters', () => {
  const parameters: SpecParameter[] = [
    { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['ebook', 'print'] } },
    { name: 'genre', in: 'query', required: false, schema: { type: 'string', enum: ['fiction', 'science'] } },
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
    { name: 'size', in: 'query', required: false, schema: { type: 'integer', enum: [10, 20, null] } },
    { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', enum: ['new', 'used'] } } },
    { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
    { name: 'Accept', in: 'header', required: false, schema: { type: 'string' } },
    { name: 'theme', in: 'cookie', required: false, schema: { type: 'string', const: 'dark' } },
  ];
  const list = operation('listBooks', 'GET', '/books/{format}', { parameters });

  it('counts each optional parameter present and absent and each enum value sent; a required one only by its values', async () => {
    const recorder = new CoverageRecorder(specWith([list]), [list]);
    expect(recorder.coverage().operations[0]!.parameters.map(({ name, in: where, item, value }) => [name, where, item, value])).toEqual([
      ['format', 'path', 'value', 'ebook'],
      ['format', 'path', 'value', 'print'],
      ['genre', 'query', 'present', undefined],
      ['genre', 'query', 'absent', undefined],
      ['genre', 'query', 'value', 'fiction'],
      ['genre', 'query', 'value', 'science'],
      ['limit', 'query', 'present', undefined],
      ['limit', 'query', 'absent', undefined],
      ['size', 'query', 'present', undefined],
      ['size', 'query', 'absent', undefined],
      ['size', 'query', 'value', 10],
      ['size', 'query', 'value', 20],
      ['tags', 'query', 'present', undefined],
      ['tags', 'query', 'absent', undefined],
      ['tags', 'query', 'value', 'new'],
      ['tags', 'query', 'value', 'used'],
      ['X-Trace', 'header', 'present', undefined],
      ['X-Trace', 'header', 'absent', undefined],
      ['theme', 'cookie', 'present', undefined],
      ['theme', 'cookie', 'absent', undefined],
      ['theme', 'cookie', 'value', 'dark'],
    ]);

    recorder.record(
      await sent(
        'listBooks',
        {
          method: 'GET',
          path: '/books/{format}',
          pathParams: { format: 'ebook' },
          query: { q: 'x', genre: 'fiction', tags: ['new', 'used'], size: '20.0' },
          headers: { 'x-trace': 't-1', Cookie: 'theme=dark; other=1' },
        },
        200,
      ),
    );
    const label = (item: { name: string; item: string; value?: unknown }) =>
      `${item.name} ${item.item}${item.value === undefined ? '' : ` ${String(item.value)}`}`;
    const seenNow = () =>
      recorder
        .coverage()
        .operations[0]!.parameters.filter((item) => item.seen)
        .map(label);
    expect(seenNow()).toEqual([
      'format value ebook',
      'genre present',
      'genre value fiction',
      'limit absent',
      'size present',
      'size value 20',
      'tags present',
      'tags value new',
      'tags value used',
      'X-Trace present',
      'theme present',
      'theme value dark',
    ]);

    // A list joined by commas counts each item; the URL's own path under the base URL is read past.
    recorder.record(await sent('listBooks', { method: 'GET', path: '/books/print', query: { q: 'y', limit: 5, tags: 'used,new' } }, 400));
    expect(seenNow()).toEqual([
      'format value ebook',
      'format value print',
      'genre present',
      'genre absent',
      'genre value fiction',
      'limit present',
      'limit absent',
      'size present',
      'size absent',
      'size value 20',
      'tags present',
      'tags value new',
      'tags value used',
      'X-Trace present',
      'X-Trace absent',
      'theme present',
      'theme absent',
      'theme value dark',
    ]);
  });

  it('reads an object parameter sent as its properties, or as name[key], as present', async () => {
    const filter: SpecParameter = { name: 'filter', in: 'query', required: false, schema: { type: 'object', properties: { color: { type: 'string' } } } };
    const search = operation('search', 'GET', '/search', { parameters: [filter] });
    for (const query of [{ color: 'red' }, { 'filter[color]': 'red' }] as Array<Record<string, string>>) {
      const recorder = new CoverageRecorder(specWith([search]), [search]);
      recorder.record(await sent('search', { method: 'GET', path: '/search', query }, 200));
      expect(recorder.coverage().operations[0]!.parameters.map((item) => `${item.item} ${item.seen}`)).toEqual(['present true', 'absent false']);
    }
  });
});

describe('CoverageRecorder: request body properties', () => {
  const schemas = {
    NewBook: {
      type: 'object',
      required: ['title'],
      allOf: [{ type: 'object', required: ['isbn'], properties: { isbn: { type: 'string' } } }],
      properties: {
        title: { type: 'string' },
        author: { type: 'string' },
        id: { type: 'integer', readOnly: true },
        edition: { type: 'object', required: ['number'], properties: { number: { type: 'integer' }, year: { type: 'integer' } } },
        chapters: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, pages: { type: 'integer' } } } },
        related: { $ref: '#/schemas/NewBook' },
      },
      oneOf: [
        { type: 'object', required: ['pdf'], properties: { pdf: { type: 'string' } } },
        { type: 'object', properties: { epub: { type: 'string' } } },
      ],
    },
  };
  const create = operation('createBook', 'POST', '/books', {
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/schemas/NewBook' } } } },
  });

  it('lists the optional properties at every depth (allOf required kept, oneOf branches optional, readOnly left out, a recursion once) and sees those sent', async () => {
    const recorder = new CoverageRecorder(specWith([create], schemas), [create]);
    expect(recorder.coverage().operations[0]!.bodyProperties.map((item) => item.property)).toEqual([
      'author',
      'edition',
      'edition.year',
      'chapters',
      'chapters[].pages',
      'related',
      'pdf',
      'epub',
    ]);
    recorder.record(
      await sent(
        'createBook',
        { method: 'POST', path: '/books', body: { title: 't', isbn: 'i', author: 'a', edition: { number: 1 }, chapters: [{ name: 'one', pages: 3 }] } },
        201,
      ),
    );
    recorder.record(await sent('createBook', { method: 'POST', path: '/books', body: { title: 't', isbn: 'i', chapters: [{ name: 'one' }], epub: 'e' } }, 201));
    // A body that is not JSON shows no property.
    recorder.record(await sent('createBook', { method: 'POST', path: '/books', body: '{"pdf": ', contentType: 'application/json' }, 400));
    expect(
      recorder
        .coverage()
        .operations[0]!.bodyProperties.filter((item) => item.seen)
        .map((item) => item.property),
    ).toEqual(['author', 'edition', 'chapters', 'chapters[].pages', 'epub']);
  });

  it('reads the fields of a form and a multipart body, and the items of a list body', async () => {
    const fields = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' }, 'odd "name"': { type: 'string' } } };
    const upload = operation('upload', 'POST', '/files', {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: fields }, 'application/x-www-form-urlencoded': { schema: fields } } },
    });
    const batch = operation('batch', 'POST', '/batch', {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: {}, note: {} } } } } },
      },
    });
    const recorder = new CoverageRecorder(specWith([upload, batch]), [upload, batch]);
    recorder.record(
      await sent(
        'upload',
        { method: 'POST', path: '/files', contentType: 'multipart/form-data', body: { name: 'n', 'odd "name"': 'x' }, files: { name: { filename: 'a.txt' } } },
        201,
      ),
    );
    expect(recorder.coverage().operations[0]!.bodyProperties).toEqual([
      { property: 'note', seen: false },
      { property: 'odd "name"', seen: true },
    ]);
    recorder.record(
      await sent('upload', { method: 'POST', path: '/files', contentType: 'application/x-www-form-urlencoded', body: { name: 'n', note: 'y' } }, 201),
    );
    recorder.record(await sent('batch', { method: 'POST', path: '/batch', body: [{ id: 1 }, { id: 2, note: 'x' }] }, 200));
    const [files, list] = recorder.coverage().operations;
    expect(files!.bodyProperties.every((item) => item.seen)).toBe(true);
    expect(list!.bodyProperties).toEqual([{ property: '[].note', seen: true }]);
  });
});

describe('CoverageRecorder: scope', () => {
  it('counts only the operations in scope, keeps those its requests reached beyond it apart, and ignores a case of no known operation', async () => {
    const list = operation('listBooks', 'GET', '/books');
    const get = operation('getBook', 'GET', '/books/{bookId}');
    const remove = operation('deleteBook', 'DELETE', '/books/{bookId}');
    const recorder = new CoverageRecorder(specWith([list, get, remove]), [list, remove]);
    recorder.record(await sent('getBook', { method: 'GET', path: '/books/1' }, 200));
    recorder.record(await sent(undefined, { method: 'GET', path: '/books' }, 200));
    recorder.record(await sent('nope', { method: 'GET', path: '/books' }, 200));
    const coverage = recorder.coverage();
    expect(coverage.operations.map((entry) => [entry.operation, entry.responses[0]!.seen])).toEqual([
      ['listBooks', false],
      ['deleteBook', false],
    ]);
    expect(coverage.reached?.map((entry) => [entry.operation, entry.responses[0]!.seen])).toEqual([['getBook', true]]);
  });
});
