import { describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { fillReferences } from '../../../../src/engines/testing/references/fill-references.js';
import { harvestResponse } from '../../../../src/engines/testing/references/harvest-response.js';
import { ReferencePool } from '../../../../src/engines/testing/references/reference-pool.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import type { ReferenceSlot, TestCase } from '../../../../src/engines/testing/test-case.js';
import { ingestedSpec, operationOf } from '../generate/generation-fixtures.js';

const customerSlot: ReferenceSlot = { in: 'body', name: 'customerId', field: ['customerId'] };

function createOrderCase(): TestCase {
  return {
    id: 'createOrder/happy/valid',
    name: 'POST /orders',
    kind: 'happy',
    operationId: 'createOrder',
    tags: [],
    request: { method: 'POST', path: '/orders', body: { customerId: 123, item: 'pen', quantity: 2 }, contentType: 'application/json' },
    references: [customerSlot],
  };
}

async function poolFor(spec: FalconSpec) {
  return { pool: new ReferencePool(spec), validator: await SpecSchemaValidator.load(spec.schemas) };
}

describe('harvestResponse', () => {
  it("reads each object's fields, from a list, a wrapper, an item and the objects inside it, and the Location header's item", async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const paths = [...new Set(spec.operations.map((operation) => operation.path))];
    expect(harvestResponse(operationOf(spec, 'listOrders'), '[{"id":3,"customerId":7,"item":"pen"}]', undefined, paths)).toEqual([
      { resource: 'order', field: 'id', value: 3, jsonPath: '$[0].id' },
      { resource: 'order', field: 'customerId', value: 7, jsonPath: '$[0].customerId' },
      { resource: 'order', field: 'item', value: 'pen', jsonPath: '$[0].item' },
    ]);
    const wrapped = harvestResponse(operationOf(spec, 'listCustomers'), '{"data":[{"id":1,"owner":{"id":9}}],"total":1}', undefined, paths);
    expect(wrapped).toEqual([
      { resource: 'customer', field: 'id', value: 1, jsonPath: '$.data[0].id' },
      { resource: 'owner', field: 'id', value: 9, jsonPath: '$.data[0].owner.id' },
      { resource: 'customer', field: 'total', value: 1, jsonPath: '$.total' },
    ]);
    // The header adds only what the body lacks.
    expect(harvestResponse(operationOf(spec, 'createCustomer'), '', 'http://api.example/v1/customers/42', paths)).toEqual([
      { resource: 'customer', field: 'customerId', value: '42' },
      { resource: 'customer', field: 'id', value: '42' },
    ]);
    expect(harvestResponse(operationOf(spec, 'createCustomer'), '{"id":42}', '/customers/42', paths)).toEqual([
      { resource: 'customer', field: 'id', value: 42, jsonPath: '$.id' },
    ]);
    expect(harvestResponse(operationOf(spec, 'createCustomer'), 'not json', '/elsewhere/42', paths)).toEqual([]);
  });
});

