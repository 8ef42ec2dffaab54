import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import { startJsonServer } from '../../apis/json-server.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { chainSteps, findingKinds, stepLine, testServer } from './spec-run.js';

/** json-server stores any JSON object it is sent and validates nothing: what the spec forbids, it takes. */
describe('falcon test against json-server', () => {
  let server: SpecServer;
  let tested: SpecTestResult;
  beforeAll(async () => {
    server = await startJsonServer();
    // Its router prints the stack of each error it answers with a 500 (a body that is no object).
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      tested = await testServer(server);
    } finally {
      quiet.mockRestore();
    }
  });
  afterAll(() => server?.close());

  const ofKind = (...kinds: string[]) => tested.run.results.filter((result) => kinds.includes(result.case.kind));

  it('covers every operation; the valid cases pass but where they read back what an accepted invalid write stored', () => {
    expect(tested.run.operations).toEqual({ total: 11, covered: 11 });
    const valid = ofKind('happy', 'boundary', 'stateful');
    expect(valid.length).toBeGreaterThan(20);
    // The DELETE of post 1 goes last, so the PATCHes of post 1 answer with the number an earlier
    // negative case stored as its author.
    expect(findingKinds(valid)).toEqual({
      'updatePost/happy/valid': ['response_schema_conformance'],
      'updatePost/happy/required-only': ['response_schema_conformance'],
    });
    for (const result of valid.filter((candidate) => candidate.findings.length > 0)) {
      expect(result.findings.map((finding) => finding.message)).toEqual(['$.author: must be string, got 12345']);
    }
  });

  it('finds the invalid input it accepts, and what that input then breaks', () => {
    expect(findingKinds(ofKind('negative'))).toEqual({
      // Stored as given, whatever is missing.
      'createPost/negative/body-missing': ['negative_data_rejection'],
      'replacePost/negative/body-missing': ['negative_data_rejection'],
      'createComment/negative/body-missing': ['negative_data_rejection'],
      // Stored and answered back: the response breaks the schema too.
      'createPost/negative/title-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      'createPost/negative/author-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      'replacePost/negative/title-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      'replacePost/negative/author-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      'updatePost/negative/body-missing': ['negative_data_rejection', 'response_schema_conformance'],
      'updatePost/negative/title-wrong-type': ['negative_data_rejection', 'response_schema_conformance', 'response_schema_conformance'],
      'updatePost/negative/author-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      'createComment/negative/body-wrong-type-2': ['negative_data_rejection', 'response_schema_conformance'],
      'createComment/negative/postId-wrong-type': ['negative_data_rejection', 'response_schema_conformance'],
      // A JSON body that is no object makes it fail with a 500 and its stack trace.
      'createPost/negative/body-wrong-type': ['not_a_server_error', 'status_code_conformance'],
      'replacePost/negative/body-wrong-type': ['not_a_server_error', 'status_code_conformance'],
      'updatePost/negative/body-wrong-type': ['not_a_server_error', 'status_code_conformance'],
      'createComment/negative/body-wrong-type': ['not_a_server_error', 'status_code_conformance'],
      // So does a body that is not JSON at all (`"postId":+1`): its parser's error is answered as a 500.
      'createComment/negative/postId-plus-sign': ['not_a_server_error'],
      // An id that is no number finds no record (the documented 404), but the comments of no post are an empty list.
      'listPostComments/negative/path-postId-wrong-type': ['negative_data_rejection'],
    });
  });

  it('finds the undocumented methods it acts on, and takes the 404 its router answers to the others', () => {
    const probes = ofKind('probe');
    expect(probes.length).toBeGreaterThan(10);
    expect(probes.every((result) => result.case.probe === 'unsupported_method')).toBe(true);
    // Its nested route adds a comment to the post; its item routes change a comment in place.
    expect(findingKinds(probes)).toEqual({
      'listPostComments/probe/post-undocumented': ['unsupported_method'],
      'getComment/probe/put-undocumented': ['unsupported_method'],
      'getComment/probe/patch-undocumented': ['unsupported_method'],
    });
    expect(probes.filter((result) => result.findings.length === 0).every((result) => result.response?.status === 404)).toBe(true);
    // No valid case refused: positive_data_acceptance is quiet.
    expect(tested.run.results.filter((result) => result.findings.some((finding) => finding.kind === 'positive_data_acceptance'))).toEqual([]);
  });

  it('runs create → read → replace → update → delete → read on the post it created', () => {
    const chain = chainSteps(tested.run.results, 'createPost/stateful/chain-postId');
    expect(chain.map(stepLine)).toEqual([
      'POST /posts 201',
      'GET /posts/{postId} 200',
      'PUT /posts/{postId} 200',
      'PATCH /posts/{postId} 200',
      'DELETE /posts/{postId} 200',
      'GET /posts/{postId} 404',
    ]);
    const [created, read, replaced, updated, , gone] = chain.map(responseJson) as Array<Record<string, unknown>>;
    const id = created!.id as number;
    expect(id).toBeGreaterThan(2);
    for (const step of chain.slice(1)) expect(step.request!.url).toBe(`${server.url}/posts/${id}`);
    expect(read).toEqual(created);
    expect(replaced).toEqual({ ...requestJson(chain[2]!), id });
    expect(updated).toEqual({ ...replaced, ...requestJson(chain[3]!) });
    expect(gone).toEqual({});
  });
});

function responseJson(result: CaseResult): unknown {
  return JSON.parse(result.response!.body);
}

function requestJson(result: CaseResult): Record<string, unknown> {
  return JSON.parse(result.request!.body!) as Record<string, unknown>;
}
