import { describe, expect, it } from 'vitest';
import { HttpRequestError } from '../../../src/engines/http/http-request-error.js';
import { prepareRequest } from '../../../src/engines/http/prepare-request.js';

describe('prepareRequest', () => {
  it('appends query parameters after the URL’s own, repeating the key for arrays and encoding values', () => {
    const request = prepareRequest({
      method: 'get',
      url: 'http://api.test/search?sort=name%20asc&flag',
      query: { q: 'a b&c=d/é', tag: ['x', 'y'], page: 2, exact: true },
    });
    expect(request.method).toBe('GET');
    expect(request.url.href).toBe('http://api.test/search?sort=name%20asc&flag&q=a%20b%26c%3Dd%2F%C3%A9&tag=x&tag=y&page=2&exact=true');
    expect(request.body).toBeUndefined();
  });

  it('encodes form fields as application/x-www-form-urlencoded, with their length', () => {
    const request = prepareRequest({ method: 'POST', url: 'http://api.test/login', form: { user: 'ada lovelace', scope: ['read', 'write'], remember: false } });
    expect(request.body).toBe('user=ada+lovelace&scope=read&scope=write&remember=false');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers['content-length']).toBe(String(request.body?.length));
  });

  it('sends objects as JSON unless a content-type says otherwise, and keeps header values with lower-case names', () => {
    const json = prepareRequest({ method: 'POST', url: 'http://api.test/', headers: { 'X-Trace': 'abc' }, body: { name: 'Zoë' } });
    expect(json).toMatchObject({ body: '{"name":"Zoë"}', headers: { 'content-type': 'application/json', 'content-length': '15', 'x-trace': 'abc' } });
    const patch = prepareRequest({ method: 'PATCH', url: 'http://api.test/', headers: { 'Content-Type': 'application/merge-patch+json' }, body: [1] });
    expect(patch.headers['content-type']).toBe('application/merge-patch+json');
    expect(prepareRequest({ method: 'POST', url: 'http://api.test/' }).headers['content-length']).toBe('0');
    expect(prepareRequest({ method: 'GET', url: 'http://api.test/' }).headers['content-length']).toBeUndefined();
  });

  it('refuses two kinds of body together, and URLs that are not absolute http(s)', () => {
    const oneBody = new HttpRequestError(
      'give one of body, form and multipart: body is sent as it is (objects as JSON), form as application/x-www-form-urlencoded, multipart as multipart/form-data',
      'invalid_request',
    );
    expect(() => prepareRequest({ method: 'POST', url: 'http://api.test/', body: 'a', form: { a: 1 } })).toThrow(oneBody);
    expect(() => prepareRequest({ method: 'POST', url: 'http://api.test/', form: { a: 1 }, multipart: { a: '1' } })).toThrow(oneBody);
    expect(() => prepareRequest({ method: 'GET', url: '/users' })).toThrow('invalid URL: /users (give an absolute http:// or https:// URL)');
    expect(() => prepareRequest({ method: 'GET', url: 'ftp://api.test/' })).toThrow('only http and https URLs are supported');
  });
});
