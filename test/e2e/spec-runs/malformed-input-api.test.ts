import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import { MALFORMED_INPUT_DEFECTS, NEAR_MISS_INPUT_DEFECTS, startCustomersApi } from '../../apis/customers-api.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { testServer } from './spec-run.js';

/**
 * A Customers API whose handlers break (500) on a malformed uuid in the path and a malformed email
 * or date in the body, because it does not check formats; and its twin, which checks every input
 * against the spec and answers 400. `falcon test` finds each 500 through the negative case that
 * sends the malformed value or a near miss of its format (some of which it takes), and passes the twin.
 */
describe('falcon test against an API that breaks on malformed formats', () => {
  let defective: SpecServer;
  let conforming: SpecServer;
  let onDefective: SpecTestResult;
  let onConforming: SpecTestResult;
  beforeAll(async () => {
    [defective, conforming] = await Promise.all([startCustomersApi('defective'), startCustomersApi('conforming')]);
    // The strategies whose cases are made from the spec's rules; fuzzing has tests of its own.
    const strategies = ['happy', 'negative', 'boundary', 'stateful'] as const;
    [onDefective, onConforming] = await Promise.all([testServer(defective, { strategies }), testServer(conforming, { strategies })]);
  });
  afterAll(async () => {
    await defective?.close();
    await conforming?.close();
  });

  it('finds the 500 to /customers/not-a-uuid and to a malformed email and date, and their near misses, and nothing else', () => {
    const failed = onDefective.run.results.filter((result) => result.outcome !== 'passed');
    expect(failed.map((result) => result.case.id).sort()).toEqual([...MALFORMED_INPUT_DEFECTS, ...Object.keys(NEAR_MISS_INPUT_DEFECTS)].sort());
    for (const result of failed) {
      expect(result.findings.map((finding) => finding.kind).sort(), result.case.id).toEqual(NEAR_MISS_INPUT_DEFECTS[result.case.id] ?? ['not_a_server_error']);
    }
    expect(failed.find((result) => result.case.id === 'createCustomer/negative/birthday-no-such-day')?.findings[0]?.message).toMatch(
      /^date that does not exist '\d{4}-02-30' was accepted \(201\)$/,
    );
    const uuid = failed.find((result) => result.case.id === 'getCustomer/negative/path-customerId-malformed-uuid')!;
    expect(uuid.case).toMatchObject({
      name: 'GET /customers/{customerId} with path parameter "customerId" as a malformed uuid "not-a-uuid"',
      mutation: 'path parameter "customerId" set to "not-a-uuid", a malformed uuid',
      request: { pathParams: { customerId: 'not-a-uuid' } },
    });
    expect(uuid.request?.url).toMatch(/\/customers\/not-a-uuid$/);
    expect(uuid.response?.status).toBe(500);
    const email = failed.find((result) => result.case.id === 'createCustomer/negative/email-malformed-email')!;
    expect(email.case.name).toBe('POST /customers with "email" as a malformed email "user@"');
    expect(email.case.request.body).toMatchObject({ email: 'user@' });
  });

  it('passes the twin that answers 400 to every malformed value, wrong type and missing header', () => {
    const { results } = onConforming.run;
    expect(
      results
        .filter((result) => result.outcome !== 'passed')
        .map((result) => `${result.case.id}: ${result.findings.map((finding) => finding.message).join('; ')}`),
    ).toEqual([]);
    const statusOf = (id: string) => results.find((result) => result.case.id === id)?.response?.status;
    for (const id of [
      ...MALFORMED_INPUT_DEFECTS,
      ...Object.keys(NEAR_MISS_INPUT_DEFECTS),
      'listCustomers/negative/header-X-Request-Id-missing',
      'listCustomers/negative/header-X-Request-Id-malformed-uuid',
      'listCustomers/negative/query-limit-wrong-type',
      'listCustomers/negative/query-createdSince-malformed-date',
      'createCustomer/negative/name-wrong-type',
      'createCustomer/negative/email-wrong-type',
    ]) {
      expect(statusOf(id), id).toBe(400);
    }
  });
});