describe('ReferencePool', () => {
  it("offers a phase's answers only once the phase has ended, in case order whatever order they came back in", async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const { pool } = await poolFor(spec);
    const createCustomer = operationOf(spec, 'createCustomer');
    const createOrder = operationOf(spec, 'createOrder');
    pool.harvest(5, 'createCustomer/boundary/name-max-length', createCustomer, { body: '{"id":2,"name":"x","email":"b@example.com"}' });
    pool.harvest(4, 'createCustomer/happy/valid', createCustomer, { body: '{"id":1,"name":"Ada","email":"a@example.com"}' });
    expect([...pool.candidates(customerSlot, createOrder)]).toEqual([]);
    pool.commit();
    expect([...pool.candidates(customerSlot, createOrder)].map((candidate) => candidate.value)).toEqual([1, 2]);
    expect([...pool.candidates(customerSlot, createOrder)][0]!.source).toEqual({ case: 'createCustomer/happy/valid', jsonPath: '$.id' });
  });

  it('offers the seed data first, then what the run created before what it listed, then a field of the same name on another resource', async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const seed = { file: 'seed.yaml', values: new Map([['customerId', [{ value: 70 }]]]), lines: new Map() };
    const pool = new ReferencePool(spec, seed);
    pool.harvest(1, 'listCustomers/happy/valid', operationOf(spec, 'listCustomers'), { body: '[{"id":8,"name":"Listed","email":"l@example.com"}]' });
    pool.harvest(2, 'listOrders/happy/valid', operationOf(spec, 'listOrders'), { body: '[{"id":4,"customerId":9,"item":"pen","quantity":1}]' });
    pool.harvest(3, 'createCustomer/happy/valid', operationOf(spec, 'createCustomer'), { body: '{"id":1,"name":"Ada","email":"a@example.com"}' });
    pool.commit();
    const offered = [...pool.candidates(customerSlot, operationOf(spec, 'createOrder'))];
    expect(offered.map((candidate) => candidate.value)).toEqual([70, 1, 8, 9]);
    expect(offered[0]!.source).toEqual({ seed: 'seed.yaml' });
    expect(offered[3]!.source).toEqual({ case: 'listOrders/happy/valid', jsonPath: '$[0].customerId' });
  });

  it('forgets a value a DELETE removed', async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const { pool } = await poolFor(spec);
    pool.harvest(1, 'listCustomers/happy/valid', operationOf(spec, 'listCustomers'), { body: '[{"id":1},{"id":2}]' });
    pool.forget('customer', '1');
    pool.commit();
    expect([...pool.candidates(customerSlot, operationOf(spec, 'createOrder'))].map((candidate) => candidate.value)).toEqual([2]);
  });
});

describe('fillReferences', () => {
  it('writes each filled slot as a placeholder with the value the schema takes, the first valid candidate winning', async () => {
    const spec = await ingestedSpec('references-3.0.yaml');
    const { pool, validator } = await poolFor(spec);
    // customerId is an integer of at least 1: "x" and 0 do not fit, "7" does as 7.
    pool.harvest(1, 'listOrders/happy/valid', operationOf(spec, 'listOrders'), { body: '[{"customerId":"x"},{"customerId":0},{"customerId":"7"}]' });
    pool.commit();
    const fill = fillReferences(createOrderCase(), operationOf(spec, 'createOrder'), pool, spec, validator)!;
    expect(fill.testCase.request.body).toEqual({ customerId: '{{ref.customerId}}', item: 'pen', quantity: 2 });
    expect(fill.values).toEqual(new Map([['ref.customerId', 7]]));
    expect(fill.used).toEqual([
      {
        slot: customerSlot,
        label: 'body customerId',
        placeholder: 'ref.customerId',
        value: 7,
        source: { case: 'listOrders/happy/valid', jsonPath: '$[2].customerId' },
      },
    ]);
  });

  it('fills a path parameter and the body id that repeats it with one value, and nothing when the pool has none', async () => {
    const spec = await ingestedSpec('references-shapes-3.0.yaml');
    const { pool, validator } = await poolFor(spec);
    const replace: TestCase = {
      id: 'replaceCustomer/happy/valid',
      name: 'PUT /customers/{customerId}',
      kind: 'happy',
      operationId: 'replaceCustomer',
      tags: [],
      request: { method: 'PUT', path: '/customers/{customerId}', pathParams: { customerId: 5 }, body: { id: 5, name: 'Ada' } },
      references: [
        { in: 'path', name: 'customerId' },
        { in: 'body', name: 'id', field: ['id'], sameAs: 'customerId' },
      ],
    };
    const operation = operationOf(spec, 'replaceCustomer');
    expect(fillReferences(replace, operation, pool, spec, validator)).toBeUndefined();
    pool.harvest(1, 'listCustomers/happy/valid', operationOf(spec, 'listCustomers'), { body: '{"data":[{"id":31,"name":"Bo"}]}' });
    pool.commit();
    const fill = fillReferences(replace, operation, pool, spec, validator)!;
    expect(fill.testCase.request).toMatchObject({ pathParams: { customerId: '{{ref.customerId}}' }, body: { id: '{{ref.customerId}}', name: 'Ada' } });
    expect(fill.values).toEqual(new Map([['ref.customerId', 31]]));
  });
});
