import { describe, expect, it } from 'vitest';
import { FlowValidationError } from '../../../src/engines/flow-files/flow-problems.js';
import { checkFlowValue, parseFlow } from '../../../src/engines/flow-files/parse-flow.js';

const CHECKOUT = `name: checkout
vars: {qty: 2}
steps:
  - name: health
    request: health
  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login", body: {user: ann, password: "{{env:SHOP_PW}}"}}
    assertions: {status_code: 200}
    extract: {token: "$.token"}
  - wait: 100ms
  - name: wait until paid
    request: {method: GET, url: "{{BASE_URL}}/orders/{{order_id}}", headers: {Authorization: "Bearer {{token}}"}}
    until: {json_path: {"$.status": "paid"}}
    retry: {times: 10, every: 100ms}
  - name: product
    foreach: products.csv
    request: {method: GET, url: "{{BASE_URL}}/products/{{sku}}"}
    assertions: {status_code: 200}
    if: "{{check_products}}"
    continue_on_failure: true
    timeout: 2s
`;

async function problems(text: string): Promise<string> {
  try {
    await parseFlow(text, 'checkout.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(FlowValidationError);
    return (error as Error).message;
  }
  throw new Error('the flow was accepted');
}

describe('parseFlow', () => {
  it("accepts the issue's example with every step kind", async () => {
    const flow = await parseFlow(CHECKOUT, 'checkout.yaml');
    expect(flow.steps).toHaveLength(5);
    expect(flow.steps[2]).toEqual({ wait: '100ms' });
  });

  it('names the file, the line and the unknown key, with the key it probably meant', async () => {
    const text = CHECKOUT.replace(
      '    request: {method: GET, url: "{{BASE_URL}}/products/{{sku}}"}',
      '    requets: {method: GET, url: "{{BASE_URL}}/products/{{sku}}"}',
    );
    expect(await problems(text)).toBe('checkout.yaml:15: "steps.4" needs "request"\ncheckout.yaml:17: unknown key "requets" (did you mean "request"?)');
  });

  it('names wrong values where they are', async () => {
    expect(await problems(CHECKOUT.replace('retry: {times: 10, every: 100ms}', 'retry: {times: 10, every: soon}'))).toBe(
      'checkout.yaml:14: "steps.3.retry.every" is not a duration: write 500ms, 2s or 1m',
    );
    expect(await problems(CHECKOUT.replace('assertions: {status_code: 200}\n    extract', 'assertions: {status: 200}\n    extract'))).toBe(
      'checkout.yaml:8: unknown key "status" (did you mean "status_code" or "status_in"?)',
    );
    expect(await problems('name: x\nsteps: []\n')).toBe('checkout.yaml:2: "steps" must NOT have fewer than 1 items');
    expect(await problems('steps:\n  - wait: 1s\n    request: health\n')).toBe('checkout.yaml:3: unknown key "request" (known: name, wait, if)');
    expect(await problems(CHECKOUT.replace('assertions: {status_code: 200}\n    extract', 'assertions: {body_cantains: x}\n    extract'))).toBe(
      'checkout.yaml:8: unknown key "body_cantains" (did you mean "body_contains"?)',
    );
  });

  it('reports YAML that does not parse with its line', async () => {
    expect(await problems('steps:\n  - request: health\n   bad: [\n')).toMatch(/^checkout\.yaml:3: /);
  });

  it('checks an inline flow the same way, naming paths instead of lines', async () => {
    await expect(checkFlowValue({ steps: [{ request: { url: 'http://x' }, extrct: {} }] }, 'flow')).rejects.toThrow(
      'flow at steps.0: unknown key "extrct" (did you mean "extract"?)',
    );
  });
});
