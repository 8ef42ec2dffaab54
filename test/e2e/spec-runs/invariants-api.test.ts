import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { INVARIANT_DEFECTS, startInvariantsApi } from '../../apis/invariants-api.js';
import { chainSteps, stepLine, testServer } from './spec-run.js';

/**
 * The checks that hold requests against one another, against an API with their defects planted and
 * against its conforming twin (the same spec), every strategy and check on.
 */
describe('falcon test against the invariants API', () => {
  let planted: SpecServer;
  let twin: SpecServer;
  let found: SpecTestResult;
  let conforming: SpecTestResult;
  beforeAll(async () => {
    [planted, twin] = await Promise.all([startInvariantsApi({ planted: true }), startInvariantsApi({ planted: false })]);
    // Four at a time, as falcon test runs: the walks still see lists no other request changes.
    [found, conforming] = await Promise.all([testServer(planted, { concurrency: 4 }), testServer(twin, { concurrency: 4 })]);
  });
  afterAll(async () => {
    await planted?.close();
    await twin?.close();
  });

  const byCase = (results: CaseResult[]) =>
    [...new Set(results.flatMap((result) => result.findings.map((finding) => `${result.case.id} ${finding.kind}`)))].sort();
  const result = (tested: SpecTestResult, id: string) => tested.run.results.find((candidate) => candidate.case.id === id)!;

  it('finds each planted defect by its check, and nothing else anywhere', () => {
    expect(byCase(found.run.results)).toEqual(
      [
        'listMembers/probe/walk-pages pagination_consistency',
        'listEvents/probe/walk-pages pagination_consistency',
        'listLogs/probe/walk-pages pagination_consistency',
        'listTags/probe/walk-pages pagination_consistency',
        // The birth date a day off, in every answer and read of a member a chain wrote; the nickname a PUT lost.
        'createMember/stateful/create write_read_consistency',
        'getMember/stateful/read-created write_read_consistency',
        'replaceMember/stateful/replace-created write_read_consistency',
        'updateMember/stateful/update-created write_read_consistency',
        'createMember/stateful/create-to-delete write_read_consistency',
        // The member DELETE that keeps the member: the read after it finds it, and it can still be changed.
        'getMember/stateful/read-deleted delete_effective',
        'updateMember/stateful/update-deleted use_after_free',
        'replaceMember/stateful/replace-deleted use_after_free',
        // The project deleted softly: not found, yet changed.
        'updateProject/stateful/update-deleted use_after_free',
      ].sort(),
    );
    for (const defect of INVARIANT_DEFECTS)
      expect(
        result(found, defect.caseId).findings.map((finding) => finding.kind),
        defect.caseId,
      ).toContain(defect.check);
    const writeRead = found.run.results.flatMap((caseResult) => caseResult.findings.filter((finding) => finding.kind === 'write_read_consistency'));
    for (const finding of writeRead)
      expect(finding.message).toMatch(/^(birthDate: .* sent "\d{4}-\d{2}-\d{2}", .* holds "\d{4}-\d{2}-\d{2}"|nickname: .* has none)$/);
    expect(found.run.results.filter((caseResult) => caseResult.outcome === 'skipped')).toEqual([]);
  });

  it('says what each walk saw against what it expected', () => {
    expect(result(found, 'listMembers/probe/walk-pages').findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/^page 2 repeats 1 item of page 1: id=\d+$/),
      expect.stringMatching(/^the total says (\d+) items, but the walk to the last page saw \d+ distinct items on \d+ pages$/),
    ]);
    expect(result(found, 'listEvents/probe/walk-pages').findings[0]!.message).toBe(
      'page 5, past the last page (4), repeats 1 item of page 4: id=7 (expected none)',
    );
    expect(result(found, 'listLogs/probe/walk-pages').findings.map((finding) => finding.message)).toEqual([
      'page 2 repeats 1 item of page 1: id=2',
      'page 3 repeats 1 item of page 2: id=3',
      'page 4 repeats 1 item of page 3: id=4',
    ]);
    expect(result(found, 'listTags/probe/walk-pages').findings[0]!.message).toBe(
      'the total says 4 items, but the walk to the last page saw 5 distinct items on 3 pages',
    );
  });

  it("names the write's values and where they were read: the create's read, a PUT's read back", () => {
    expect(result(found, 'getMember/stateful/read-created').findings).toEqual([
      { kind: 'write_read_consistency', message: 'birthDate: step 1 (createMember) sent "1990-05-17", the read holds "1990-05-16"' },
    ]);
    const replaced = result(found, 'replaceMember/stateful/replace-created');
    expect(replaced.findings.map((finding) => finding.message)).toContain('nickname: this request sent "Ada", the read back has none');
    expect(replaced.followUps?.map((followUp) => [followUp.label, followUp.request.method, followUp.response?.status])).toEqual([['read back', 'GET', 200]]);
    expect(replaced.followUps![0]!.requestTemplate?.url).toBe(`${planted.url}/members/{{memberId}}`);
  });

  it('passes the conforming twin: the same by meaning (a lower-case email, another zone, an upper-case uuid) is the same', () => {
    expect(
      conforming.run.results
        .filter((caseResult) => caseResult.outcome !== 'passed')
        .map((caseResult) => `${caseResult.case.id}: ${caseResult.findings.map((finding) => finding.message).join('; ')}`),
    ).toEqual([]);
    const created = JSON.parse(result(conforming, 'createMember/stateful/create').response!.body) as Record<string, unknown>;
    expect(created).toMatchObject({
      email: 'ada.lovelace@example.com',
      joinedAt: '2024-03-01T12:00:00.000+02:00',
      referrerId: '3F2B8C1E-7D4A-4C6B-9E2F-1A5B7C9D0E3F',
    });
    expect(chainSteps(conforming.run.results, 'createMember/stateful/chain-memberId').map(stepLine)).toEqual([
      'POST /members 201',
      'GET /members/{memberId} 200',
      'PUT /members/{memberId} 200',
      'PATCH /members/{memberId} 200',
      'DELETE /members/{memberId} 204',
      'GET /members/{memberId} 404',
    ]);
    expect(chainSteps(conforming.run.results, 'createMember/stateful/chain-memberId-after-delete').map(stepLine)).toEqual([
      'POST /members 201',
      'DELETE /members/{memberId} 204',
      'PATCH /members/{memberId} 404',
      'PUT /members/{memberId} 404',
    ]);
    for (const list of ['listMembers', 'listEvents', 'listLogs', 'listTags']) {
      expect(result(conforming, `${list}/probe/walk-pages`).followUps?.length, list).toBeGreaterThan(1);
    }
  });
});
