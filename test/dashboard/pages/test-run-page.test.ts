import { describe, expect, it } from 'vitest';
import { testRunPage } from '../../../src/dashboard/pages/test-run-page.js';
import { mixedRun, nastyRun } from '../../engines/testing/report/sample-runs.js';

const page = (run = mixedRun()) => testRunPage('test_report_petstore.json', run).main.join('\n');

describe('testRunPage', () => {
  it('puts each operation against each check: passed, failed with how many cases, or no response to judge', () => {
    const html = page();
    expect(html).toContain('<th scope="col"><code>request_error</code></th>');
    const row = (operation: string) => html.split('\n').find((line) => line.startsWith(`<tr><th scope="row"><code>${operation}</code>`)) ?? '';
    expect(row('getPet')).toContain('<td class="pass">✓ passed</td><td class="fail">✗ 1 failed</td><td class="pass">✓ passed</td>');
    expect(row('createPet')).toMatch(/<td class="fail">✗ 1 failed<\/td><td class="fail">✗ 1 failed<\/td>/);
    expect(row('deletePet')).toBe(
      '<tr><th scope="row"><code>deletePet</code></th><td class="number">0 / 1</td>' + '<td class="untested">– no response</td>'.repeat(4) + '<td class="fail">✗ 1 failed</td></tr>',
    );
    expect(row('GET /health')).toContain('<td class="number">1 / 1</td>');
    expect(html).toContain('<caption>5 operations against 5 checks');
  });

  it('shows each failure with its request, response and the curl line that sends it again', () => {
    const html = page();
    expect(html.match(/<article class="failure"/g)).toHaveLength(3);
    expect(html).toMatch(/<h4>Response: 418 I'm a teapot in \d+ ms<\/h4>/);
    expect(html).toMatch(/<h4>Reproduce<\/h4>\n<pre class="curl">curl -sS -i -X POST 'http:\/\/127\.0\.0\.1:4010\/pets'/);
    expect(html).toContain('<h4>Response: none, the request got no answer</h4>');
    expect(html).toContain('<li>GET /pets/{petId} after delete <code>getPet/stateful</code>: step 2 of chain "pet" failed</li>');
  });

  it('escapes everything the API sent', () => {
    expect(page(nastyRun())).not.toMatch(/<tag|\u001b|\u0000/);
  });
});
