import { describe, expect, it } from 'vitest';
import type { FalconSpec, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import { positiveDataAcceptance } from '../../../../src/engines/testing/checks/positive-data-acceptance.js';
import { unknownReference } from '../../../../src/engines/testing/references/unknown-reference.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { CaseResult } from '../../../../src/engines/testing/test-run.js';
import { runWarnings } from '../../../../src/engines/testing/warnings/run-warnings.js';
import { answer, contextOf, findingsOf } from '../checks/check-context-fixture.js';

const BASE = 'http://127.0.0.1:4010';
const createOrder: SpecOperation = { id: 'createOrder', method: 'POST', path: '/orders', tags: [], parameters: [], responses: {}, security: [] };
const listCustomers: SpecOperation = { id: 'listCustomers', method: 'GET', path: '/customers', tags: [], parameters: [], responses: {}, security: [] };
const getShipment: SpecOperation = { ...createOrder, id: 'getShipment', method: 'GET', path: '/orders/{orderId}/shipments/{shipmentId}' };

function orderCase(kind: TestCase['kind'], body: unknown = { customerId: 123, warehouse_id: 'w-1', item: 'pen' }): TestCase {
  return {
    id: `createOrder/${kind}/case`,
    name: 'POST /orders',
    kind,
    operationId: 'createOrder',
    tags: [],
    request: { method: 'POST', path: '/orders', body, contentType: 'application/json' },
  };
}

function spec(operations: SpecOperation[]): FalconSpec {
  return {
    format: 'falcon-spec/1',
    source: 'openapi.yaml',
    kind: 'openapi',
    specVersion: '3.0.3',
    ingestedAt: '2025-01-01T00:00:00Z',
    title: 'Orders',
    version: '1',
    servers: [],
    securitySchemes: {},
    operations,
  };
}

function answered(testCase: TestCase, status: number, body: string): CaseResult {
  return {
    case: testCase,
    outcome: 'passed',
    findings: [],
    request: { method: 'POST', url: `${BASE}/orders`, headers: {}, body: JSON.stringify(testCase.request.body) },
    response: { status, statusText: '', headers: {}, body, durationMs: 2 },
    durationMs: 2,
  };
}

describe('unknownReference', () => {
  it('reads a 409 or 422 that says a thing the request names is not there, and names the reference', () => {
    const about = (status: number, body: string, testCase = orderCase('happy')) => unknownReference(testCase, answer(status, body), createOrder)?.name;
    expect(about(422, '{"error":"customer 123 not found"}')).toBe('customerId');
    expect(about(409, '{"message":"Unknown customerId"}')).toBe('customerId');
    expect(about(422, '{"detail":"warehouse does not exist"}')).toBe('warehouse_id');
    expect(about(422, '{"errors":[{"field":"customer_id","message":"no such record"}]}')).toBe('customerId');
    expect(about(422, '{"error":"the referenced customer is missing"}')).toBe('customerId');
    // Validation, not a lookup: a field left out, a rule broken.
    expect(about(422, '{"error":"customerId is missing: it is required"}')).toBeUndefined();
    expect(about(422, '{"error":"quantity must be at most 10"}')).toBeUndefined();
    // Other statuses are other checks' business (404 stays as it is).
    expect(about(400, '{"error":"customer 123 not found"}')).toBeUndefined();
    expect(about(404, '{"error":"customer 123 not found"}')).toBeUndefined();
    // Naming nothing of the request: about its only reference, else about none.
    expect(about(422, '{"error":"not found"}', orderCase('happy', { customerId: 1, item: 'pen' }))).toBe('customerId');
    expect(about(422, '{"error":"not found"}')).toBeUndefined();
    const shipment: TestCase = {
      ...orderCase('happy', undefined),
      request: { method: 'GET', path: getShipment.path, pathParams: { orderId: 4, shipmentId: 9 } },
    };
    expect(unknownReference(shipment, answer(409, '{"error":"Shipment 9 does not exist"}'), getShipment)?.name).toBe('shipmentId');
  });
});

describe('positive_data_acceptance and an unknown reference', () => {
  it('passes a valid request refused for naming a thing the API lacks, and lists the values of one it refuses otherwise', () => {
    const refused = (body: string, extra = {}) =>
      findingsOf(positiveDataAcceptance, contextOf(orderCase('happy'), answer(422, body), { operation: createOrder, ...extra }));
    expect(refused('{"error":"customer 123 not found"}')).toEqual([]);
    const sent = {
      request: { method: 'POST', url: `${BASE}/orders?dryRun=true`, headers: {}, body: '{"customerId":7,"warehouse_id":"w-1","item":"pen"}' },
      references: [{ slot: 'body customerId', placeholder: 'ref.customerId', value: '7', from: { case: 'createCustomer/happy/valid', jsonPath: '$.id' } }],
    };
    expect(refused('{"error":"item is out of stock"}', { sent })).toEqual([
      {
        kind: 'positive_data_acceptance',
        message:
          'a valid request was rejected with 422: {"error":"item is out of stock"}; it sent query dryRun=true; body {"customerId":7,"warehouse_id":"w-1","item":"pen"} (body customerId 7 from createCustomer/happy/valid $.id)',
      },
    ]);
  });
});

describe('missing_test_data for an unknown reference', () => {
  const notFound = '{"error":"customer 123 not found"}';

  it("fires when most of the operation's valid cases were refused so, naming the parameter, the values, and where to get known ones", () => {
    const results = [
      ...Array.from({ length: 5 }, () => answered(orderCase('happy'), 422, notFound)),
      answered(orderCase('boundary', { customerId: 1, item: 'p' }), 422, '{"error":"customer 1 not found"}'),
      // Refused before the lookup: invalid requests say nothing of the data.
      ...Array.from({ length: 6 }, () => answered({ ...orderCase('negative'), expectRejection: true }, 400, '{"error":"bad body"}')),
    ];
    expect(runWarnings(results, spec([listCustomers, createOrder]))).toEqual([
      {
        kind: 'missing_test_data',
        operation: 'createOrder',
        parameter: 'customerId',
        message: 'createOrder (POST /orders) refused most valid cases because the customerId they sent names nothing the API has: no case reached its logic',
        evidence: 'all 6 valid cases got 422 for an unknown customerId; sent customerId 123, 1; the API said: {"error":"customer 123 not found"}',
        advice:
          'let the run get a customerId from the API by including listCustomers in it, or give customerIds the API has with --seed-data FILE (a line "customerId: [<id>, …]")',
      },
    ]);
    expect(runWarnings(results, spec([createOrder]))[0]!.advice).toBe(
      'give customerIds the API has with --seed-data FILE (a line "customerId: [<id>, …]"), or give customerId an example in the spec that the server has',
    );
  });

  it('stays quiet when the valid cases mostly got through: only the one that set the reference itself was refused', () => {
    const results = [
      ...Array.from({ length: 5 }, () => answered(orderCase('happy'), 201, '{"id":1}')),
      answered(orderCase('boundary', { customerId: 1, item: 'p' }), 422, '{"error":"customer 1 not found"}'),
    ];
    expect(runWarnings(results, spec([createOrder]))).toEqual([]);
  });
});
