import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../src/engines/spec/spec-format.js';
import { fieldDifferences, type WrittenField } from '../../../../src/engines/testing/write-read/field-differences.js';
import { writtenState } from '../../../../src/engines/testing/write-read/written-state.js';
import { specOf } from '../checks/spec-fixture.js';

const spec = specOf([], {
  Address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
});
const member: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    birthDate: { type: 'string', format: 'date' },
    password: { type: 'string', writeOnly: true },
    tags: { type: 'array', items: { type: 'string' } },
    scores: { type: 'array', items: { type: 'object', properties: { game: { type: 'string' }, at: { type: 'string', format: 'date-time' } } } },
    address: { $ref: '#/schemas/Address' },
    metadata: { type: 'object' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};
const fields = (values: Record<string, unknown>, by = 'this request'): WrittenField[] =>
  Object.entries(values).map(([name, value]) => ({ name, value, schema: (member.properties as Record<string, JsonSchema>)[name], by }));

describe('what a write sent against what was read back', () => {
  it('finds a field changed or left out, at its path, and nothing where the meaning is the same', () => {
    const sent = fields({
      name: 'Ada',
      email: 'Ada@Example.COM',
      birthDate: '1990-05-17',
      tags: ['chess', 'math'],
      scores: [{ game: 'go', at: '2024-03-01T10:00:00Z' }],
      address: { city: 'London', zip: 'N1' },
    });
    const same = {
      id: 7,
      name: 'Ada',
      email: 'ada@example.com',
      birthDate: '1990-05-17',
      tags: ['chess', 'math'],
      scores: [{ game: 'go', at: '2024-03-01T12:00:00+02:00', rank: 3 }],
      address: { city: 'London', zip: 'N1', country: 'UK' },
    };
    expect(fieldDifferences(sent, same, member, spec)).toEqual([]);
    const changed = {
      ...same,
      birthDate: '1990-05-16',
      tags: ['math', 'chess'],
      scores: [{ game: 'chess', at: '2024-03-01T10:00:00Z' }],
      address: { zip: 'N1' },
    };
    delete (changed as Partial<typeof changed>).name;
    expect(fieldDifferences(sent, changed, member, spec)).toEqual([
      { path: 'name', sent: 'Ada', by: 'this request', missing: true },
      { path: 'birthDate', sent: '1990-05-17', by: 'this request', got: '1990-05-16' },
      { path: 'tags[0]', sent: 'chess', by: 'this request', got: 'math' },
      { path: 'tags[1]', sent: 'math', by: 'this request', got: 'chess' },
      { path: 'scores[0].game', sent: 'go', by: 'this request', got: 'chess' },
      { path: 'address.city', sent: 'London', by: 'this request', missing: true },
    ]);
  });

  it('compares an array of another length, or a value of another shape, as a whole', () => {
    expect(fieldDifferences(fields({ tags: ['chess'] }), { tags: ['chess', 'go'] }, member, spec)).toEqual([
      { path: 'tags', sent: ['chess'], by: 'this request', got: ['chess', 'go'] },
    ]);
    expect(fieldDifferences(fields({ address: { city: 'London' } }), { address: 'London' }, member, spec)).toEqual([
      { path: 'address', sent: { city: 'London' }, by: 'this request', got: 'London' },
    ]);
  });

  it('leaves out what the server sets or never shows: readOnly, writeOnly, an id or a change time by name, fields the answer does not declare', () => {
    const sent = fields({ id: 1, password: 'secret', updatedAt: '2020-01-01T00:00:00Z', nickname: 'Ada' });
    expect(fieldDifferences(sent, { id: 7, updatedAt: '2024-01-01T00:00:00Z' }, member, spec)).toEqual([]);
    const declared: JsonSchema = { type: 'object', properties: { name: { type: 'string', readOnly: true } } };
    expect(fieldDifferences(fields({ name: 'Ada' }), { name: 'Bo' }, declared, spec)).toEqual([]);
  });

  it('compares every field sent in an object whose schema lists none, and takes null for left out', () => {
    expect(fieldDifferences(fields({ metadata: { source: 'web', tier: 2 } }), { metadata: { source: 'app', tier: 2 } }, member, spec)).toEqual([
      { path: 'metadata.source', sent: 'web', by: 'this request', got: 'app' },
    ]);
    expect(fieldDifferences(fields({ name: null }), {}, member, spec)).toEqual([]);
  });
});

describe('what an object holds after its writes', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' }, address: { type: 'object' } } };
  it('a POST or PUT states it whole, a PATCH merges into it (RFC 7396), each field named after the write that set it', () => {
    const state = writtenState(
      [
        { method: 'POST', body: { name: 'Ada', nickname: 'A', address: { city: 'London', zip: 'N1' } }, schema, by: 'step 1 (createMember)' },
        { method: 'PATCH', body: { nickname: null, address: { zip: 'N2' } }, schema, by: 'step 2 (updateMember)' },
      ],
      spec,
    );
    expect(state?.map(({ name, value, by }) => ({ name, value, by }))).toEqual([
      { name: 'name', value: 'Ada', by: 'step 1 (createMember)' },
      { name: 'nickname', value: null, by: 'step 2 (updateMember)' },
      { name: 'address', value: { city: 'London', zip: 'N2' }, by: 'step 2 (updateMember)' },
    ]);
    const replaced = writtenState(
      [
        { method: 'POST', body: { name: 'Ada', nickname: 'A' }, by: 'step 1' },
        { method: 'PUT', body: { name: 'Bo' }, by: 'step 3' },
      ],
      spec,
    );
    expect(replaced?.map(({ name, value }) => [name, value])).toEqual([['name', 'Bo']]);
    expect(replaced?.[0]).not.toHaveProperty('schema');
  });

  it('knows nothing after a write whose body is not an object (a JSON Patch), nor of no writes', () => {
    expect(writtenState([{ method: 'PATCH', body: [{ op: 'replace', path: '/name', value: 'Bo' }], by: 'step 2' }], spec)).toBeUndefined();
    expect(writtenState([], spec)).toBeUndefined();
    const after = writtenState(
      [
        { method: 'PATCH', body: [{ op: 'replace', path: '/name', value: 'Bo' }], by: 'step 2' },
        { method: 'PATCH', body: { nickname: 'B' }, by: 'step 3' },
      ],
      spec,
    );
    expect(after?.map(({ name }) => name)).toEqual(['nickname']);
  });
});
