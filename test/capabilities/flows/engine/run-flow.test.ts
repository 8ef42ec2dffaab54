import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepResult } from '../../../../src/capabilities/flows/engine/flow-run.js';
import { EARLIER_STEP_FAILED } from '../../../../src/capabilities/flows/engine/run-flow.js';
import { type FlowProject, makeFlowProject } from './flow-project.js';
import { SHOP_PASSWORD, SHOP_TOKEN, type ShopApi, startShopApi } from '../../../apis/shop-api.js';

let api: ShopApi;
let project: FlowProject;

beforeAll(async () => {
  api = await startShopApi(3);
  project = await makeFlowProject(api.url, { SHOP_PW: SHOP_PASSWORD });
});

afterAll(async () => {
  await project.remove();
  await api.close();
});

const LOG_IN = `  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login", body: {user: ann, password: "{{env:SHOP_PW}}"}}
    assertions: {status_code: 200}
    extract: {token: "$.token", request_id: "header:x-request-id"}
`;

const outline = (steps: StepResult[]) => steps.map((step) => `${step.name}${step.row ? ` #${step.row.index}` : ''}: ${step.outcome}`);

describe('runFlow', () => {
  it('logs in, creates an order, polls until it is paid and checks a product per CSV row', async () => {
    await project.write('.falcon/flows/products.csv', 'sku,label\nA-1,first\nB-2,second\nC-3,third\n');
    const started: string[] = [];
    const reported: string[] = [];
    const run = await project.run(
      'checkout',
      `name: checkout
vars: {qty: 2}
steps:
${LOG_IN}  - name: who am I
    request: {url: "{{BASE_URL}}/me"}
    assertions: {json_path: {"$.user": ann}}
  - name: create order
    request: {method: POST, url: "{{BASE_URL}}/orders", headers: {Authorization: "Bearer {{token}}"}, body: {qty: "{{qty}}"}}
    assertions: {status_code: 201}
    extract: {order_id: "$.id", state: "regex:\\"status\\":\\"(\\\\w+)\\""}
  - wait: 20ms
  - name: wait until paid
    request: {url: "{{BASE_URL}}/orders/{{order_id}}", headers: {Authorization: "Bearer {{token}}"}}
    until: {json_path: {"$.status": paid}}
    retry: {times: 5, every: 10ms}
  - name: product
    foreach: products.csv
    request: {url: "{{BASE_URL}}/products/{{sku}}"}
    assertions: {json_path: {"$.sku": "{{sku}}"}}
`,
      { onStepStart: (index, name) => started.push(`${index} ${name}`), onStep: (step) => reported.push(step.name) },
    );
    expect(outline(run.steps)).toEqual([
      'log in: passed',
      'who am I: passed',
      'create order: passed',
      'wait 20ms: passed',
      'wait until paid: passed',
      'product #0: passed',
      'product #1: passed',
      'product #2: passed',
    ]);
    expect(run.passed).toBe(true);
    expect(run.name).toBe('checkout');
    expect(run.steps[0]!.extracted).toEqual(['token', 'request_id']);
    expect(run.steps[2]!.extracted).toEqual(['order_id', 'state']);
    expect(run.steps[2]!.request?.body).toBe('{"qty":"2"}');
    expect(run.steps[4]!.attempts).toBe(3);
    expect(run.steps[4]!.response?.body).toContain('paid');
    expect(run.steps[6]!.row).toEqual({ index: 1, values: { sku: 'B-2', label: 'second' } });
    expect(run.steps[6]!.request?.url).toBe(`${api.url}/products/B-2`);
    expect(started[0]).toBe('0 log in');
    expect(reported).toHaveLength(8);
  });

  it('stops at a failing assertion, naming the step, and sends nothing after it', async () => {
    const before = api.received.length;
    const run = await project.run(
      'stops',
      `steps:
  - name: health
    request: {url: "{{BASE_URL}}/health"}
    assertions: {json_path: {"$.version": 2}}
  - wait: 10ms
  - request: {url: "{{BASE_URL}}/products/A-1"}
`,
    );
    expect(run.passed).toBe(false);
    expect(outline(run.steps)).toEqual(['health: failed', 'wait 10ms: skipped', 'GET {{BASE_URL}}/products/A-1: skipped']);
    expect(run.steps[0]!.failures).toEqual([{ check: '$.version', expected: expect.stringContaining('2'), actual: expect.stringContaining('1') }]);
    expect(run.steps[0]!.curl).toMatch(/^curl .*\/health'$/);
    expect(run.steps[2]!.reason).toBe(EARLIER_STEP_FAILED);
    expect(api.received.slice(before)).toEqual(['GET /health']);
  });

  it('goes on after a step with continue_on_failure, and the run fails', async () => {
    const run = await project.run(
      'goes-on',
      `steps:
  - name: missing product
    request: {url: "{{BASE_URL}}/products/Z-9"}
    continue_on_failure: true
  - name: expected 404
    request: {url: "{{BASE_URL}}/products/Z-9"}
    assertions: {status_code: 404}
`,
    );
    expect(outline(run.steps)).toEqual(['missing product: failed', 'expected 404: passed']);
    expect(run.steps[0]!.failures).toEqual([{ check: 'status', expected: '2xx', actual: '404 Not Found' }]);
    expect(run.passed).toBe(false);
  });

  it('skips steps whose if does not hold', async () => {
    const run = await project.run(
      'conditions',
      `vars: {flag: "false", kind: book, count: 0}
steps:
  - name: by flag
    if: "{{flag}}"
    request: {url: "{{BASE_URL}}/health"}
  - name: by zero
    if: "{{count}}"
    request: {url: "{{BASE_URL}}/health"}
  - name: by unset
    if: "{{never_set}}"
    request: {url: "{{BASE_URL}}/health"}
  - name: by equals
    if: {equals: ["{{kind}}", book]}
    request: {url: "{{BASE_URL}}/health"}
  - name: by other
    if: {equals: ["{{kind}}", film]}
    wait: 5s
  - name: literal
    if: false
    request: missing-saved-request
  - name: rows
    foreach: [{sku: A-1, run: "yes"}, {sku: B-2, run: ""}]
    if: "{{run}}"
    request: {url: "{{BASE_URL}}/products/{{sku}}"}
`,
    );
    expect(outline(run.steps)).toEqual([
      'by flag: skipped',
      'by zero: skipped',
      'by unset: skipped',
      'by equals: passed',
      'by other: skipped',
      'literal: skipped',
      'rows #0: passed',
      'rows #1: skipped',
    ]);
    expect(run.steps[0]!.reason).toBe('if: "{{flag}}" is "false"');
    expect(run.steps[2]!.reason).toMatch(/\{\{never_set\}\}/);
    expect(run.steps[4]!.reason).toBe('if: "book" is not "film"');
    expect(run.passed).toBe(true);
  });

  it('fails a step whose request gets no answer, and runs nothing after it', async () => {
    const closed = await startShopApi();
    await closed.close();
    const run = await project.run(
      'no-answer',
      `steps:
  - name: nobody home
    request: {url: "${closed.url}/health"}
  - request: {url: "{{BASE_URL}}/health"}
`,
    );
    expect(outline(run.steps)).toEqual(['nobody home: failed', 'GET {{BASE_URL}}/health: skipped']);
    expect(run.steps[0]!.reason).toMatch(/^no answer: could not connect .*connection refused/);
    expect(run.steps[0]!.request?.url).toBe(`${closed.url}/health`);
    expect(run.steps[0]!.curl).toContain('/health');
  });

  it('checks the saved request assertions in addition to the step ones', async () => {
    await project.write('.falcon/requests/health.yaml', 'method: GET\nurl: "{{BASE_URL}}/health"\nassertions:\n  body_contains: absent-word\n');
    const run = await project.run(
      'saved',
      `steps:
  - request: health
    assertions: {json_path: {"$.version": 3}}
`,
    );
    expect(outline(run.steps)).toEqual(['health: failed']);
    expect(run.steps[0]!.failures.map((failure) => failure.check)).toEqual(['body', '$.version']);
  });

  it('fails a step that names a saved request that does not exist, with the reason', async () => {
    const run = await project.run('unknown-request', 'steps:\n  - request: nowhere\n');
    expect(run.steps[0]).toMatchObject({ name: 'nowhere', outcome: 'failed', reason: expect.stringContaining('No saved request "nowhere"') });
  });

  it('masks {{env:…}} values and extracted tokens everywhere in the results', async () => {
    const reported: StepResult[] = [];
    const run = await project.run(
      'secrets',
      `steps:
  - name: echo first
    request: {method: POST, url: "{{BASE_URL}}/echo", body: "pw={{env:SHOP_PW}}"}
${LOG_IN}  - name: echo token
    request: {method: POST, url: "{{BASE_URL}}/echo", headers: {Authorization: "Bearer {{token}}"}, body: {t: "{{token}}"}}
    assertions: {body_contains: nothing-like-this}
`,
      { onStep: (step) => reported.push(step) },
    );
    expect(outline(run.steps)).toEqual(['echo first: passed', 'log in: passed', 'echo token: failed']);
    for (const text of [JSON.stringify(run), JSON.stringify(reported)]) {
      expect(text).not.toContain(SHOP_PASSWORD);
      expect(text).not.toContain(SHOP_TOKEN);
    }
    expect(run.steps[1]!.request?.body).toContain('[masked');
    expect(run.steps[2]!.curl).toMatch(/\$[A-Z_]+/);
  });

  it('fails with the last until failures when the state never comes', async () => {
    const run = await project.run(
      'never-paid',
      `steps:
${LOG_IN}  - name: create order
    request: {method: POST, url: "{{BASE_URL}}/orders", headers: {Authorization: "Bearer {{token}}"}}
    extract: {order_id: "$.id"}
  - name: wait until refunded
    request: {url: "{{BASE_URL}}/orders/{{order_id}}", headers: {Authorization: "Bearer {{token}}"}}
    until: {json_path: {"$.status": refunded}}
    retry: {times: 3, every: 5ms}
`,
    );
    const poll = run.steps[2]!;
    expect(poll).toMatchObject({ outcome: 'failed', attempts: 3 });
    expect(poll.failures).toEqual([{ check: 'until $.status', expected: expect.stringContaining('refunded'), actual: expect.stringContaining('paid') }]);
  });

  it('fails a step past its timeout', async () => {
    // /slow answers after 2 s: a step that outwaited its timeout would pass.
    const run = await project.run('slow', 'steps:\n  - name: slow\n    request: {url: "{{BASE_URL}}/slow"}\n    timeout: 100ms\n');
    expect(run.steps[0]).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^no answer: timed out after 100 ms/) });
  });

  it('waits, and a cancellation cuts a wait short', async () => {
    const waited = await project.run('short-wait', 'steps:\n  - wait: 60ms\n');
    expect(waited.steps[0]!.durationMs).toBeGreaterThanOrEqual(55);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    // Ten minutes: only the cancellation can end this run within the test's timeout.
    await expect(project.run('long-wait', 'steps:\n  - wait: 10m\n', { signal: controller.signal })).rejects.toThrow(/abort/i);
  });

  it('refuses a foreach file outside the project', async () => {
    const run = await project.run('escape', 'steps:\n  - foreach: ../../../../etc/passwd.csv\n    request: {url: "{{BASE_URL}}/health"}\n');
    expect(run.steps[0]).toMatchObject({ outcome: 'failed', reason: expect.stringMatching(/^foreach: path escapes the project/) });
  });
});
