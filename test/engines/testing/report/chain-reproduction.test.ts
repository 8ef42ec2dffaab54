import { describe, expect, it } from 'vitest';
import { jqFilter, reproductionLines } from '../../../../src/engines/testing/report/chain-reproduction.js';
import { curlLines } from '../../../../src/engines/testing/report/curl-command.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import type { CaseResult, TestRun } from '../../../../src/engines/testing/test-run.js';

const BASE = 'http://127.0.0.1:4010';

function step(step: number, operationId: string, fields: Partial<CaseResult> & { caseFields?: Partial<TestCase> }): CaseResult {
  const { caseFields, ...rest } = fields;
  return {
    case: {
      id: `${operationId}/stateful/${step}`,
      name: `step ${step}`,
      kind: 'stateful',
      operationId,
      tags: [],
      request: { method: 'GET', path: '/' },
      chain: { id: 'createOrder/stateful/chain-orderId', step },
      ...caseFields,
    },
    outcome: 'passed',
    findings: [],
    durationMs: 3,
    ...rest,
  };
}

/** POST /orders (extracts orderId 7 at $.id), PUT /orders/7 with the id in the body too, then GET /orders/7 fails. */
function chainRun(extracted: Record<string, string> = { orderId: '7' }): TestRun {
  const results: CaseResult[] = [
    step(1, 'createOrder', {
      caseFields: { extract: { orderId: '$.id' } },
      request: { method: 'POST', url: `${BASE}/orders`, headers: { 'content-type': 'application/json' }, body: '{"item":"pen"}' },
      response: { status: 201, statusText: 'Created', headers: {}, body: '{"id":7}', durationMs: 2 },
      extracted,
    }),
    step(2, 'replaceOrder', {
      request: { method: 'PUT', url: `${BASE}/orders/7`, headers: { 'content-type': 'application/json' }, body: '{"id":"7","item":"ink"}' },
      requestTemplate: {
        method: 'PUT',
        url: `${BASE}/orders/{{orderId}}`,
        headers: { 'content-type': 'application/json' },
        body: '{"id":"{{orderId}}","item":"ink"}',
      },
      response: { status: 200, statusText: 'OK', headers: {}, body: '{}', durationMs: 2 },
    }),
    step(3, 'getOrder', {
      outcome: 'failed',
      findings: [{ kind: 'not_a_server_error', message: 'server error 500' }],
      request: { method: 'GET', url: `${BASE}/orders/7`, headers: { 'x-api-key': '[masked:API_KEY]' } },
      requestTemplate: { method: 'GET', url: `${BASE}/orders/{{orderId}}`, headers: { 'x-api-key': '[masked:API_KEY]' } },
      response: { status: 500, statusText: 'Internal Server Error', headers: {}, body: '{}', durationMs: 2 },
    }),
  ];
  return {
    title: 'Orders 1.0.0',
    baseUrl: BASE,
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 10,
    checks: ['not_a_server_error'],
    operations: { total: 3, covered: 3 },
    results,
  };
}

