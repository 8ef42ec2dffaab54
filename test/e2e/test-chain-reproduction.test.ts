import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/engines/testing/report/json-report.js';
import { createSandbox, type FalconResult, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type OrdersApi, ORDERS_SPEC_FILE, startOrdersApi } from '../apis/orders-api.js';
import { requireTool } from '../support/required-tools.js';

// Needs the built binary: `npm run build` (npm test does it first). The Orders API's planted defect
// (reading an order POST /orders created answers 500) shows only on an order made through the API:
// a chain's create, then read, and a read that takes its id from an earlier create's answer.
const FAILING_STEP = 'getOrder/stateful/read-created';
const run = promisify(execFile);

let sandbox: Sandbox;
let defective: OrdersApi;

beforeAll(async () => {
  sandbox = await createSandbox();
  defective = await startOrdersApi({ defect: true });
});
afterAll(async () => {
  await defective?.close();
  await sandbox?.cleanup();
});

function falconTest(args: string[]): Promise<FalconResult> {
  return runFalcon(['test', '--spec', ORDERS_SPEC_FILE, ...args], { cwd: sandbox.project, env: sandbox.env() });
}

/** The shell lines printed under the failure of `caseId`: from `# steps …` to the end of its indented block. */
function printedReproduction(stdout: string, caseId: string): string[] {
  const lines = stdout.split('\n');
  const heading = lines.findIndex((line) => line.includes(`[${caseId}]`));
  expect(heading, `no failure ${caseId} in:\n${stdout}`).toBeGreaterThan(-1);
  const block: string[] = [];
  for (const line of lines.slice(heading + 1)) {
    if (!line.startsWith('      ')) break;
    block.push(line.slice(6));
  }
  const start = block.findIndex((line) => line.startsWith('# steps '));
  expect(start, block.join('\n')).toBeGreaterThan(-1);
  return block.slice(start);
}

/** Runs the lines in bash, as a user pasting them would. */
async function bash(lines: string[]): Promise<string> {
  const { stdout } = await run('bash', ['-c', lines.join('\n')], { timeout: 15_000 });
  return stdout;
}

describe('falcon test: a failing chain step comes with the chain that reproduces it', requireTool('curl'), () => {
  let result: FalconResult;
  let lines: string[];

  beforeAll(async () => {
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    result = await falconTest(['--base-url', defective.url, '--report', 'out/run.json']);
    lines = printedReproduction(result.stdout, FAILING_STEP);
  });

  it("prints the create and the failing read, in order, the id taken from the create's answer at replay time", () => {
    expect(result.code).toBe(1);
    expect(lines[0]).toBe(`# steps 1 to 2 of chain createOrder/stateful/chain-orderId, in order, in one shell (needs jq): step 2 failed`);
    expect(lines.filter((line) => !line.startsWith('#'))).toEqual([
      `RESPONSE_1=$(curl -sS -X POST '${defective.url}/orders' -H 'accept: application/json' -H 'content-type: application/json' --data-raw '{"item":"pen","quantity":2}'); printf '%s\\n' "$RESPONSE_1"`,
      `ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')`,
      `curl -sS -i "${defective.url}/orders/$ORDER_ID" -H 'accept: application/json'`,
    ]);
  });

  it('run in bash against the server, the lines create an order and read that one back into the same 500', requireTool('jq'), async () => {
    const before = defective.log.length;
    const output = await bash(lines);
    expect(output).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r?$/m);
    const created = JSON.parse(output.split('\n')[0]!) as { id: number };
    expect(output).toContain(`cannot read order ${created.id}: its line items were never saved`);
    expect(defective.log.slice(before)).toEqual(['POST /orders 201', `GET /orders/${created.id} 500`]);
  });

  it('run as printed on a server that never saw this run, they meet the same 500 on the order they create there', requireTool('jq'), async () => {
    // Its ids start far from any this run made: a literal id of this run would name nothing there.
    const fresh = await startOrdersApi({ defect: true, firstId: 100_000 });
    try {
      const output = await bash(lines.map((line) => line.replaceAll(defective.url, fresh.url)));
      expect(output).toMatch(/^HTTP\/1\.1 500 /m);
      // The first line is the create's response body, as the lines print it.
      const created = JSON.parse(output.split('\n')[0]!) as { id: number };
      expect(created.id).toBe(100_000);
      expect(fresh.log).toEqual(['POST /orders 201', `GET /orders/${created.id} 500`]);
    } finally {
      await fresh.close();
    }
  });

  it('gives the same lines in the JSON report (reproduce) and the Markdown report', async () => {
    const report = JSON.parse(await readFile(path.join(sandbox.project, 'out/run.json'), 'utf8')) as JsonReport;
    const failing = report.results.find((entry) => entry.case.id === FAILING_STEP);
    expect(failing?.reproduce).toEqual(lines);
    for (const entry of report.results.filter((other) => other.outcome === 'failed')) expect(entry.reproduce?.length, entry.case.id).toBeGreaterThan(0);
    const markdownFile = (await readdir(path.join(sandbox.project, '.falcon/reports'))).find((file) => file.endsWith('.md'));
    const markdown = await readFile(path.join(sandbox.project, '.falcon/reports', markdownFile!), 'utf8');
    expect(markdown).toContain(['```sh', ...lines, '```'].join('\n'));
  });

  it('and in the HTML report', async () => {
    const again = await falconTest(['--base-url', defective.url, '--report', 'out/run.html']);
    const html = await readFile(path.join(sandbox.project, 'out/run.html'), 'utf8');
    const fresh = printedReproduction(again.stdout, FAILING_STEP);
    expect(html).toContain(`<pre class="curl">${fresh.join('\n').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</pre>`);
  });
});

describe('falcon test: the conforming twin of the Orders API', () => {
  it('passes every case, the chains included', async () => {
    const conforming = await startOrdersApi({ defect: false });
    try {
      const result = await falconTest(['--base-url', conforming.url]);
      expect(result.stdout).toMatch(/✓ no failures in \d+ cases\n$/);
      expect(result.code).toBe(0);
      expect(conforming.log).toContain('POST /orders 201');
      expect(conforming.log.some((line) => /^GET \/orders\/([2-9]|\d\d+) 200$/.test(line))).toBe(true);
    } finally {
      await conforming.close();
    }
  });
});
