import { describe, expect, it } from 'vitest';
import { reproductionLines } from '../../../../src/engines/testing/report/chain-reproduction.js';
import { parseJsonReport, ReportFileError } from '../../../../src/engines/testing/report/read-json-report.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { CaseResult, FollowUp, TestRun } from '../../../../src/engines/testing/test-run.js';

const BASE = 'http://127.0.0.1:4010';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlc2VjcmV0';
const json = (status: number, body: unknown) => ({
  status,
  statusText: status === 200 ? 'OK' : 'Created',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  durationMs: 4,
});
const page = (number: number, ids: number[], pastEnd = false): FollowUp => ({
  label: pastEnd ? `page ${number} (past the end)` : `page ${number}`,
  request: { method: 'GET', url: `${BASE}/members?page=${number}&pageSize=2`, headers: { authorization: 'Bearer [masked:API_TOKEN]' } },
  response: json(200, { items: ids.map((id) => ({ id })), total: 5, echoed: `Bearer ${TOKEN}` }),
});

/** A walk whose page 4, past the end, repeats an item; a chain whose PUT's read back lost a field. */
function invariantsRun(): TestRun {
  const walk: CaseResult = {
    case: {
      id: 'listMembers/probe/walk-pages',
      name: 'GET /members walked page by page (page from 1)',
      kind: 'probe',
      probe: 'pagination_consistency',
      operationId: 'listMembers',
      tags: [],
      request: { method: 'GET', path: '/members', query: { page: 1, pageSize: 2 } },
      walk: { step: { by: 'page', parameter: 'page', first: 1 }, size: { parameter: 'pageSize', value: 2 }, items: ['items'], key: 'id' },
    },
    outcome: 'failed',
    findings: [{ kind: 'pagination_consistency', message: 'page 4, past the last page (3), repeats 1 item of page 3: id=5 (expected none)' }],
    request: page(1, [1, 2]).request,
    response: page(1, [1, 2]).response,
    durationMs: 20,
    followUps: [page(2, [3, 4]), page(3, [5]), page(4, [5], true)],
  };
  const create: CaseResult = {
    case: {
      id: 'createMember/stateful/create',
      name: 'POST /members creates the resource the chain uses (step 1 of 3)',
      kind: 'stateful',
      operationId: 'createMember',
      tags: [],
      request: { method: 'POST', path: '/members', body: { name: 'Ada', nickname: 'Ada' } },
      chain: { id: 'createMember/stateful/chain-memberId', step: 1 },
      extract: { memberId: '$.id' },
    },
    outcome: 'passed',
    findings: [],
    request: { method: 'POST', url: `${BASE}/members`, headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","nickname":"Ada"}' },
    response: json(201, { id: 7, name: 'Ada', nickname: 'Ada' }),
    extracted: { memberId: '7' },
    durationMs: 5,
  };
  const replace: CaseResult = {
    case: {
      id: 'replaceMember/stateful/replace-created',
      name: 'PUT /members/{memberId} replaces it (step 2 of 3)',
      kind: 'stateful',
      operationId: 'replaceMember',
      tags: [],
      request: { method: 'PUT', path: '/members/{memberId}', pathParams: { memberId: '{{memberId}}' }, body: { name: 'Bo', nickname: 'B' } },
      chain: { id: 'createMember/stateful/chain-memberId', step: 2 },
      resource: { state: 'created', by: 'createMember/stateful/create' },
      readBack: { operationId: 'getMember', request: { method: 'GET', path: '/members/{memberId}', pathParams: { memberId: '{{memberId}}' } } },
    },
    outcome: 'failed',
    findings: [{ kind: 'write_read_consistency', message: 'nickname: this request sent "B", the read back has none' }],
    request: { method: 'PUT', url: `${BASE}/members/7`, headers: { 'content-type': 'application/json' }, body: '{"name":"Bo","nickname":"B"}' },
    requestTemplate: {
      method: 'PUT',
      url: `${BASE}/members/{{memberId}}`,
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Bo","nickname":"B"}',
    },
    response: json(200, { id: 7, name: 'Bo', nickname: 'B' }),
    durationMs: 5,
    followUps: [
      {
        label: 'read back',
        request: { method: 'GET', url: `${BASE}/members/7`, headers: {} },
        requestTemplate: { method: 'GET', url: `${BASE}/members/{{memberId}}`, headers: {} },
        response: json(200, { id: 7, name: 'Bo' }),
      },
    ],
  };
  return {
    title: 'Invariants API 1.0.0',
    baseUrl: BASE,
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 40,
    checks: ['pagination_consistency', 'write_read_consistency'],
    operations: { total: 3, covered: 3 },
    results: [walk, create, replace],
  };
}

describe('reports of the requests a case sent after its own', () => {
  it("reproduce a walk page by page, and a chain's write with its read back, the chain's values as shell variables", () => {
    const run = invariantsRun();
    expect(reproductionLines(run, run.results[0]!)).toEqual([
      '# set API_TOKEN first (its value is masked here)',
      '# page 1',
      `curl -sS -i '${BASE}/members?page=1&pageSize=2' -H "authorization: Bearer $API_TOKEN"`,
      'echo',
      '# page 2',
      `curl -sS -i '${BASE}/members?page=2&pageSize=2' -H "authorization: Bearer $API_TOKEN"`,
      'echo',
      '# page 3',
      `curl -sS -i '${BASE}/members?page=3&pageSize=2' -H "authorization: Bearer $API_TOKEN"`,
      'echo',
      '# page 4 (past the end)',
      `curl -sS -i '${BASE}/members?page=4&pageSize=2' -H "authorization: Bearer $API_TOKEN"`,
    ]);
    const chain = reproductionLines(run, run.results[2]!);
    expect(chain.slice(-5)).toEqual([
      '# step 2 (replaceMember): the step that failed',
      `curl -sS -i -X PUT "${BASE}/members/$MEMBER_ID" -H 'content-type: application/json' --data-raw '{"name":"Bo","nickname":"B"}'`,
      'echo',
      '# step 2 (replaceMember), then its read back',
      `curl -sS -i "${BASE}/members/$MEMBER_ID"`,
    ]);
  });

  it('show each follow-up in Markdown, HTML and JUnit, and keep them in JSON, the token masked everywhere', () => {
    const run = invariantsRun();
    const markdown = renderReport(run, 'md');
    expect(markdown).toContain(`**Then, page 4 (past the end)** — \`GET ${BASE}/members?page=4&pageSize=2\` → 200 OK in 4 ms`);
    expect(markdown).toContain(`**Then, read back** — \`GET ${BASE}/members/7\` → 200 OK in 4 ms`);
    expect(markdown).toContain('```sh\n# set API_TOKEN first (its value is masked here)\n# page 1\n');
    const html = renderReport(run, 'html');
    expect(html).toContain('<h4>Then, page 2 — 200 OK in 4 ms</h4>');
    expect(html).toContain(`<pre>GET ${BASE}/members/7</pre>`);
    const junit = renderReport(run, 'junit');
    expect(junit).toContain(`Then, page 3: GET ${BASE}/members?page=3&amp;pageSize=2 → 200 OK in 4 ms`);
    expect(junit).toContain('Reproduce (each request in order):\n# set API_TOKEN first');
    expect(junit).toContain('Reproduce (the chain up to this step):');
    const report = JSON.parse(renderReport(run, 'json')) as { results: Array<{ followUps?: FollowUp[]; reproduce?: string[] }> };
    expect(report.results[0]!.followUps!.map((followUp) => followUp.label)).toEqual(['page 2', 'page 3', 'page 4 (past the end)']);
    expect(report.results[2]!.followUps![0]).toMatchObject({ label: 'read back', requestTemplate: { url: `${BASE}/members/{{memberId}}` } });
    expect(report.results[0]!.reproduce).toContain('# page 4 (past the end)');
    for (const text of [markdown, html, junit, JSON.stringify(report)]) expect(text).not.toContain(TOKEN);
  });

  it('read back from JSON as they were written, and refuse a report whose follow-ups are not requests', () => {
    const run = invariantsRun();
    const text = renderReport(run, 'json');
    expect(parseJsonReport(text, 'run.json').results[0]!.followUps).toHaveLength(3);
    const broken = JSON.parse(text) as { results: Array<{ followUps?: unknown }> };
    broken.results[0]!.followUps = [{ label: 'page 2' }];
    expect(() => parseJsonReport(JSON.stringify(broken), 'run.json')).toThrow(ReportFileError);
    expect(() => parseJsonReport(JSON.stringify(broken), 'run.json')).toThrow('results[0].followUps[0] has no label and request');
  });
});