describe('reproductionLines', () => {
  it('is the curl line alone (and its note) for a case outside a chain or a first step', () => {
    const run = chainRun();
    const lone: CaseResult = { ...run.results[2]!, case: { ...run.results[2]!.case } };
    delete lone.case.chain;
    const { command, note } = curlLines(lone.request!);
    expect(reproductionLines({ ...run, results: [lone] }, lone)).toEqual([note, command]);
    expect(reproductionLines(run, run.results[0]!)).toEqual([curlLines(run.results[0]!.request!).command]);
  });

  it('gives a later step the whole chain before it, each value taken from the answer at replay time, the secret required first', () => {
    const run = chainRun();
    expect(reproductionLines(run, run.results[2]!)).toEqual([
      '# steps 1 to 3 of chain createOrder/stateful/chain-orderId, in order, in one shell (needs jq): step 3 failed',
      ': "${API_KEY:?set API_KEY first: its value is masked in this report}"',
      '# step 1 (createOrder): its response body is kept in RESPONSE_1',
      `RESPONSE_1=$(curl -sS -X POST '${BASE}/orders' -H 'content-type: application/json' --data-raw '{"item":"pen"}'); printf '%s\\n' "$RESPONSE_1"`,
      `ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')`,
      '# step 2 (replaceOrder)',
      `curl -sS -i -X PUT "${BASE}/orders/$ORDER_ID" -H 'content-type: application/json' --data-raw "{\\"id\\":\\"$ORDER_ID\\",\\"item\\":\\"ink\\"}"`,
      '# step 3 (getOrder): the step that failed',
      `curl -sS -i "${BASE}/orders/$ORDER_ID" -H "x-api-key: $API_KEY"`,
    ]);
  });

  it("never sends this run's literal id: a fresh server gives its own", () => {
    const run = chainRun();
    const commands = reproductionLines(run, run.results[2]!).filter((line) => !line.startsWith('#'));
    expect(commands.join('\n')).not.toMatch(/orders\/7|"7"|'7'/);
  });

  it('sets a value jq cannot read to what this run got, or leaves it to be set by hand when the report masks it', () => {
    const run = chainRun();
    run.results[0]!.case.extract = { orderId: '$..id' };
    expect(reproductionLines(run, run.results[2]!)).toEqual(
      expect.arrayContaining(['# orderId as this run got it ($..id): jq cannot read that path', "ORDER_ID='7'"]),
    );
    const masked = chainRun({ orderId: '[masked]' });
    masked.results[0]!.case.extract = { orderId: '$..id' };
    expect(reproductionLines(masked, masked.results[2]!)).toContain(
      '# set ORDER_ID by hand to orderId ($..id) from RESPONSE_1: jq cannot read that path, and the report masks its value',
    );
  });

  it('sends a step as it was sent when its template names a value no earlier step gave', () => {
    const run = chainRun();
    run.results[1]!.requestTemplate!.url = `${BASE}/orders/{{somethingElse}}`;
    expect(reproductionLines(run, run.results[2]!)).toContain(
      `curl -sS -i -X PUT '${BASE}/orders/7' -H 'content-type: application/json' --data-raw '{"id":"7","item":"ink"}'`,
    );
  });

  it('names variables after the value, never after one the shell or curl uses', () => {
    const run = chainRun({ path: '/tmp', orderId: '7' });
    run.results[0]!.case.extract = { path: '$.path', orderId: '$.id' };
    const lines = reproductionLines(run, run.results[2]!);
    expect(lines).toContain(`PATH_VALUE=$(printf '%s' "$RESPONSE_1" | jq -r '.path')`);
    expect(lines).toContain(`ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')`);
  });

  it('puts the lines in the JSON report of each failed case, and the chain in the Markdown, HTML and JUnit reports', () => {
    const run = chainRun();
    const json = JSON.parse(renderReport(run, 'json')) as { results: Array<{ reproduce?: string[] }> };
    expect(json.results.map((result) => result.reproduce)).toEqual([undefined, undefined, reproductionLines(run, run.results[2]!)]);
    expect(renderReport(run, 'md')).toContain(['```sh', ...reproductionLines(run, run.results[2]!), '```'].join('\n'));
    expect(renderReport(run, 'html')).toContain(`ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')\n# step 2 (replaceOrder)`);
    expect(renderReport(run, 'junit')).toContain('Reproduce (the chain up to this step):\n# steps 1 to 3');
  });
});

describe('jqFilter', () => {
  it('writes the JSONPaths chains extract as jq filters, and none for what jq reads otherwise', () => {
    expect(jqFilter('$.id')).toBe('.id');
    expect(jqFilter('$.data[0].id')).toBe('.data[0].id');
    expect(jqFilter("$['odd-name']")).toBe('.["odd-name"]');
    expect(jqFilter('$[2]')).toBe('.[2]');
    expect(jqFilter('$')).toBe('.');
    expect(jqFilter('$..id')).toBeUndefined();
    expect(jqFilter('$.items[?(@.id)]')).toBeUndefined();
  });
});

