import { describe, expect, it } from 'vitest';
import { testRunPage } from '../../../../src/capabilities/spec-tests/pages/test-run-page.js';
import { mixedRun, nastyRun } from '../../../engines/testing/report/sample-runs.js';

const page = (run = mixedRun()) => testRunPage('test_report_petstore.json', run).main.join('\n');
/** The rows of the table of operations against checks. */
const matrixRows = (html: string) =>
  /<table class="matrix">([\s\S]*?)<\/table>/
    .exec(html)![1]!
    .split('\n')
    .filter((line) => line.startsWith('<tr><th scope="row">'));

describe('testRunPage', () => {
  it('lists the failing operations first, each cell only what failed and how many cases, a dot where the check held', () => {
    const html = page();
    expect(html).toContain('<th scope="col" class="check"><span><code>request_error</code></span></th>');
    const rows = matrixRows(html);
    const operations = rows.map((row) => /<code>([^<]*)<\/code>/.exec(row)![1]);
    // createPet, getPet and deletePet each failed a case; getPet first met the run after createPet.
    expect(operations).toEqual(['createPet', 'getPet', 'deletePet', 'listPets', 'GET /health']);
    const row = (operation: string) => rows.find((line) => line.startsWith(`<tr><th scope="row"><code>${operation}</code>`)) ?? '';
    const passed = '<td class="pass matrix-mark" aria-label="passed" title="passed">·</td>';
    const unjudged = '<td class="untested matrix-mark" aria-label="no response to judge" title="no response to judge">–</td>';
    expect(row('getPet')).toBe(
      `<tr><th scope="row"><code>getPet</code></th><td class="number">0 / 2</td>${passed}<td class="fail matrix-mark">✗ 1</td>${passed}${passed}${passed}</tr>`,
    );
    expect(row('createPet')).toBe(
      `<tr><th scope="row"><code>createPet</code></th><td class="number">0 / 1</td>${passed}${passed}<td class="fail matrix-mark">✗ 1</td><td class="fail matrix-mark">✗ 1</td>${passed}</tr>`,
    );
    expect(row('deletePet')).toBe(
      `<tr><th scope="row"><code>deletePet</code></th><td class="number">0 / 1</td>${unjudged.repeat(4)}<td class="fail matrix-mark">✗ 1</td></tr>`,
    );
    expect(row('GET /health')).toContain('<td class="number">1 / 1</td>');
    expect(html).not.toMatch(/passed<\/td>|failed<\/td>/);
    expect(html).toContain('<caption>5 operations against 5 checks, failing operations first</caption>');
    expect(html).toContain('3 operations failed a check, listed first.');
  });

  it("shows the run's coverage among its facts, when it has one", () => {
    expect(page()).not.toContain('<dt>Coverage</dt>');
    const run = mixedRun();
    run.coverage = {
      operations: [
        {
          operation: 'listPets',
          method: 'GET',
          path: '/pets',
          responses: [
            { status: '200', seen: true },
            { status: 'default', seen: false },
          ],
          undocumented: [],
          parameters: [{ name: 'limit', in: 'query', item: 'absent', seen: true }],
          bodyProperties: [],
        },
      ],
    };
    expect(page(run)).toContain('<dt>Coverage</dt><dd>1/2 documented responses (50%), 1/1 parameters, 0/0 body properties</dd>');
  });

  it('puts the operation with the most failed cases first', () => {
    const run = mixedRun();
    const failing = run.results.find((result) => result.case.operationId === 'getPet' && result.outcome === 'failed')!;
    run.results.push({ ...failing, case: { ...failing.case, id: 'getPet/again' } });
    const operations = matrixRows(page(run)).map((row) => /<code>([^<]*)<\/code>/.exec(row)![1]);
    expect(operations.slice(0, 3)).toEqual(['getPet', 'createPet', 'deletePet']);
  });

  it('shows each failure with its request, response and the curl line that sends it again', () => {
    const html = page();
    expect(html.match(/<article class="failure"/g)).toHaveLength(3);
    expect(html).toMatch(/<h4>Response: 418 I'm a teapot in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)<\/h4>/);
    expect(html).toMatch(/<h4>Reproduce<\/h4>\n<pre class="curl">curl -sS -i -X POST 'http:\/\/127\.0\.0\.1:4010\/pets'/);
    expect(html).toContain('<h4>Response: none, the request got no answer</h4>');
    expect(html).toContain('<li>GET /pets/{petId} after delete <code>getPet/stateful</code>: step 2 of chain "pet" failed</li>');
  });

  it('shows the requests a failure sent after its own, each with its answer, and replays them', () => {
    const run = mixedRun();
    const failing = run.results.find((result) => result.case.operationId === 'getPet' && result.outcome === 'failed')!;
    failing.followUps = [
      {
        label: 'read back',
        request: { method: 'GET', url: 'http://127.0.0.1:4010/pets/1', headers: {} },
        response: { status: 200, statusText: 'OK', headers: {}, body: '{"id":1,"name":"<Rex>"}', durationMs: 3 },
      },
    ];
    const html = page(run);
    expect(html).toMatch(
      /<h4>Then, read back: 200 OK in \d+ ms<\/h4>\n<pre>GET http:\/\/127\.0\.0\.1:4010\/pets\/1\n\n\{\n {2}"id": 1,\n {2}"name": "&lt;Rex&gt;"\n\}<\/pre>/,
    );
    expect(html).toContain(
      "# the request\ncurl -sS -i 'http://127.0.0.1:4010/pets/1' -H 'accept: application/json'\necho\n# read back\ncurl -sS -i 'http://127.0.0.1:4010/pets/1'</pre>",
    );
  });

  it('escapes everything the API sent', () => {
    expect(page(nastyRun())).not.toMatch(/<tag|\u001b|\u0000/);
  });
});
