import { describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../../src/capabilities/requests/tools/http-request.js';
import { readFileTool } from '../../../src/capabilities/code/tools/read-file.js';
import { validateToolArgs } from '../../../src/kit/tool/validate-args.js';

describe('validateToolArgs', () => {
  it('returns the parsed value when the arguments fit', () => {
    expect(validateToolArgs(readFileTool, { path: 'src/app.ts', offset: 10 })).toEqual({
      ok: true,
      value: { path: 'src/app.ts', offset: 10 },
    });
  });

  it('accepts a method in any case', () => {
    const result = validateToolArgs(httpRequestTool, { method: 'get', url: 'http://127.0.0.1/' });
    expect(result).toMatchObject({ ok: true, value: { method: 'GET' } });
  });

  it('takes a null optional argument as left out (Python keyword calls write headers=None), never a null a parameter accepts', () => {
    expect(validateToolArgs(httpRequestTool, { method: 'GET', url: 'http://127.0.0.1/', headers: null, body: null })).toEqual({
      ok: true,
      value: { method: 'GET', url: 'http://127.0.0.1/' },
    });
    expect(validateToolArgs(readFileTool, { path: null })).toMatchObject({ ok: false, problems: expect.stringContaining('path') });
  });

  it('reports every problem at once, in plain words', () => {
    const result = validateToolArgs(httpRequestTool, {
      method: 'FETCH',
      url: 42,
      headers: { Accept: 1 },
      bdy: '{}',
      timeout_ms: 1.5,
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'method: expected one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", received "FETCH"',
        'url: expected string, received number',
        'headers.Accept: expected string, received number',
        'timeout_ms: expected integer, received 1.5',
        'unknown key "bdy" (known: method, url, headers, query, body, form, multipart, timeout_ms, follow_redirects, save_as)',
      ].join('; '),
    });
  });

  it('names missing arguments, union mismatches and bounds', () => {
    expect(validateToolArgs(httpRequestTool, { method: 'POST', body: 42 })).toEqual({
      ok: false,
      problems: 'url: missing (expected string); body: expected string or object or array, received number',
    });
    expect(validateToolArgs(readFileTool, { path: 'a', offset: 0 })).toEqual({
      ok: false,
      problems: 'offset: expected number to be >=1',
    });
  });

  it('explains arguments that are not an object', () => {
    expect(validateToolArgs(readFileTool, 'src/app.ts')).toEqual({
      ok: false,
      problems: 'arguments: expected object, received string',
    });
    expect(validateToolArgs(readFileTool, [])).toMatchObject({ problems: 'arguments: expected object, received array' });
  });
});