describe('reproductionLines of a case that sent ids the API gave earlier in the run', () => {
  function result(id: string, fields: Partial<CaseResult>): CaseResult {
    const [operationId, kind] = id.split('/') as [string, TestCase['kind']];
    return {
      case: { id, name: id, kind, operationId, tags: [], request: { method: 'GET', path: '/' } },
      outcome: 'passed',
      findings: [],
      durationMs: 2,
      ...fields,
    };
  }
  const created = (status = 201) =>
    result('createCustomer/happy/valid', {
      request: { method: 'POST', url: `${BASE}/customers`, headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' },
      response: { status, statusText: '', headers: { location: '/customers/5' }, body: '{"id":5,"name":"Ada"}', durationMs: 2 },
    });
  const failingOrder = (from: NonNullable<CaseResult['references']>[number]['from']) =>
    result('createOrder/happy/valid', {
      outcome: 'failed',
      findings: [{ kind: 'not_a_server_error', message: 'server error 500' }],
      request: { method: 'POST', url: `${BASE}/orders`, headers: { 'content-type': 'application/json' }, body: '{"customerId":5,"item":"pen"}' },
      requestTemplate: {
        method: 'POST',
        url: `${BASE}/orders`,
        headers: { 'content-type': 'application/json' },
        body: '{"customerId":{{ref.customerId}},"item":"pen"}',
      },
      response: { status: 500, statusText: '', headers: {}, body: '{}', durationMs: 2 },
      references: [{ slot: 'body customerId', placeholder: 'ref.customerId', value: '5', from }],
    });
  const run = (results: CaseResult[]): TestRun => ({ ...chainRun(), results });

  it('makes the thing first and takes its id from the answer, a number sent as a number', () => {
    const order = failingOrder({ case: 'createCustomer/happy/valid', jsonPath: '$.id' });
    expect(reproductionLines(run([created(), order]), order)).toEqual([
      '# 2 requests, in order, in one shell (needs jq): the last, createOrder/happy/valid, failed; the ones before it give what it sends',
      '# 1. createCustomer/happy/valid: its response body is kept in RESPONSE_1',
      `RESPONSE_1=$(curl -sS -X POST '${BASE}/customers' -H 'content-type: application/json' --data-raw '{"name":"Ada"}'); printf '%s\\n' "$RESPONSE_1"`,
      `CUSTOMER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')`,
      '# 2. createOrder/happy/valid: the case that failed',
      `curl -sS -i -X POST '${BASE}/orders' -H 'content-type: application/json' --data-raw "{\\"customerId\\":$CUSTOMER_ID,\\"item\\":\\"pen\\"}"`,
    ]);
  });

  it("reads an id given only in the Location header from the header's last segment", () => {
    const order = failingOrder({ case: 'createCustomer/happy/valid', header: 'location' });
    const lines = reproductionLines(run([created(), order]), order);
    expect(lines[1]).toBe('# 1. createCustomer/happy/valid: its response (status line, headers and body) is kept in RESPONSE_1');
    expect(lines[2]).toContain("RESPONSE_1=$(curl -sS -i -X POST '");
    expect(lines[3]).toBe(`CUSTOMER_ID=$(printf '%s\\n' "$RESPONSE_1" | tr -d '\\r' | sed -n 's|^[Ll]ocation:.*/\\([^/?#]*\\).*$|\\1|p' | head -n 1)`);
  });

  it('sends a case whose only reference is a seed value, or whose source is not in the report, as it went', () => {
    const seeded = failingOrder({ seed: 'seed.yaml' });
    expect(reproductionLines(run([seeded]), seeded)).toEqual([curlLines(seeded.request!).command]);
    const lost = failingOrder({ case: 'createCustomer/happy/valid', jsonPath: '$.id' });
    expect(reproductionLines(run([created(422), lost]), lost)).toEqual([curlLines(lost.request!).command]);
  });

  it('sets a seed value once at the top when the case replays with others', () => {
    const chain = chainRun();
    const last = chain.results[2]!;
    last.request!.url = `${BASE}/orders/7?customer=5`;
    last.requestTemplate!.url = `${BASE}/orders/{{orderId}}?customer={{ref.customerId}}`;
    last.references = [{ slot: 'query customer', placeholder: 'ref.customerId', value: '5', from: { seed: 'seed.yaml' } }];
    const lines = reproductionLines(chain, last);
    expect(lines.slice(1, 4)).toEqual([
      ': "${API_KEY:?set API_KEY first: its value is masked in this report}"',
      '# customerId as seed.yaml gives it (--seed-data)',
      "CUSTOMER_ID='5'",
    ]);
    expect(lines.at(-1)).toBe(`curl -sS -i "${BASE}/orders/$ORDER_ID?customer=$CUSTOMER_ID" -H "x-api-key: $API_KEY"`);
  });
});
