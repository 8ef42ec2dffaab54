import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { REFERENCES_SPEC_FILE, type ReferencesApi, startReferencesApi } from '../apis/references-api.js';
import { requireTool } from '../support/required-tools.js';

// Needs the built binary: `npm run build` (npm test does it first). The References API refuses an
// order for a customer it does not have (422) and hides its planted defects behind that lookup: a
// run reaches them only with ids the API itself gave.
const FAILING_CHAIN_STEP = 'getOrder/stateful/read-created';
const exec = promisify(execFile);

let sandbox: Sandbox;
const servers: ReferencesApi[] = [];
async function api(options: Parameters<typeof startReferencesApi>[0]): Promise<ReferencesApi> {
  const server = await startReferencesApi(options);
  servers.push(server);
  return server;
}
beforeEach(async () => {
  sandbox = await createSandbox();
  await mkdir(path.join(sandbox.project, '.falcon'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await sandbox.cleanup();
});

function falconTest(args: string[]): Promise<FalconResult> {
  return runFalcon(['test', '--spec', REFERENCES_SPEC_FILE, ...args], { cwd: sandbox.project, env: sandbox.env() });
}

async function read(file: string): Promise<string> {
  return readFile(path.join(sandbox.project, file), 'utf8');
}

/** The shell lines printed under the failure of `caseId`: from its first `# ` line to the end of its indented block. */
function printedReproduction(stdout: string, caseId: string): string[] {
  const lines = stdout.split('\n');
  const heading = lines.findIndex((line) => line.includes(`[${caseId}]`));
  expect(heading, `no failure ${caseId} in:\n${stdout}`).toBeGreaterThan(-1);
  const block: string[] = [];
  for (const line of lines.slice(heading + 1)) {
    if (!line.startsWith('      ')) break;
    block.push(line.slice(6));
  }
  const start = block.findIndex((line) => line.startsWith('# '));
  expect(start, block.join('\n')).toBeGreaterThan(-1);
  return block.slice(start);
}

describe('falcon test reaches what is behind a reference with the API’s own ids', () => {
  it('finds the defects behind the customer lookup, and prints a failing chain’s script with the requests that give its ids', requireTool('curl'), async () => {
    const defective = await api({ build: 'defective' });
    const result = await falconTest(['--base-url', defective.url, '--report', 'out/run.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}not_a_server_error +\d+$/m);
    expect(result.stdout).toMatch(/^ {2}response_schema_conformance +\d+$/m);
    expect(result.stdout).not.toContain('positive_data_acceptance');
    expect(result.stdout).not.toContain('Warnings:');

    const lines = printedReproduction(result.stdout, FAILING_CHAIN_STEP);
    expect(lines[0]).toBe(`# 3 requests, in order, in one shell (needs jq): the last, ${FAILING_CHAIN_STEP}, failed; the ones before it give what it sends`);
    expect(lines.filter((line) => !line.startsWith('#'))).toEqual([
      `RESPONSE_1=$(curl -sS -X POST '${defective.url}/customers' -H 'accept: application/json' -H 'content-type: application/json' --data-raw '{"name":"Ada","email":"ada@example.com"}'); printf '%s\\n' "$RESPONSE_1"`,
      `CUSTOMER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')`,
      `RESPONSE_2=$(curl -sS -X POST '${defective.url}/orders' -H 'accept: application/json' -H 'content-type: application/json' --data-raw "{\\"customerId\\":$CUSTOMER_ID,\\"item\\":\\"pen\\",\\"quantity\\":2}"); printf '%s\\n' "$RESPONSE_2"`,
      `ORDER_ID=$(printf '%s' "$RESPONSE_2" | jq -r '.id')`,
      `curl -sS -i "${defective.url}/orders/$ORDER_ID" -H 'accept: application/json'`,
    ]);
    const report = JSON.parse(await read('out/run.json')) as JsonReport;
    expect(report.results.find((entry) => entry.case.id === FAILING_CHAIN_STEP)?.reproduce).toEqual(lines);
    // The run's own order was made for the customer it created.
    const placed = report.results.find((entry) => entry.case.id === 'createOrder/happy/valid')!;
    expect(placed.response?.status).toBe(201);
    expect(placed.references).toEqual([expect.objectContaining({ slot: 'body customerId', from: { case: 'createCustomer/happy/valid', jsonPath: '$.id' } })]);
  });

  it('its printed script, run with bash on a fresh server, meets the same failure there', { ...requireTool('curl'), ...requireTool('jq') }, async () => {
    const defective = await api({ build: 'defective' });
    const lines = printedReproduction((await falconTest(['--base-url', defective.url])).stdout, FAILING_CHAIN_STEP);
    // Its ids start far from any the run made: this run's ids would name nothing there.
    const fresh = await api({ build: 'defective', firstId: 500 });
    const { stdout } = await exec('bash', ['-c', lines.join('\n').replaceAll(defective.url, fresh.url)], { timeout: 15_000 });
    expect(stdout).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r?$/m);
    expect(stdout).toContain('cannot price order 500: the discount of customer 500 was never loaded');
    expect(fresh.log).toEqual(['POST /customers 201', 'POST /orders 201', 'GET /orders/500 500']);
  });

  it('passes the conforming twin', async () => {
    const conforming = await api({ build: 'conforming' });
    const result = await falconTest(['--base-url', conforming.url]);
    expect(result.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
    expect(result.code).toBe(0);
    expect(conforming.log).not.toContainEqual(expect.stringMatching(/^POST \/orders 422$/));
  });
});

describe('falcon test with no way to get an id: a warning, not a failure', () => {
  it('names the parameter in the summary and every report; --allow-warnings lets the run pass', async () => {
    const conforming = await api({ build: 'conforming' });
    const args = ['--base-url', conforming.url, '--include', 'createOrder', '--report', 'out/run.json', '--junit', 'out/junit.xml'];
    const result = await falconTest(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Cases: \d+ — \d+ passed, 0 failed, \d+ skipped$/m);
    expect(result.stdout).toContain(
      '  ⚠ missing_test_data: createOrder (POST /orders) refused most valid cases because the customerId they sent names nothing the API has: no case reached its logic',
    );
    expect(result.stdout).toMatch(
      /^ {6}all \d+ valid cases got 422 for an unknown customerId; sent customerId 123, 1; the API said: \{"error":"customer 123 not found"\}$/m,
    );
    expect(result.stdout).toContain(
      '      → let the run get a customerId from the API by including listCustomers or createCustomer in it, or give customerIds the API has with --seed-data FILE',
    );
    expect(result.stdout).toMatch(/⚠ no failures in \d+ cases, but 1 warning: the run fails \(--allow-warnings lets it pass\)\n$/);

    const report = JSON.parse(await read('out/run.json')) as JsonReport;
    expect(report.warnings).toEqual([expect.objectContaining({ kind: 'missing_test_data', operation: 'createOrder', parameter: 'customerId' })]);
    expect(await read('out/junit.xml')).toContain('<testcase name="missing_test_data: createOrder" classname="createOrder"');
    const markdown = (await readdir(path.join(sandbox.project, '.falcon/reports'))).find((name) => name.endsWith('.md'))!;
    expect(await read(`.falcon/reports/${markdown}`)).toContain(
      '- ⚠ `missing_test_data` on `createOrder`: createOrder (POST /orders) refused most valid cases',
    );
    await falconTest([...args.slice(0, 4), '--report', 'out/run.html']);
    expect(await read('out/run.html')).toContain('<h3>⚠ <code>missing_test_data</code> on <code>createOrder</code></h3>');

    const allowed = await falconTest([...args.slice(0, 4), '--allow-warnings']);
    expect(allowed.code).toBe(0);
  });

  it('--seed-data gives it a known customer: the orders go through, no warning', async () => {
    const conforming = await api({ build: 'conforming', knownCustomer: 7 });
    await writeFile(path.join(sandbox.project, 'seed.yaml'), '# customers the API has\ncustomerId: [7]\n');
    const result = await falconTest(['--base-url', conforming.url, '--include', 'createOrder', '--seed-data', 'seed.yaml']);
    expect(result.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
    expect(result.code).toBe(0);
    expect(conforming.log).toContain('POST /orders 201');
  });

  it('a seed data file it cannot use stops the run before anything is sent, naming the line', async () => {
    const conforming = await api({ build: 'conforming' });
    await writeFile(path.join(sandbox.project, 'seed.yaml'), 'orderId: 3\ncustomerID: 7\n');
    const result = await falconTest(['--base-url', conforming.url, '--seed-data', 'seed.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'falcon: seed.yaml:2: customerID: no operation of the spec has a path parameter or body reference of this name (did you mean customerId?)\n',
    );
    expect(conforming.log).toEqual([]);
  });
});
