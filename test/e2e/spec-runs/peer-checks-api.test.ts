import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import { CHECK_NAMES, type CaseResult, type CheckName } from '../../../src/engines/testing/test-run.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { PEER_API_KEY, PEER_DEFECTS, PEER_TOKEN, PEER_TWINS, startPeerChecksApi } from '../../apis/peer-checks-api.js';
import { chainSteps, stepLine, testServer } from './spec-run.js';

const CREDENTIALS = { Authorization: `Bearer ${PEER_TOKEN}`, 'X-API-Key': PEER_API_KEY };

/**
 * The checks that send requests of their own or follow a resource through a chain, against an API
 * with one planted defect for each beside a conforming twin: each defect is caught by exactly its
 * check, in exactly its case, and the twins pass everything.
 */
describe('falcon test against the peer checks API', () => {
  let server: SpecServer;
  let tested: SpecTestResult;
  beforeAll(async () => {
    server = await startPeerChecksApi();
    tested = await testServer(server, { headers: CREDENTIALS });
  });
  afterAll(() => server?.close());

  const failed = (results: CaseResult[]) => results.filter((result) => result.outcome !== 'passed');
  const ofOperations = (operations: string[]) => tested.run.results.filter((result) => operations.includes(result.case.operationId!));

  it('finds each planted defect by exactly its check, in its case, and nothing else anywhere', () => {
    const found = tested.run.results.flatMap((result) => result.findings.map((finding) => `${result.case.id} ${finding.kind}`));
    expect(found.sort()).toEqual(
      [
        'getDiary/probe/no-credentials ignored_auth',
        'getDiary/probe/invalid-credentials ignored_auth',
        'getJournal/probe/invalid-credentials ignored_auth',
        'getNote/stateful/read-deleted delete_effective',
        'getTicket/stateful/read-created ensure_resource_availability',
        'listWidgets/probe/put-undocumented unsupported_method',
        'listWidgets/probe/post-undocumented unsupported_method',
        'listWidgets/probe/delete-undocumented unsupported_method',
        'listWidgets/probe/patch-undocumented unsupported_method',
        'createSignup/happy/required-only positive_data_acceptance',
      ].sort(),
    );
    for (const defect of PEER_DEFECTS) {
      const caught = tested.run.results.find((result) => result.case.id === defect.caseId);
      expect(
        caught?.findings.map((finding) => finding.kind),
        defect.caseId,
      ).toEqual([defect.check]);
    }
    expect(failed(tested.run.results).filter((result) => result.outcome === 'skipped')).toEqual([]);
  });

  it('passes the conforming twins: every case of theirs, probes and chains included', () => {
    const twins = ofOperations(PEER_TWINS);
    expect([...new Set(twins.map((result) => result.case.kind))]).toEqual(expect.arrayContaining(['happy', 'negative', 'boundary', 'stateful', 'probe']));
    expect(failed(twins).map((result) => `${result.case.id}: ${result.findings.map((finding) => finding.message).join('; ')}`)).toEqual([]);
  });

  it('sends the ignored_auth probes without the -H credentials, or with an invalid one in their place', () => {
    const sent = (id: string) => tested.run.results.find((result) => result.case.id === id)!.request!.headers;
    // Recorded masked, as credentials are.
    expect(sent('getVault/happy/valid')).toMatchObject({ authorization: expect.stringMatching(/^Bearer /), 'x-api-key': expect.any(String) });
    expect(sent('getVault/probe/no-credentials')).not.toHaveProperty('authorization');
    const invalid = (id: string) => tested.run.results.find((result) => result.case.id === id)!.case.request.headers;
    expect(invalid('getVault/probe/invalid-credentials')).toMatchObject({ Authorization: 'Bearer falcon-invalid-credential' });
    expect(sent('getVault/probe/invalid-credentials').authorization).toMatch(/^Bearer /);
    // getArchive takes an API key in X-API-Key: that is what its probes leave out.
    expect(sent('getArchive/probe/no-credentials')).not.toHaveProperty('x-api-key');
    expect(invalid('getArchive/probe/invalid-credentials')).toMatchObject({ 'X-API-Key': 'falcon-invalid-credential' });
    for (const id of ['getVault/probe/no-credentials', 'getArchive/probe/invalid-credentials']) {
      expect(tested.run.results.find((result) => result.case.id === id)!.response!.status).toBe(401);
    }
    // Public operations get no probe.
    expect(tested.run.results.filter((result) => result.case.probe === 'ignored_auth').map((result) => result.case.operationId)).toEqual([
      'getVault',
      'getVault',
      'getDiary',
      'getDiary',
      'getJournal',
      'getJournal',
      'getArchive',
      'getArchive',
    ]);
  });

  it('follows the created resource: the twin deletes what the defect keeps, the twin finds what the defect loses', () => {
    const results = tested.run.results;
    expect(chainSteps(results, 'createMemo/stateful/chain-memoId').map(stepLine)).toEqual([
      'POST /memos 201',
      'GET /memos/{memoId} 200',
      'DELETE /memos/{memoId} 204',
      'GET /memos/{memoId} 404',
    ]);
    const notes = chainSteps(results, 'createNote/stateful/chain-noteId');
    expect(notes.map(stepLine)).toEqual(['POST /notes 201', 'GET /notes/{noteId} 200', 'DELETE /notes/{noteId} 204', 'GET /notes/{noteId} 200']);
    // One defect, one finding: the step's own "expects 404" is delete_effective's to report.
    expect(notes[3]!.findings).toEqual([
      {
        kind: 'delete_effective',
        message: 'answered 200 for a resource deleted by deleteNote/stateful/delete-created (which answered 204): expected it gone (404 or 410)',
      },
    ]);
    expect(chainSteps(results, 'createBadge/stateful/chain-badgeId').map(stepLine)).toEqual(['POST /badges 201', 'GET /badges/{badgeId} 200']);
    const tickets = chainSteps(results, 'createTicket/stateful/chain-ticketId');
    expect(tickets.map(stepLine)).toEqual(['POST /tickets 201', 'GET /tickets/{ticketId} 404']);
    expect(tickets[1]!.findings).toEqual([
      { kind: 'ensure_resource_availability', message: 'answered 404 for the resource createTicket/stateful/create had just created (it answered 201)' },
    ]);
  });

  it('names the undocumented method and the valid request refused', () => {
    const byId = (id: string) => tested.run.results.find((result) => result.case.id === id)!;
    expect(byId('listWidgets/probe/patch-undocumented').findings).toEqual([
      { kind: 'unsupported_method', message: 'PATCH is not documented for /widgets, but it answered 200 (expected 405 Method Not Allowed)' },
    ]);
    expect(byId('listGadgets/probe/patch-undocumented').response!.status).toBe(405);
    expect(byId('createSignup/happy/required-only').findings).toEqual([
      {
        kind: 'positive_data_acceptance',
        message: 'a valid request was rejected with 400: {"error":"nickname is required"}; it sent body {"email":"neszgy@example.com"}',
      },
    ]);
    expect(byId('createSignup/happy/valid').outcome).toBe('passed');
  });

  it("sends the probes of a check only when it is on, and leaves delete_effective to the step's expected 404 when it is off", async () => {
    const others = CHECK_NAMES.filter((name) => !['ignored_auth', 'unsupported_method', 'delete_effective', 'max_response_time'].includes(name)) as CheckName[];
    const narrowed = await testServer(server, { headers: CREDENTIALS, checks: others });
    expect(narrowed.cases.filter((testCase) => testCase.kind === 'probe')).toEqual([]);
    const found = narrowed.run.results.flatMap((result) => result.findings.map((finding) => `${result.case.id} ${finding.kind}`));
    expect(found.sort()).toEqual(
      [
        'createSignup/happy/required-only positive_data_acceptance',
        'getNote/stateful/read-deleted expected_status',
        'getTicket/stateful/read-created ensure_resource_availability',
      ].sort(),
    );
  });

  it('has nothing for the chain checks to judge without the stateful strategy, as against a stateless mock', async () => {
    const unchained = await testServer(server, { headers: CREDENTIALS, strategies: ['happy', 'negative', 'boundary'] });
    expect(unchained.cases.filter((testCase) => testCase.chain)).toEqual([]);
    const kinds = new Set(unchained.run.results.flatMap((result) => result.findings.map((finding) => finding.kind)));
    expect([...kinds].sort()).toEqual(['ignored_auth', 'positive_data_acceptance', 'unsupported_method']);
  });
});
