import { afterEach, describe, expect, it } from 'vitest';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import { REFERENCE_DEFECTS, type ReferencesApi, startReferencesApi } from '../../apis/references-api.js';
import { testServer } from './spec-run.js';

/**
 * The References API refuses an order for a customer it does not have (422), and hides its planted
 * defects behind that lookup. test/e2e/test-command-references.test.ts runs it through the binary;
 * this looks at what the engine sent: which ids, from where, in what order.
 */
const servers: ReferencesApi[] = [];
async function api(options: Parameters<typeof startReferencesApi>[0]): Promise<ReferencesApi> {
  const server = await startReferencesApi(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const found = (results: CaseResult[]) => new Set(results.flatMap((result) => result.findings.map((finding) => `${result.case.operationId} ${finding.kind}`)));
const byId = (results: CaseResult[], id: string) => results.find((result) => result.case.id === id)!;

describe('falcon test fills references from the API’s own data', () => {
  it('reaches each defect behind the customer lookup, by its check, and nothing else fires', async () => {
    const server = await api({ build: 'defective' });
    const { run } = await testServer(server, { concurrency: 4 });
    const expected = [
      ...REFERENCE_DEFECTS.map((defect) => `${defect.operationId} ${defect.check}`),
      // A 500 is also a status the spec does not document.
      'createOrder status_code_conformance',
      'getOrder status_code_conformance',
      // The email dropped on the way out is also missing from the read of the customer a chain created.
      'getCustomer write_read_consistency',
    ];
    expect([...found(run.results)].sort()).toEqual(expected.sort());
    expect(run.warnings).toBeUndefined();

    // The order went to a customer the run created, its id read from the create's answer.
    const customer = (JSON.parse(byId(run.results, 'createCustomer/happy/valid').response!.body) as { id: number }).id;
    const order = byId(run.results, 'createOrder/happy/valid');
    expect(order.response!.status).toBe(201);
    expect(order.references).toEqual([
      { slot: 'body customerId', placeholder: 'ref.customerId', value: String(customer), from: { case: 'createCustomer/happy/valid', jsonPath: '$.id' } },
    ]);
    expect(JSON.parse(order.request!.body!)).toEqual({ customerId: customer, item: 'pen', quantity: 2 });
    // A boundary case keeps it too: 99 of a real customer's item breaks the stock check.
    expect(byId(run.results, 'createOrder/boundary/quantity-maximum').findings.map((finding) => finding.kind)).toContain('not_a_server_error');
    // So do fuzzed bodies: the minimal failing input names a customer the API has.
    const fuzzed = byId(run.results, 'createOrder/fuzz/inputs');
    expect(fuzzed.outcome).toBe('failed');
    expect((JSON.parse(fuzzed.request!.body!) as { customerId: number }).customerId).toBe(customer);
    expect(fuzzed.references?.map((reference) => reference.slot)).toEqual(['body customerId']);
    // The read found an order the run placed, and failed on it.
    const read = byId(run.results, 'getOrder/happy/valid');
    expect(read.references?.[0]?.from).toEqual({ case: 'createOrder/happy/valid', jsonPath: '$.id' });
    expect(read.response!.status).toBe(500);
    expect(read.requestTemplate?.url).toBe(`${server.url}/orders/{{ref.orderId}}`);
  });

  it('passes the conforming twin: every valid order names a customer the API has, and lists and creates go before what needs their ids', async () => {
    const server = await api({ build: 'conforming' });
    const { run } = await testServer(server, { concurrency: 4 });
    expect(run.results.filter((result) => result.outcome === 'failed').map((result) => result.case.id)).toEqual([]);
    expect(run.warnings).toBeUndefined();
    expect(server.log.filter((line) => line.startsWith('POST /orders ')).every((line) => / (201|400|415)$/.test(line))).toBe(true);
    const first = (pattern: RegExp) => server.log.findIndex((line) => pattern.test(line));
    expect(first(/^POST \/customers 201$/)).toBeLessThan(first(/^POST \/orders 201$/));
    expect(first(/^POST \/orders 201$/)).toBeLessThan(first(/^GET \/orders\/\d+ 200$/));
    expect(server.log).not.toContain('GET /orders/1 404');
  });

  it('takes each reference from the same source run after run, whatever order the answers come back in', async () => {
    // The ids themselves are the server's to give, in the order creates arrive; where each is read is not.
    const references = async () => {
      const { run } = await testServer(await api({ build: 'conforming' }), { concurrency: 4, strategies: ['happy', 'boundary', 'stateful'] });
      return run.results.map((result) => [result.case.id, (result.references ?? []).map(({ slot, from }) => ({ slot, from }))]);
    };
    const first = await references();
    expect(first.filter(([, used]) => (used as unknown[]).length > 0).length).toBeGreaterThan(5);
    expect(await references()).toEqual(first);
  });

  it('without any way to get a customer id, the refused orders are a missing_test_data warning, not a failure; --seed-data gives one', async () => {
    const server = await api({ build: 'conforming', knownCustomer: 7 });
    const { run } = await testServer(server, { concurrency: 4, filter: { include: ['createOrder'] } });
    expect(run.results.filter((result) => result.outcome === 'failed').map((result) => result.case.id)).toEqual([]);
    expect(byId(run.results, 'createOrder/happy/valid').response!.status).toBe(422);
    expect(run.warnings).toEqual([expect.objectContaining({ kind: 'missing_test_data', operation: 'createOrder', parameter: 'customerId' })]);
    expect(run.warnings![0]!.evidence).toMatch(
      /^all \d+ valid cases got 422 for an unknown customerId; sent customerId 123, 1; the API said: \{"error":"customer 123 not found"\}$/,
    );

    const seedData = { file: 'seed.yaml', values: new Map([['customerId', [{ value: 7, line: 1 }]]]), lines: new Map([['customerId', 1]]) };
    const seeded = await testServer(server, { concurrency: 4, filter: { include: ['createOrder'] }, seedData });
    expect(seeded.run.warnings).toBeUndefined();
    const order = byId(seeded.run.results, 'createOrder/happy/valid');
    expect(order.response!.status).toBe(201);
    expect(order.references).toEqual([{ slot: 'body customerId', placeholder: 'ref.customerId', value: '7', from: { seed: 'seed.yaml' } }]);
  });
});
