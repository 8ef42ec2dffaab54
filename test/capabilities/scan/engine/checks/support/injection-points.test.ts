import { describe, expect, it } from 'vitest';
import { injectionPoints, pointLabel, withValue } from '../../../../../../src/capabilities/scan/engine/checks/support/injection.js';
import type { ScanRequest } from '../../../../../../src/capabilities/scan/engine/scan-exchange.js';
import type { SpecOperation } from '../../../../../../src/engines/spec/spec-format.js';

const operation: SpecOperation = {
  id: 'updateProfile',
  method: 'POST',
  path: '/users/{id}/profile',
  tags: [],
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    { name: 'lang', in: 'query', required: false, schema: { type: 'string' } },
  ],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { avatar: { type: 'string', format: 'uri' }, address: { type: 'object', properties: { city: { type: 'string' } } } },
        },
      },
    },
  },
  responses: {},
  security: [],
};

const request: ScanRequest = {
  method: 'POST',
  path: '/users/{id}/profile',
  pathParams: { id: 7 },
  query: { lang: 'en', verbose: true, tags: ['a', 'b'] },
  body: { avatar: 'https://images.example/me.png', age: 30, address: { city: 'Paris' } },
  contentType: 'application/json',
};

describe('injectionPoints', () => {
  it('lists string and number parameters and string body fields, nested ones by their keys, with their schemas', () => {
    expect(injectionPoints(operation, request)).toEqual([
      { in: 'path', name: 'id', keys: ['id'], value: '7', schema: { type: 'integer' } },
      { in: 'query', name: 'lang', keys: ['lang'], value: 'en', schema: { type: 'string' } },
      { in: 'body', name: 'avatar', keys: ['avatar'], value: 'https://images.example/me.png', schema: { type: 'string', format: 'uri' } },
      { in: 'body', name: 'address.city', keys: ['address', 'city'], value: 'Paris', schema: { type: 'string' } },
    ]);
  });

  it('puts a value at one point and leaves the request it came from as it was', () => {
    const [id, lang, , city] = injectionPoints(operation, request);
    expect(withValue(request, id!, "7'").pathParams).toEqual({ id: "7'" });
    expect(withValue(request, lang!, 'en;sleep 2').query).toEqual({ lang: 'en;sleep 2', verbose: true, tags: ['a', 'b'] });
    expect(withValue(request, city!, { $ne: null }).body).toEqual({ avatar: 'https://images.example/me.png', age: 30, address: { city: { $ne: null } } });
    expect(request.body).toEqual({ avatar: 'https://images.example/me.png', age: 30, address: { city: 'Paris' } });
  });

  it('sends an object in the query in brackets', () => {
    const lang = injectionPoints(operation, request)[1]!;
    expect(withValue(request, lang, { $ne: 'x', $gt: null }).query).toEqual({ 'lang[$ne]': 'x', 'lang[$gt]': '', verbose: true, tags: ['a', 'b'] });
  });

  it('names a point for a title', () => {
    expect(injectionPoints(operation, request).map(pointLabel)).toEqual([
      'path parameter "id"',
      'query parameter "lang"',
      'body field "avatar"',
      'body field "address.city"',
    ]);
  });
});
